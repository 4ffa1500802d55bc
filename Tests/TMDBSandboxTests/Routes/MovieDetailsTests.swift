import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Movie details", .timeLimit(.minutes(15)))
struct MovieDetailsTests {
    static let keys = [
        "adult", "backdrop_path", "belongs_to_collection", "budget", "genres", "homepage", "id", "imdb_id",
        "origin_country", "original_language", "original_title", "overview", "popularity", "poster_path",
        "production_companies", "production_countries", "release_date", "revenue", "runtime", "spoken_languages",
        "status", "tagline", "title", "video", "vote_average", "vote_count",
    ]

    let catalogue = SandboxCatalogue.shared

    @Test("have TMDB's keys in TMDB's order", arguments: [0, 1, 12, 4_321])
    func keyOrder(index: Int) async throws {
        let movie = catalogue.movies[index]
        try await withSandbox { server in
            let response = try await fetch(server, "/3/movie/\(movie.id)?language=en-US")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json;charset=utf-8")
            let body = try jsonObject(response.body)
            #expect(Set(body.keys) == Set(Self.keys))
            // Top-level keys only: each is found after the previous one, starting from the opening brace.
            let text = String(decoding: response.body, as: UTF8.self)
            var position = text.startIndex
            for key in Self.keys {
                let found = try #require(text.range(of: "\"\(key)\":", range: position..<text.endIndex), "\(key)")
                position = found.upperBound
            }
        }
    }

    @Test("agree with the movie's list entry", arguments: Array(0..<20) + [137, 2_500, 10_399])
    func consistentWithLists(index: Int) async throws {
        let movie = catalogue.movies[index]
        try await withSandbox { server in
            let body = try jsonObject(try await fetch(server, "/3/movie/\(movie.id)").body)
            #expect(body["id"] as? Int == movie.id)
            #expect(body["title"] as? String == movie.title)
            #expect(body["original_title"] as? String == movie.originalTitle)
            #expect(body["original_language"] as? String == movie.originalLanguage)
            #expect(body["overview"] as? String == movie.overview)
            #expect(body["release_date"] as? String == movie.releaseDate)
            #expect(body["poster_path"] as? String == movie.posterPath)
            #expect(body["backdrop_path"] as? String == movie.backdropPath)
            #expect((body["vote_average"] as? NSNumber)?.doubleValue == movie.voteAverage)
            #expect(body["vote_count"] as? Int == movie.voteCount)
            #expect((body["popularity"] as? NSNumber)?.doubleValue == movie.popularity)
            #expect(body["adult"] as? Bool == movie.adult)
            #expect(body["video"] as? Bool == false)
            let genres = try #require(body["genres"] as? [[String: Any]])
            #expect(genres.map { $0["id"] as? Int } == movie.genreIds)
            let names = Dictionary(uniqueKeysWithValues: SandboxGenre.all.map { ($0.id, $0.name) })
            #expect(genres.map { $0["name"] as? String } == movie.genreIds.map { names[$0] })
        }
    }

    @Test("match the catalogue's details value, hard cases read back exactly", arguments: Array(0..<20))
    func matchDetailsValue(index: Int) async throws {
        let details = try #require(catalogue.movieDetails(id: catalogue.movies[index].id))
        try await withSandbox { server in
            let body = try jsonObject(try await fetch(server, "/3/movie/\(details.movie.id)").body)
            #expect(body["tagline"] as? String == details.tagline)
            #expect(body["status"] as? String == details.status.rawValue)
            #expect(body["budget"] as? Int == details.budget)
            #expect(body["revenue"] as? Int == details.revenue)
            #expect(body["runtime"] as? Int == details.runtime ?? 0, "0 when unknown, as TMDB sends it")
            #expect(body["homepage"] as? String == details.homepage)
            #expect(body["imdb_id"] as? String == details.imdbId)
            #expect(body["origin_country"] as? [String] == details.originCountry)
            let collection = body["belongs_to_collection"] as? [String: Any]
            #expect(collection?["name"] as? String == details.collection?.name)
            #expect(collection?["id"] as? Int == details.collection?.id)
            let companies = try #require(body["production_companies"] as? [[String: Any]])
            #expect(companies.map { $0["name"] as? String } == details.productionCompanies.map(\.name))
            #expect(companies.map { $0["logo_path"] as? String } == details.productionCompanies.map(\.logoPath))
            let countries = try #require(body["production_countries"] as? [[String: Any]])
            #expect(countries.map { $0["iso_3166_1"] as? String } == details.productionCountries.map(\.iso3166Code))
            let languages = try #require(body["spoken_languages"] as? [[String: Any]])
            #expect(languages.map { $0["name"] as? String } == details.spokenLanguages.map(\.name))
            #expect(languages.first?["iso_639_1"] as? String == details.movie.originalLanguage)
        }
    }

    /// Each expected variety across the catalogue, as a predicate on details.
    static let varieties: [(String, @Sendable (SandboxMovieDetails) -> Bool)] = [
        ("a collection", { $0.collection != nil }),
        ("no collection", { $0.collection == nil }),
        ("a collection without a poster", { $0.collection != nil && $0.collection?.posterPath == nil }),
        ("a zero budget", { $0.budget == 0 }),
        ("a budget", { $0.budget > 0 }),
        ("an empty homepage", { $0.homepage.isEmpty }),
        ("no IMDb id", { $0.imdbId == nil }),
        ("no runtime", { $0.runtime == nil }),
        ("no production company", { $0.productionCompanies.isEmpty }),
        ("a company without a logo", { $0.productionCompanies.contains { $0.logoPath == nil } }),
        ("a company without a country", { $0.productionCompanies.contains { $0.originCountry.isEmpty } }),
        ("no production country", { $0.productionCountries.isEmpty && $0.originCountry.isEmpty }),
        ("two production countries", { $0.productionCountries.count == 2 }),
        ("a non-Latin spoken language name", { $0.spokenLanguages.contains { $0.name == "日本語" } }),
        ("a right-to-left spoken language name", { $0.spokenLanguages.contains { $0.name == "العربية" } }),
        ("two spoken languages", { $0.spokenLanguages.count == 2 }),
        ("an empty tagline", { $0.tagline.isEmpty }),
        ("a tagline with quotes", { $0.tagline.contains("\"") }),
        ("a tagline with a line break", { $0.tagline.contains("\n") }),
        ("Post Production", { $0.status == .postProduction }),
        ("In Production", { $0.status == .inProduction }),
        ("Planned", { $0.status == .planned }),
    ]

    @Test("vary as TMDB's do", arguments: varieties.map(\.0))
    func variesLikeTMDB(name: String) throws {
        let matches = try #require(Self.varieties.first { $0.0 == name }).1
        let all = catalogue.movies.compactMap { catalogue.movieDetails(id: $0.id) }
        #expect(all.count == catalogue.movies.count)
        #expect(all.contains(where: matches))
    }

    @Test("hold values of the right form for every movie")
    func valueForms() throws {
        let imdb = try Regex("^tt[0-9]{7}$")
        var imdbIds = Set<String>()
        for movie in catalogue.movies {
            let details = try #require(catalogue.movieDetails(id: movie.id))
            #expect(details.movie == movie)
            if let id = details.imdbId {
                #expect(id.wholeMatch(of: imdb) != nil)
                imdbIds.insert(id)
            }
            #expect(details.genres.map(\.id) == movie.genreIds)
            #expect(details.status == .released || details.revenue == 0)
            #expect(details.runtime.map { $0 > 0 } ?? true)
            #expect(details.spokenLanguages.first?.iso639Code == movie.originalLanguage)
        }
        #expect(imdbIds.count > 9_000)
        #expect(catalogue.movieDetails(id: 12_345_678) == nil)
    }

    @Test("serve details only for numeric catalogue ids, and keep the list names as lists")
    func routeOrder() async throws {
        try await withSandbox { server in
            for list in SandboxList.allCases {
                let body = try jsonObject(try await fetch(server, "/3/movie/\(list.rawValue)").body)
                #expect(body["results"] is [Any], "\(list)")
            }
            for path in [
                "/3/movie/101", "/3/movie/99", "/3/movie/0", "/3/movie/abc", "/3/movie/100abc", "/3/movie/+100",
                "/3/movie/80001", "/3/movie/100/", "/3/movie/latest",
            ] {
                let response = try await fetch(server, path)
                #expect(response.status == 404, "\(path)")
                #expect(try jsonObject(response.body)["status_code"] as? Int == 34, "\(path)")
            }
            #expect(try await fetch(server, "/3/movie/100").status == 200)
        }
    }

    @Test("use the hostile poster path of the list when the server runs with unsafe poster paths")
    func unsafePosterPaths() async throws {
        let unsafe = SandboxCatalogue.withUnsafePosterPaths
        let movie = try #require(
            unsafe.movies.first { SandboxCatalogue.hostilePosterPaths.contains($0.posterPath ?? "-") })
        try await withSandbox(options { $0.faults.unsafePosterPaths = true }) { server in
            let body = try jsonObject(try await fetch(server, "/3/movie/\(movie.id)").body)
            #expect(body["poster_path"] as? String == movie.posterPath)
        }
    }
}
