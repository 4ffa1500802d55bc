import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Discover", .timeLimit(.minutes(15)))
struct DiscoverTests {
    static let invalidParametersBody =
        #"{"success":false,"status_code":5,"status_message":"Invalid parameters: Your request parameters are "#
        + #"incorrect."}"#

    let catalogue = SandboxCatalogue.shared

    /// A page of a discover route: ids on the page and `total_results`.
    func discover(_ server: SandboxServer, _ pathAndQuery: String) async throws -> (ids: [Int], total: Int) {
        let response = try await fetch(server, pathAndQuery)
        #expect(response.status == 200, "\(pathAndQuery)")
        let body = try jsonObject(response.body)
        let results = try #require(body["results"] as? [[String: Any]])
        return (results.compactMap { $0["id"] as? Int }, try #require(body["total_results"] as? Int))
    }

    /// Reference order of a movie sort, written here apart from the sandbox's own: key, then id.
    static func movieOrder(_ sort: SandboxMovieDiscovery.Sort) -> (SandboxMovie, SandboxMovie) -> Bool {
        switch sort.key {
        case .popularity: return by(\.popularity, descending: sort.descending)
        case .voteAverage: return by(\.voteAverage, descending: sort.descending)
        case .voteCount: return by(\.voteCount, descending: sort.descending)
        case .date: return byDate(\.releaseDate, descending: sort.descending)
        case .name: return by({ UTF8Key($0.title) }, descending: sort.descending)
        }
    }

    /// Reference order of a TV sort.
    static func showOrder(_ sort: SandboxShowDiscovery.Sort) -> (SandboxShow, SandboxShow) -> Bool {
        switch sort.key {
        case .popularity: return by(\.popularity, descending: sort.descending)
        case .voteAverage: return by(\.voteAverage, descending: sort.descending)
        case .voteCount: return by(\.voteCount, descending: sort.descending)
        case .date: return byDate(\.firstAirDate, descending: sort.descending)
        case .name: return by({ UTF8Key($0.name) }, descending: sort.descending)
        }
    }

    @Test("takes TMDB's ten sort_by values on each route, and only those")
    func sortByValues() {
        let common = [
            "popularity.desc", "popularity.asc", "vote_average.desc", "vote_average.asc", "vote_count.desc",
            "vote_count.asc",
        ]
        #expect(
            SandboxMovieDiscovery.Sort.allCases.map(\.rawValue)
                == common + ["primary_release_date.desc", "primary_release_date.asc", "title.desc", "title.asc"])
        #expect(
            SandboxShowDiscovery.Sort.allCases.map(\.rawValue)
                == common + ["first_air_date.desc", "first_air_date.asc", "name.desc", "name.asc"])
        #expect(SandboxMovieDiscovery.Sort(rawValue: "name.asc") == nil)
        #expect(SandboxShowDiscovery.Sort(rawValue: "title.asc") == nil)
        #expect(SandboxMovieDiscovery().sort.rawValue == "popularity.desc")
    }

    @Test("sorts non-adult movies by every sort_by, ties by id", arguments: SandboxMovieDiscovery.Sort.allCases)
    func movieSorts(sort: SandboxMovieDiscovery.Sort) async throws {
        let expected = catalogue.movies.filter { !$0.adult }.sorted(by: Self.movieOrder(sort)).map(\.id)
        try await withSandbox { server in
            for page in [1, 7] {
                let found = try await discover(server, "/3/discover/movie?sort_by=\(sort.rawValue)&page=\(page)")
                #expect(found.ids == Array(expected[(page - 1) * 20..<page * 20]))
                #expect(found.total == expected.count)
            }
        }
        #expect(catalogue.discoverMovies(with { $0.sort = sort }).map { catalogue.movies[$0].id } == expected)
    }

    @Test("defaults to popularity.desc without adult movies")
    func movieDefaults() async throws {
        try await withSandbox { server in
            let plain = try await discover(server, "/3/discover/movie")
            let explicit = try await discover(server, "/3/discover/movie?sort_by=popularity.desc&include_adult=false")
            #expect(plain.ids == explicit.ids && plain.total == explicit.total)
            #expect(plain.total == catalogue.movies.filter { !$0.adult }.count)
            let expected = catalogue.list(.popular).map { catalogue.movies[$0] }.filter { !$0.adult }.prefix(20)
            #expect(plain.ids == expected.map(\.id))
            let adult = try await discover(server, "/3/discover/movie?include_adult=true")
            #expect(adult.total == catalogue.movies.count)
            #expect(adult.ids == catalogue.page(1, of: .popular).map(\.id))
        }
    }

    @Test(
        "filters by with_genres: comma for all of, pipe for any of",
        arguments: [("28,12", [[28], [12]]), ("28|12", [[28, 12]]), ("18,80|53", [[18], [80, 53]]), ("99", [[99]])])
    func movieGenres(value: String, groups: [[Int]]) async throws {
        let expected = catalogue.list(.popular).map { catalogue.movies[$0] }.filter { movie in
            !movie.adult && groups.allSatisfy { group in group.contains { movie.genreIds.contains($0) } }
        }
        #expect(!expected.isEmpty)
        try await withSandbox { server in
            let query = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let found = try await discover(server, "/3/discover/movie?with_genres=\(query)&page=2")
            #expect(found.total == expected.count)
            #expect(found.ids == expected.dropFirst(20).prefix(20).map(\.id))
        }
    }

    @Test("tells all-of from any-of: 28,12 selects fewer movies than 28|12")
    func allOfIsNarrowerThanAnyOf() async throws {
        try await withSandbox { server in
            let all = try await discover(server, "/3/discover/movie?with_genres=28%2C12")
            let any = try await discover(server, "/3/discover/movie?with_genres=28%7C12")
            #expect(all.total > 0)
            #expect(all.total < any.total)
            for id in all.ids {
                let genres = try #require(catalogue.movies.first { $0.id == id }).genreIds
                #expect(genres.contains(28) && genres.contains(12))
            }
        }
    }

    @Test("filters by year, primary_release_year and vote thresholds")
    func movieYearAndVotes() async throws {
        try await withSandbox { server in
            for name in ["primary_release_year", "year"] {
                let expected = catalogue.list(.popular).map { catalogue.movies[$0] }
                    .filter { !$0.adult && $0.releaseDate.hasPrefix("1999-") }
                let found = try await discover(server, "/3/discover/movie?\(name)=1999")
                #expect(found.total == expected.count && found.total > 0)
                #expect(found.ids == expected.prefix(20).map(\.id))
            }
            let expected = catalogue.movies.filter { !$0.adult && $0.voteCount >= 20_000 && $0.voteAverage >= 7.5 }
                .sorted(by: Self.movieOrder(.init(key: .voteAverage, descending: true)))
            let found = try await discover(
                server, "/3/discover/movie?vote_count.gte=20000&vote_average.gte=7.5&sort_by=vote_average.desc")
            #expect(found.total == expected.count && found.total > 0)
            #expect(found.ids == expected.prefix(20).map(\.id))
        }
    }

    @Test("ignores unknown parameters, as TMDB does")
    func unknownParameters() async throws {
        try await withSandbox { server in
            let plain = try await discover(server, "/3/discover/movie?page=3")
            let extra = try await discover(server, "/3/discover/movie?page=3&with_cast=287&region=US&language=fr-FR")
            #expect(plain.ids == extra.ids && plain.total == extra.total)
        }
    }

    @Test("answers no match with an empty first page")
    func noMatch() async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/discover/movie?with_genres=12345")
            #expect(
                String(decoding: response.body, as: UTF8.self)
                    == #"{"page":1,"results":[],"total_pages":1,"total_results":0}"#)
        }
    }

    @Test(
        "answers an unusable parameter with 422 and TMDB's status 5 body",
        arguments: [
            "/3/discover/movie?sort_by=rating.desc", "/3/discover/movie?sort_by=name.asc",
            "/3/discover/movie?primary_release_year=MCMXCIX", "/3/discover/movie?vote_count.gte=many",
            "/3/discover/movie?with_genres=action", "/3/discover/movie?include_adult=yes",
            "/3/discover/tv?sort_by=title.asc", "/3/discover/tv?first_air_date_year=soon",
        ])
    func invalidParameters(pathAndQuery: String) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, pathAndQuery)
            #expect(response.status == 422)
            #expect(String(decoding: response.body, as: UTF8.self) == Self.invalidParametersBody)
        }
    }

    @Test("checks the page before anything else")
    func invalidPage() async throws {
        try await withSandbox { server in
            let movies = try await fetch(server, "/3/discover/movie?page=501&sort_by=nonsense")
            #expect(movies.status == 422)
            #expect(String(decoding: movies.body, as: UTF8.self) == MovieListPageTests.pageAboveMaximumBody)
            let shows = try await fetch(server, "/3/discover/tv?page=0")
            #expect(shows.status == 400)
        }
    }

    @Test("sorts shows by every sort_by, ties by id", arguments: SandboxShowDiscovery.Sort.allCases)
    func showSorts(sort: SandboxShowDiscovery.Sort) async throws {
        let expected = catalogue.shows.filter { !$0.adult }.sorted(by: Self.showOrder(sort)).map(\.id)
        try await withSandbox { server in
            for page in [1, 4] {
                let found = try await discover(server, "/3/discover/tv?sort_by=\(sort.rawValue)&page=\(page)")
                #expect(found.ids == Array(expected[(page - 1) * 20..<page * 20]))
                #expect(found.total == expected.count)
            }
        }
    }

    @Test("filters shows by with_genres, first_air_date_year and vote_count.gte")
    func showFilters() async throws {
        let popular = catalogue.tvList(.popular).map { catalogue.shows[$0] }.filter { !$0.adult }
        try await withSandbox { server in
            let cases: [(String, (SandboxShow) -> Bool)] = [
                ("with_genres=10759%2C18", { $0.genreIds.contains(10759) && $0.genreIds.contains(18) }),
                ("with_genres=10762%7C10751", { $0.genreIds.contains(10762) || $0.genreIds.contains(10751) }),
                ("first_air_date_year=2005", { $0.firstAirDate.hasPrefix("2005-") }),
                ("vote_count.gte=15000", { $0.voteCount >= 15_000 }),
                (
                    "with_genres=35&first_air_date_year=2010",
                    { $0.genreIds.contains(35) && $0.firstAirDate.hasPrefix("2010") }
                ),
            ]
            for (query, passes) in cases {
                let expected = popular.filter(passes)
                let found = try await discover(server, "/3/discover/tv?\(query)")
                #expect(found.total == expected.count, "\(query)")
                #expect(found.ids == expected.prefix(20).map(\.id), "\(query)")
                #expect(found.total > 0, "\(query)")
            }
            let adult = try await discover(server, "/3/discover/tv?include_adult=true")
            #expect(adult.total == catalogue.shows.count)
        }
    }

    @Test("serves the hard cases of TV discover readable exactly")
    func showHardCases() async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/discover/tv?include_adult=true")
            let results = try #require(try jsonObject(response.body)["results"] as? [[String: Any]])
            expectShows(results, equal: catalogue.tvPage(1, of: .popular))
        }
    }

    private func with(_ configure: (inout SandboxMovieDiscovery) -> Void) -> SandboxMovieDiscovery {
        var discovery = SandboxMovieDiscovery()
        configure(&discovery)
        return discovery
    }

    private static func by<Entry, Key: Comparable>(
        _ key: @escaping (Entry) -> Key, descending: Bool
    ) -> (Entry, Entry) -> Bool {
        { left, right in
            let (a, b) = (key(left), key(right))
            if a != b { return descending ? a > b : a < b }
            return id(left) < id(right)
        }
    }

    private static func byDate<Entry>(
        _ date: @escaping (Entry) -> String, descending: Bool
    ) -> (Entry, Entry) -> Bool {
        { left, right in
            let (a, b) = (date(left), date(right))
            if a.isEmpty != b.isEmpty { return b.isEmpty }
            if a != b { return descending ? a > b : a < b }
            return id(left) < id(right)
        }
    }

    private static func id<Entry>(_ entry: Entry) -> Int {
        (entry as? SandboxMovie)?.id ?? (entry as! SandboxShow).id
    }
}

/// Text compared by its UTF-8 bytes, the order the sandbox documents for title and name sorts.
private struct UTF8Key: Comparable {
    let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    static func < (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}
