import Foundation
import HTTPClient
import TMDBAPI
import Testing

@Suite("Decoding what TMDB really sends")
struct MoviePageDecodingTests {
    func hardCases() throws -> MoviePage {
        try MoviePage.decode(try Fixture.data("top_rated_hard_cases.json"))
    }

    @Test("keeps every good item and skips odd ones without failing the page, remembering positions")
    func oddItemsAreSkipped() throws {
        let page = try hardCases()
        #expect(page.results.items.map(\.value.id) == [278, 19404, 55, 78])
        #expect(page.results.items.map(\.position) == [0, 1, 2, 5])
        #expect(page.results.skipped.map(\.position) == [3, 4])
        #expect(page.results.skipped.map(\.field) == ["id", "title"])
        #expect(page.results.skipped.map(\.reason) == ["expected Int", "expected String, found null"])
    }

    @Test("reads page counts and caps the served pages at 500")
    func pageCounts() throws {
        let page = try hardCases()
        #expect(page.page == 3)
        #expect(page.totalPages == 512)
        #expect(page.totalResults == 10234)
        #expect(page.lastServedPage == 500)
    }

    @Test("reads null poster and backdrop paths as nil")
    func nullPaths() throws {
        let movie = try hardCases().results.items[0].value
        #expect(movie.posterPath == nil)
        #expect(movie.backdropPath == nil)
        #expect(movie.overview == "Framed in the 1940s, \"Andy\" …")
    }

    @Test("reads an empty release_date as nil, an integer vote_average as a number, and ignores unknown fields")
    func emptyDateIntegerVote() throws {
        let movie = try hardCases().results.items[1].value
        #expect(movie.releaseDate == nil)
        #expect(movie.voteAverage == 9)
        #expect(movie.popularity == 30)
        #expect(movie.title == "Dilwale, \"Dulhania\"\nLe Jayenge")
        #expect(movie.originalTitle == "दिलवाले दुल्हनिया ले जायेंगे")
    }

    @Test("fills defaults for a minimal item: no genres, adult flag kept, missing fields nil")
    func minimalItem() throws {
        let movie = try hardCases().results.items[2].value
        #expect(movie.title == "مرحبا 👨‍👩‍👧 🇫🇷")
        #expect(movie.adult)
        #expect(movie.genreIDs == [28])
        #expect(movie.voteAverage == nil)
        #expect(movie.releaseDate == nil)
    }

    @Test("reads zero votes and a null release date")
    func zeroes() throws {
        let movie = try hardCases().results.items[3].value
        #expect(movie.voteAverage == 0)
        #expect(movie.voteCount == 0)
        #expect(movie.releaseDate == nil)
        #expect(movie.originalTitle == "שלום")
    }

    @Test("decodes now_playing's extra dates object")
    func nowPlayingDates() throws {
        let page = try MoviePage.decode(try Fixture.data("now_playing.json"))
        #expect(page.dates?.minimum == "2026-10-20")
        #expect(page.dates?.maximum == "2026-12-01")
        #expect(page.results.items.count == 1)
    }

    @Test("fails a page whose results array is missing: that is not an odd item")
    func missingResults() {
        #expect(throws: DecodingError.self) {
            try MoviePage.decode(Data(#"{"page": 1, "total_pages": 1}"#.utf8))
        }
    }

    @Test("decodes the configuration and prefers the secure image base URL")
    func configuration() throws {
        let configuration = try JSONDecoder().decode(
            APIConfiguration.self, from: try Fixture.data("configuration.json"))
        #expect(configuration.imageBaseURL?.absoluteString == "https://image.tmdb.org/t/p/")
        #expect(configuration.images.posterSizes.contains("w342"))
    }
}
