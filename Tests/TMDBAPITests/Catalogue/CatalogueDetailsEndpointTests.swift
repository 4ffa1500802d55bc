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
                TMDB.Details<Data>(type: .movie, id: 550, appending: AppendedResource.supported(by: .movie)),
                "movie/550?append_to_response=credits,keywords,external_ids,release_dates,alternative_titles,translations,"
                    + "videos,images,recommendations,similar,watch/providers&language=en-US"
            ),
            (
                TMDB.Details<Data>(type: .tv, id: 1399, appending: [.contentRatings, .aggregateCredits]),
                "tv/1399?append_to_response=content_ratings,aggregate_credits&language=en-US"
            ),
            (TMDB.Details<Data>(type: .movie, id: 2, language: "de-DE"), "movie/2?language=de-DE"),
        ])
    func url(endpoint: TMDB.Details<Data>, expected: String) {
        #expect(
            client.url(for: endpoint)?.absoluteString.removingPercentEncoding == "https://api.themoviedb.org/3/"
                + expected)
    }

    @Test("hands back the body exactly as received")
    func rawBody() throws {
        let body = Data("{ \"id\" : 1 }".utf8)
        let response = HTTPResponse(status: 200, body: body)
        #expect(try TMDB.Details<Data>(type: .tv, id: 1).decodeResponse(response) == body)
    }

    @Test("asks for a list's movie details exactly as for a catalogue's movie with nothing appended")
    func listsDetails() {
        let lists = TMDB.Details<MovieRecord>(movieID: 550, language: "de-DE")
        #expect(client.url(for: lists) == client.url(for: TMDB.Details<Data>(type: .movie, id: 550, language: "de-DE")))
        #expect(client.url(for: lists)?.absoluteString == "https://api.themoviedb.org/3/movie/550?language=de-DE")
    }

    @Test("reads a list's movie details as a movie record, and fails on an answer that is not one")
    func listsDetailsBody() throws {
        let endpoint = TMDB.Details(movieID: 550)
        let record = try endpoint.decodeResponse(
            HTTPResponse(status: 200, body: try Fixture.data("movie_details.json")))
        #expect(record.id == 550)
        #expect(record.title == "Fight Club")
        #expect(throws: CatalogueRecordError.self) {
            try endpoint.decodeResponse(HTTPResponse(status: 200, body: Data(#"{"id": "550"}"#.utf8)))
        }
    }

    @Test("lists the resources a catalogue of each type may ask for, the series' episodes last")
    func supported() {
        #expect(
            AppendedResource.supported(by: .movie).map(\.rawValue) == [
                "credits", "keywords", "external_ids", "release_dates", "alternative_titles", "translations", "videos",
                "images", "recommendations", "similar", "watch/providers",
            ])
        #expect(
            AppendedResource.supported(by: .tv).map(\.rawValue) == [
                "aggregate_credits", "keywords", "external_ids", "content_ratings", "alternative_titles",
                "translations", "videos", "images", "recommendations", "similar", "watch/providers", "episodes",
            ])
    }
}
