import Foundation
import HTTPClient
import TMDBAPI
import Testing

@Suite("Catalogue details endpoint")
struct CatalogueDetailsEndpointTests {
    let client = APIClient(baseURL: TMDB.apiBaseURL, credentials: .bearerToken("TOKEN"), transport: NoTransport())

    struct NoTransport: HTTPTransport {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw CancellationError() }
    }

    @Test(
        "builds the details URL with the appended resources in the order given, and language",
        arguments: [
            (
                TMDB.CatalogueDetails(type: .movie, id: 550, appending: AppendedResource.supported(by: .movie)),
                "movie/550?append_to_response=credits,keywords,external_ids,release_dates&language=en-US"
            ),
            (
                TMDB.CatalogueDetails(type: .tv, id: 1399, appending: [.contentRatings, .aggregateCredits]),
                "tv/1399?append_to_response=content_ratings,aggregate_credits&language=en-US"
            ),
            (TMDB.CatalogueDetails(type: .movie, id: 2, language: "de-DE"), "movie/2?language=de-DE"),
        ])
    func url(endpoint: TMDB.CatalogueDetails, expected: String) {
        #expect(
            client.url(for: endpoint)?.absoluteString.removingPercentEncoding == "https://api.themoviedb.org/3/"
                + expected)
    }

    @Test("hands back the body exactly as received")
    func rawBody() throws {
        let body = Data("{ \"id\" : 1 }".utf8)
        let response = HTTPResponse(status: 200, body: body)
        #expect(try TMDB.CatalogueDetails(type: .tv, id: 1).decodeResponse(response) == body)
    }

    @Test("lists the resources TMDB appends to each type")
    func supported() {
        #expect(
            AppendedResource.supported(by: .movie).map(\.rawValue) == [
                "credits", "keywords", "external_ids", "release_dates",
            ])
        #expect(
            AppendedResource.supported(by: .tv).map(\.rawValue) == [
                "aggregate_credits", "keywords", "external_ids", "content_ratings",
            ])
    }
}
