import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Catalogue details with append_to_response", .timeLimit(.minutes(15)))
struct CatalogueDetailsTests {
    static let day = ExportDay(isoDate: "2024-05-15")!
    static let universe = SandboxCatalogueUniverse()
    /// A generated movie and series (beyond the lists), neither removed nor adult.
    static let movieId = universe.ids(.movie, on: day, adult: false).last {
        !universe.isRemovedSinceExport(.movie, id: $0, on: day)
    }!
    static let seriesId = universe.ids(.series, on: day, adult: false).last {
        !universe.isRemovedSinceExport(.series, id: $0, on: day)
    }!
    static let personKeys: Set<String> = [
        "adult", "gender", "id", "known_for_department", "name", "original_name", "popularity", "profile_path",
    ]

    static func details(_ server: SandboxServer, _ path: String) async throws -> [String: Any] {
        let response = try await fetch(server, path)
        #expect(response.status == 200, "\(path)")
        return try jsonObject(response.body)
    }

    @Test("append every movie sub-resource in TMDB's shape")
    func movieSubresources() async throws {
        try await withSandbox { server in
            let body = try await Self.details(
                server, "/3/movie/\(Self.movieId)?append_to_response=credits,keywords,external_ids,release_dates")
            #expect(body["id"] as? Int == Self.movieId)
            #expect(Set(body.keys).isSuperset(of: MovieDetailsTests.keys))
            let credits = try #require(body["credits"] as? [String: Any])
            let cast = try #require(credits["cast"] as? [[String: Any]])
            let crew = try #require(credits["crew"] as? [[String: Any]])
            #expect(!cast.isEmpty && !crew.isEmpty)
            #expect(Set(cast[0].keys) == Self.personKeys.union(["cast_id", "character", "credit_id", "order"]))
            #expect(Set(crew[0].keys) == Self.personKeys.union(["credit_id", "department", "job"]))
            #expect(cast.map { $0["order"] as? Int } == Array(0..<cast.count))
            #expect((cast[0]["credit_id"] as? String)?.count == 24)
            let keywords = try #require((body["keywords"] as? [String: Any])?["keywords"] as? [[String: Any]])
            #expect(keywords.allSatisfy { Set($0.keys) == ["id", "name"] })
            let external = try #require(body["external_ids"] as? [String: Any])
            #expect(Set(external.keys) == ["imdb_id", "wikidata_id", "facebook_id", "instagram_id", "twitter_id"])
            #expect(external["imdb_id"] as? String == body["imdb_id"] as? String)
            let releases = try #require((body["release_dates"] as? [String: Any])?["results"] as? [[String: Any]])
            for country in releases {
                #expect(Set(country.keys) == ["iso_3166_1", "release_dates"])
                for date in try #require(country["release_dates"] as? [[String: Any]]) {
                    #expect(
                        Set(date.keys) == [
                            "certification", "descriptors", "iso_639_1", "note", "release_date", "type",
                        ])
                    #expect((date["release_date"] as? String)?.hasSuffix("T00:00:00.000Z") == true)
                }
            }
        }
    }

    @Test("append every series sub-resource, with keywords under results as TMDB does for TV")
    func seriesSubresources() async throws {
        try await withSandbox { server in
            let body = try await Self.details(
                server,
                "/3/tv/\(Self.seriesId)?append_to_response=aggregate_credits,keywords,external_ids,content_ratings")
            for key in [
                "created_by", "episode_run_time", "first_air_date", "genres", "in_production", "languages",
                "last_air_date", "name", "networks", "number_of_episodes", "number_of_seasons", "origin_country",
                "original_name", "production_companies", "production_countries", "seasons", "spoken_languages",
                "status", "tagline", "type",
            ] {
                #expect(body[key] != nil, "\(key)")
            }
            let keywords = try #require(body["keywords"] as? [String: Any])
            #expect(Array(keywords.keys) == ["results"])
            let credits = try #require(body["aggregate_credits"] as? [String: Any])
            let cast = try #require(credits["cast"] as? [[String: Any]])
            let crew = try #require(credits["crew"] as? [[String: Any]])
            #expect(Set(cast[0].keys) == Self.personKeys.union(["roles", "total_episode_count", "order"]))
            #expect(Set(crew[0].keys) == Self.personKeys.union(["jobs", "department", "total_episode_count"]))
            let role = try #require((cast[0]["roles"] as? [[String: Any]])?.first)
            #expect(Set(role.keys) == ["credit_id", "character", "episode_count"])
            let job = try #require((crew[0]["jobs"] as? [[String: Any]])?.first)
            #expect(Set(job.keys) == ["credit_id", "job", "episode_count"])
            let episodes = try #require(body["number_of_episodes"] as? Int)
            #expect(cast.allSatisfy { ($0["total_episode_count"] as? Int ?? 0) <= episodes })
            let external = try #require(body["external_ids"] as? [String: Any])
            #expect(
                Set(external.keys) == [
                    "imdb_id", "freebase_mid", "freebase_id", "tvdb_id", "tvrage_id", "wikidata_id", "facebook_id",
                    "instagram_id", "twitter_id",
                ])
            let ratings = try #require((body["content_ratings"] as? [String: Any])?["results"] as? [[String: Any]])
            #expect(ratings.allSatisfy { Set($0.keys) == ["descriptors", "iso_3166_1", "rating"] })
            // TMDB counts neither the specials' season 0 nor its episodes.
            let seasons = try #require(body["seasons"] as? [[String: Any]]).filter { $0["season_number"] as? Int != 0 }
            #expect(seasons.count == body["number_of_seasons"] as? Int)
            #expect(seasons.compactMap { $0["episode_count"] as? Int }.reduce(0, +) == episodes)
        }
    }

    @Test(
        "rate some series' country twice and date some movies several times in one country and type, as TMDB does, the same on every call"
    )
    func repeatsLikeTMDB() throws {
        func results(_ append: (inout JSONBuffer) -> Void) throws -> [[String: Any]] {
            var json = JSONBuffer(capacity: 1_024)
            append(&json)
            return try #require(try jsonObject(Data(json.bytes))["results"] as? [[String: Any]])
        }
        var seriesRatingACountryTwice = 0
        var moviesDatingACountryAndTypeTwice = 0
        for id in 1...300 {
            let ratings = try results { SeriesSubresourceBody.appendContentRatings(to: &$0, seriesId: id) }
            let countries = ratings.compactMap { $0["iso_3166_1"] as? String }
            if Set(countries).count < countries.count {
                seriesRatingACountryTwice += 1
                // Each entry of a repeated country says something else, as Game of Thrones' AU `R18+` and `R 18+`.
                let pairs = ratings.map { "\($0["iso_3166_1"] ?? "")|\($0["rating"] ?? "")" }
                #expect(Set(pairs).count == pairs.count, "series \(id): \(pairs)")
            }
            let again = try results { SeriesSubresourceBody.appendContentRatings(to: &$0, seriesId: id) }
            #expect(again.compactMap { $0["rating"] as? String } == ratings.compactMap { $0["rating"] as? String })
            let releases = try results {
                MovieSubresourceBody.appendReleaseDates(to: &$0, movieId: id, releaseDate: "2020-02-02")
            }
            for country in releases {
                let types = (country["release_dates"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? Int }
                if Set(types).count < types.count {
                    moviesDatingACountryAndTypeTwice += 1
                    break
                }
            }
        }
        #expect(seriesRatingACountryTwice > 30)
        #expect(moviesDatingACountryAndTypeTwice > 30)
    }

    @Test(
        "append only what is asked, in the order asked, ignoring unknown names",
        arguments: [
            ("keywords", ["keywords"]), ("release_dates,credits", ["release_dates", "credits"]),
            ("reviews,external_ids,,credits,external_ids", ["external_ids", "credits"]), ("", []), ("lists", []),
        ])
    func subsets(query: String, expected: [String]) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/movie/\(Self.movieId)?append_to_response=\(query)")
            let text = String(decoding: response.body, as: UTF8.self)
            let appended = ["credits", "keywords", "external_ids", "release_dates", "reviews", "lists"]
                .compactMap { key in text.range(of: "\"\(key)\":{").map { (key, $0.lowerBound) } }
                .sorted { $0.1 < $1.1 }.map(\.0)
            #expect(appended == expected)
        }
    }

    @Test("keep a list movie's details as the list routes serve them when nothing is appended")
    func listMovieUnchanged() async throws {
        let movie = SandboxCatalogue.shared.movies[4_321]
        try await withSandbox { server in
            let plain = try await fetch(server, "/3/movie/\(movie.id)")
            let details = try #require(SandboxCatalogue.shared.movieDetails(id: movie.id))
            #expect(Array(plain.body) == MovieDetailsBody.render(details))
            let appended = try await Self.details(server, "/3/movie/\(movie.id)?append_to_response=credits")
            #expect(appended["title"] as? String == movie.title)
            #expect(appended["credits"] != nil)
        }
    }

    @Test("answer 404 with TMDB's status 34 for ids removed since the export, and for ids outside the universe")
    func removed() async throws {
        let removedMovie = try #require(
            Self.universe.ids(.movie, on: Self.day, adult: false).first {
                Self.universe.isRemovedSinceExport(.movie, id: $0, on: Self.day)
            })
        let removedSeries = try #require(
            (Self.universe.ids(.series, on: Self.day, adult: false)).first {
                Self.universe.isRemovedSinceExport(.series, id: $0, on: Self.day)
            })
        try await withSandbox { server in
            for path in [
                "/3/movie/\(removedMovie)", "/3/tv/\(removedSeries)?append_to_response=keywords",
                "/3/movie/\(Self.movieId + 1_000_000)", "/3/tv/\(Self.seriesId + 1_000_000)",
            ] {
                let response = try await fetch(server, path)
                #expect(response.status == 404, "\(path)")
                #expect(try jsonObject(response.body)["status_code"] as? Int == 34)
            }
        }
    }

    @Test("give about one film in a hundred a crew in the thousands")
    func hugeCrews() async throws {
        let ids = Self.universe.ids(.movie, on: Self.day, adult: false).suffix(3_000).filter {
            !Self.universe.isRemovedSinceExport(.movie, id: $0, on: Self.day)
        }
        let huge = ids.filter { MovieCreditsBody.hasHugeCrew(movieId: $0) }
        #expect((10...60).contains(huge.count))
        try await withSandbox { server in
            let body = try await Self.details(server, "/3/movie/\(huge[0])?append_to_response=credits")
            let crew = try #require((body["credits"] as? [String: Any])?["crew"] as? [[String: Any]])
            #expect((1_000...3_000).contains(crew.count))
            let ordinary = try #require(ids.first { !MovieCreditsBody.hasHugeCrew(movieId: $0) })
            let small = try await fetch(server, "/3/movie/\(ordinary)?append_to_response=credits")
            #expect(small.body.count < 100_000)
        }
    }
}
