import Foundation
import HTTPClient
import TMDBAPI
import Testing

@Suite("URLs of TV, trending, discover, search, related and details endpoints")
struct ListEndpointURLTests {
    struct NoTransport: HTTPTransport {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw CancellationError() }
    }

    let client = APIClient(baseURL: TMDB.apiBaseURL, credentials: .apiKey("KEY"), transport: NoTransport())

    func url<E: Endpoint>(_ endpoint: E) -> String? {
        client.url(for: endpoint)?.absoluteString.replacingOccurrences(of: "https://api.themoviedb.org/3/", with: "")
    }

    @Test("builds each TV list's URL", arguments: TMDB.TVList.Kind.allCases)
    func tvLists(kind: TMDB.TVList.Kind) {
        #expect(url(TMDB.TVList(kind, page: 3, language: "fr-FR")) == "\(kind.rawValue)?page=3&language=fr-FR")
    }

    @Test("builds trending URLs for both media types and windows")
    func trending() {
        #expect(url(TMDB.Trending<Movie>(.day, page: 1)) == "trending/movie/day?page=1&language=en-US")
        #expect(url(TMDB.Trending<TVShow>(.week, page: 2)) == "trending/tv/week?page=2&language=en-US")
    }

    @Test("passes discover parameters as query items in order, before page and language, with region for movies only")
    func discover() {
        let parameters = [
            URLQueryItem(name: "with_genres", value: "18|35"),
            URLQueryItem(name: "primary_release_year", value: "1999"),
            URLQueryItem(name: "sort_by", value: "vote_average.desc"),
        ]
        #expect(
            url(TMDB.Discover<Movie>(parameters: parameters, page: 2, region: "US"))
                == "discover/movie?with_genres=18%7C35&primary_release_year=1999&sort_by=vote_average.desc&page=2&language=en-US&region=US"
        )
        #expect(
            url(
                TMDB.Discover<TVShow>(
                    parameters: [URLQueryItem(name: "first_air_date_year", value: "2020")], page: 1, region: "US"))
                == "discover/tv?first_air_date_year=2020&page=1&language=en-US")
    }

    @Test("sends the search query encoded, with region for movies only")
    func search() {
        #expect(
            url(TMDB.Search<Movie>(query: "star wars: a new hope & more", page: 1, region: "GB"))
                == "search/movie?query=star%20wars%3A%20a%20new%20hope%20%26%20more&page=1&language=en-US&region=GB")
        #expect(
            url(TMDB.Search<TVShow>(query: "東京", page: 4)) == "search/tv?query=%E6%9D%B1%E4%BA%AC&page=4&language=en-US"
        )
    }

    @Test("builds recommendations, similar, details and TV genre URLs")
    func related() {
        #expect(
            url(TMDB.RelatedMovies(movieID: 550, kind: .recommendations, page: 2))
                == "movie/550/recommendations?page=2&language=en-US")
        #expect(
            url(TMDB.RelatedMovies(movieID: 550, kind: .similar, page: 1)) == "movie/550/similar?page=1&language=en-US")
        #expect(url(TMDB.Details(movieID: 550, language: "de-DE")) == "movie/550?language=de-DE")
        #expect(url(TMDB.Genres(.tv, language: "ja")) == "genre/tv/list?language=ja")
    }

    @Test("adds the API key after every endpoint's own query items")
    func credentials() throws {
        let request = try client.request(for: TMDB.Search<Movie>(query: "x", page: 1))
        #expect(request.url.absoluteString.hasSuffix("search/movie?query=x&page=1&language=en-US&api_key=KEY"))
    }
}
