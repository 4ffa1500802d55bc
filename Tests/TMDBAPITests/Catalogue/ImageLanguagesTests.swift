import Foundation
import HTTPClient
import TMDBAPI
import Testing

@Suite("Image languages")
struct ImageLanguagesTests {
    @Test("lists each ISO 639-1 code once, lowercase, then TMDB's four extras and null")
    func list() {
        #expect(ImageLanguages.isoCodes.count == 184)
        #expect(Set(ImageLanguages.every).count == ImageLanguages.every.count)
        #expect(ImageLanguages.isoCodes == ImageLanguages.isoCodes.sorted())
        #expect(
            ImageLanguages.isoCodes.allSatisfy { $0.count == 2 && $0.allSatisfy { $0.isLowercase && $0.isASCII } })
        #expect(ImageLanguages.every.suffix(5) == ["cn", "mo", "sh", "xx", "null"])
    }

    @Test("sends include_image_language only when images are appended, and the whole list stays a short URL")
    func query() throws {
        let client = APIClient(
            baseURL: TMDB.apiBaseURL, credentials: .bearerToken("TOKEN"),
            transport: CatalogueDetailsEndpointTests.NoTransport())
        let narrowed = TMDB.Details<Data>(
            type: .movie, id: 550, appending: [.images], includeImageLanguage: ["en", "null"])
        #expect(
            client.url(for: narrowed)?.absoluteString.removingPercentEncoding
                == "https://api.themoviedb.org/3/movie/550?append_to_response=images&language=en-US"
                + "&include_image_language=en,null")
        let withoutImages = TMDB.Details<Data>(
            type: .movie, id: 550, appending: [.videos], includeImageLanguage: ["en", "null"])
        #expect(client.url(for: withoutImages)?.query?.contains("include_image_language") == false)
        let every = TMDB.Details<Data>(
            type: .tv, id: 1399, appending: AppendedResource.supported(by: .tv),
            includeImageLanguage: ImageLanguages.every)
        let url = try #require(client.url(for: every)?.absoluteString)
        #expect(url.removingPercentEncoding?.contains("&include_image_language=aa,ab,ae,") == true)
        // The whole URL, its commas sent as %2C: 1,202 bytes, well under the sandbox's 16 KB head and 8 KB URLs.
        #expect(url.utf8.count < 1_500, "\(url.utf8.count)")
    }
}
