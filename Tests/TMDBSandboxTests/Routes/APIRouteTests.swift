import Testing

@testable import TMDBSandbox

@Suite("API routes")
struct APIRouteTests {
    static let catalogue = SandboxCatalogue.shared

    static let known: [(String, APIRoute)] = [
        ("/3/configuration", .configuration),
        ("/3/genre/movie/list", .movieGenres),
        ("/3/genre/tv/list", .tvGenres),
        ("/3/movie/popular", .movieList(.popular)),
        ("/3/movie/upcoming", .movieList(.upcoming)),
        ("/3/movie/100", .movieDetails(index: 0)),
        ("/3/movie/72893", .movieDetails(index: 10_399)),
        ("/3/movie/107/recommendations", .recommendations(index: 1)),
        ("/3/movie/114/similar", .similar(index: 2)),
        ("/3/tv/popular", .tvList(.popular)),
        ("/3/tv/airing_today", .tvList(.airingToday)),
        ("/3/trending/movie/day", .trendingMovies(.day)),
        ("/3/trending/tv/week", .trendingShows(.week)),
        ("/3/discover/movie", .discoverMovies),
        ("/3/discover/tv", .discoverShows),
        ("/3/search/movie", .searchMovies),
        ("/3/search/tv", .searchShows),
        ("/3/movie/changes", .changes(.movie)),
        ("/3/tv/changes", .changes(.series)),
        ("/3/person/changes", .personChanges),
    ]

    @Test("parse every path the sandbox serves", arguments: known.map(\.0))
    func knownPaths(path: String) throws {
        let expected = try #require(Self.known.first { $0.0 == path }).1
        #expect(APIRoute(path: path, catalogue: Self.catalogue) == expected)
    }

    @Test(
        "parse nothing else",
        arguments: [
            "/3", "/3/", "/configuration", "/4/movie/popular", "/3/movie", "/3/movie/", "/3/movie/popular/",
            "/3/movie/latest", "/3/movie/101", "/3/movie/72900", "/3/movie/0100x", "/3/movie/１００",
            "/3/movie/100/reviews", "/3/tv/100", "/3/tv/popular/1", "/3/trending/all/day", "/3/trending/movie/month",
            "/3/discover/person", "/3/search/multi", "/3/genre/person/list", "/3/genre/tv", "//3/movie/popular",
            "/3/person/popular", "/3/person/1000", "/3/person/changes/1", "/3/movie/changes/1",
        ])
    func unknownPaths(path: String) {
        #expect(APIRoute(path: path, catalogue: Self.catalogue) == nil)
    }
}
