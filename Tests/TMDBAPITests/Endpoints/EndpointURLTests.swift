import Foundation
import HTTPClient
import TMDBAPI
import Testing

@Suite("TMDB endpoint URLs and authentication")
struct EndpointURLTests {
    let client = APIClient(baseURL: TMDB.apiBaseURL, credentials: .apiKey("KEY"), transport: NoTransport())
    let tokenClient = APIClient(baseURL: TMDB.apiBaseURL, credentials: .bearerToken("TOKEN"), transport: NoTransport())

    struct NoTransport: HTTPTransport {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw CancellationError() }
    }

    @Test(
        "builds each movie list's URL with page, language and optional region",
        arguments: [
            (TMDB.MovieList(.popular, page: 1), "movie/popular?page=1&language=en-US"),
            (TMDB.MovieList(.topRated, page: 25, language: "ja-JP"), "movie/top_rated?page=25&language=ja-JP"),
            (TMDB.MovieList(.nowPlaying, page: 2, region: "US"), "movie/now_playing?page=2&language=en-US&region=US"),
            (
                TMDB.MovieList(.upcoming, page: 500, language: "fr", region: "FR"),
                "movie/upcoming?page=500&language=fr&region=FR"
            ),
        ])
    func movieListURLs(endpoint: TMDB.MovieList, expected: String) throws {
        #expect(client.url(for: endpoint)?.absoluteString == "https://api.themoviedb.org/3/" + expected)
        let keyed = try client.request(for: endpoint)
        #expect(keyed.url.absoluteString == "https://api.themoviedb.org/3/" + expected + "&api_key=KEY")
        let tokened = try tokenClient.request(for: endpoint)
        #expect(tokened.url.absoluteString == "https://api.themoviedb.org/3/" + expected)
        #expect(tokened.headers["Authorization"] == "Bearer TOKEN")
    }

    @Test("builds the configuration and genre list URLs")
    func setupURLs() throws {
        #expect(client.url(for: TMDB.Configuration())?.absoluteString == "https://api.themoviedb.org/3/configuration")
        #expect(
            client.url(for: TMDB.Genres(.movie, language: "de-DE"))?.absoluteString
                == "https://api.themoviedb.org/3/genre/movie/list?language=de-DE")
        #expect(try client.request(for: TMDB.Configuration()).url.absoluteString.hasSuffix("configuration?api_key=KEY"))
    }

    @Test("builds a poster URL under the image base URL, with no credentials on the image client")
    func posterURL() throws {
        let images = APIClient(
            baseURL: URL(string: "https://image.tmdb.org/t/p/")!, credentials: nil, transport: NoTransport())
        let request = try images.request(for: TMDB.PosterImage(size: "w342", posterPath: "/abc.jpg"))
        #expect(request.url.absoluteString == "https://image.tmdb.org/t/p/w342/abc.jpg")
        #expect(request.headers["Authorization"] == nil)
    }

    @Test("names every movie list by its endpoint path")
    func listNames() {
        #expect(
            TMDB.MovieList.Kind.allCases.map(\.rawValue) == [
                "movie/popular", "movie/top_rated", "movie/now_playing", "movie/upcoming",
            ])
    }
}
