import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("JSON of the new routes", .timeLimit(.minutes(15)))
struct RouteJSONTests {
    /// What a route's page 1 should hold, from the catalogue's public API.
    enum Expected: Sendable {
        case movies([SandboxMovie])
        case shows([SandboxShow])
    }

    static let catalogue = SandboxCatalogue.shared

    static func movies(_ indices: some Collection<Int>) -> Expected {
        .movies(indices.prefix(20).map { catalogue.movies[$0] })
    }

    static func shows(_ indices: some Collection<Int>) -> Expected {
        .shows(indices.prefix(20).map { catalogue.shows[$0] })
    }

    static let pagedRoutes: [(String, Expected)] = {
        var discovery = SandboxMovieDiscovery()
        discovery.includeAdult = true
        var showDiscovery = SandboxShowDiscovery()
        showDiscovery.includeAdult = true
        let hardMovie = catalogue.movies[0].id
        var routes: [(String, Expected)] = SandboxTVList.allCases.map {
            ("/3/tv/\($0.rawValue)", shows(catalogue.tvList($0)))
        }
        for window in SandboxTrendingWindow.allCases {
            routes.append(("/3/trending/movie/\(window.rawValue)", movies(catalogue.trendingMovies(window))))
            routes.append(("/3/trending/tv/\(window.rawValue)", shows(catalogue.trendingShows(window))))
        }
        routes += [
            ("/3/discover/movie?include_adult=true", movies(catalogue.discoverMovies(discovery))),
            ("/3/discover/tv?include_adult=true", shows(catalogue.discoverShows(showDiscovery))),
            ("/3/search/movie?query=e&include_adult=true", movies(catalogue.searchMovies("e", includeAdult: true))),
            ("/3/search/tv?query=%22", shows(catalogue.searchShows("\""))),
            ("/3/movie/\(hardMovie)/recommendations", movies(catalogue.recommendations(forMovieId: hardMovie)!)),
            ("/3/movie/\(hardMovie)/similar", movies(catalogue.similarMovies(toMovieId: hardMovie)!)),
        ]
        return routes
    }()

    @Test("parses and reads back every value of page 1, hard cases included", arguments: pagedRoutes.map(\.0))
    func pagedRoute(target: String) async throws {
        let expected = try #require(Self.pagedRoutes.first { $0.0 == target }).1
        try await withSandbox { server in
            let response = try await fetch(server, target)
            #expect(response.status == 200)
            let body = try jsonObject(response.body)
            let results = try #require(body["results"] as? [[String: Any]])
            switch expected {
            case .movies(let movies): expectMovies(results, equal: movies)
            case .shows(let shows): expectShows(results, equal: shows)
            }
        }
    }

    @Test("puts hard cases on page 1 of the TV lists, discover and search")
    func hardCasesAreServed() {
        let hardNames = Set(ShowHardCase.all.map(\.name))
        for (target, expected) in Self.pagedRoutes {
            guard case .shows(let shows) = expected, !target.contains("airing"), !target.contains("on_the_air") else {
                continue
            }
            #expect(shows.contains { hardNames.contains($0.name) }, "\(target)")
        }
    }

    @Test("parses the details of every hard case and reads back its text exactly", arguments: Array(0..<20))
    func details(index: Int) async throws {
        let details = try #require(Self.catalogue.movieDetails(id: Self.catalogue.movies[index].id))
        try await withSandbox { server in
            let response = try await fetch(server, "/3/movie/\(details.movie.id)")
            let body = try jsonObject(response.body)
            #expect(body["title"] as? String == details.movie.title)
            #expect(body["overview"] as? String == details.movie.overview)
            #expect(body["tagline"] as? String == details.tagline)
            let collection = body["belongs_to_collection"] as? [String: Any]
            #expect(collection?["name"] as? String == details.collection?.name)
            #expect((body["belongs_to_collection"] is NSNull) == (details.collection == nil))
        }
    }

    @Test("serves TMDB's TV genre list")
    func tvGenres() async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/genre/tv/list?language=en-US")
            #expect(response.status == 200)
            let genres = try #require(try jsonObject(response.body)["genres"] as? [[String: Any]])
            let expected: [(Int, String)] = [
                (10759, "Action & Adventure"), (16, "Animation"), (35, "Comedy"), (80, "Crime"), (99, "Documentary"),
                (18, "Drama"), (10751, "Family"), (10762, "Kids"), (9648, "Mystery"), (10763, "News"),
                (10764, "Reality"), (10765, "Sci-Fi & Fantasy"), (10766, "Soap"), (10767, "Talk"),
                (10768, "War & Politics"), (37, "Western"),
            ]
            #expect(genres.map { $0["id"] as? Int } == expected.map(\.0))
            #expect(genres.map { $0["name"] as? String } == expected.map(\.1))
            #expect(genres.allSatisfy { Set($0.keys) == ["id", "name"] })
        }
    }
}
