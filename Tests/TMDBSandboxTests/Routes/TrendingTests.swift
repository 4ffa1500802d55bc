import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Trending", .timeLimit(.minutes(15)))
struct TrendingTests {
    let catalogue = SandboxCatalogue.shared

    @Test("serves movies with media_type right after id, 50 pages of them", arguments: SandboxTrendingWindow.allCases)
    func movies(window: SandboxTrendingWindow) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/trending/movie/\(window.rawValue)?language=en-US")
            #expect(response.status == 200)
            let body = try jsonObject(response.body)
            #expect(body["page"] as? Int == 1)
            #expect(body["total_pages"] as? Int == 50)
            #expect(body["total_results"] as? Int == 1_000)
            let results = try #require(body["results"] as? [[String: Any]])
            #expect(results.count == 20)
            #expect(results.allSatisfy { $0["media_type"] as? String == "movie" })
            let expected = catalogue.trendingMovies(window).prefix(20).map { catalogue.movies[$0] }
            expectMovies(results, equal: expected)
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.contains(#","media_type":"movie","original_language":"#))
        }
    }

    @Test("serves TV shows with media_type right after id, 50 pages of them", arguments: SandboxTrendingWindow.allCases)
    func shows(window: SandboxTrendingWindow) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/trending/tv/\(window.rawValue)?page=50")
            #expect(response.status == 200)
            let body = try jsonObject(response.body)
            #expect(body["page"] as? Int == 50)
            #expect(body["total_pages"] as? Int == 50)
            let results = try #require(body["results"] as? [[String: Any]])
            #expect(results.allSatisfy { $0["media_type"] as? String == "tv" })
            let expected = catalogue.trendingShows(window).suffix(20).map { catalogue.shows[$0] }
            expectShows(results, equal: Array(expected))
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.contains(#","media_type":"tv","origin_country":"#))
        }
    }

    @Test("orders day and week differently")
    func dayAndWeekDiffer() async throws {
        try await withSandbox { server in
            for media in ["movie", "tv"] {
                let day = try jsonObject(try await fetch(server, "/3/trending/\(media)/day").body)
                let week = try jsonObject(try await fetch(server, "/3/trending/\(media)/week").body)
                let dayIds = (day["results"] as? [[String: Any]])?.map { $0["id"] as? Int }
                let weekIds = (week["results"] as? [[String: Any]])?.map { $0["id"] as? Int }
                #expect(dayIds != weekIds)
            }
        }
    }

    @Test("carries the hard cases on page 1, readable exactly")
    func hardCasesTrend() async throws {
        try await withSandbox { server in
            let movies = try jsonObject(try await fetch(server, "/3/trending/movie/day").body)
            let titles = Set(try #require(movies["results"] as? [[String: Any]]).compactMap { $0["title"] as? String })
            #expect(titles.intersection(HardCase.all.map(\.title)).count >= 5)
            let shows = try jsonObject(try await fetch(server, "/3/trending/tv/week").body)
            let names = Set(try #require(shows["results"] as? [[String: Any]]).compactMap { $0["name"] as? String })
            #expect(names.intersection(ShowHardCase.all.map(\.name)).count >= 5)
        }
    }

    @Test(
        "answers another window or media type with 404",
        arguments: [
            "/3/trending/movie/month", "/3/trending/tv/hour", "/3/trending/all/day", "/3/trending/person/week",
            "/3/trending/movie", "/3/trending/movie/day/extra",
        ])
    func unknownTrending(path: String) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, path)
            #expect(response.status == 404)
            #expect(try jsonObject(response.body)["status_code"] as? Int == 34)
        }
    }

    @Test("checks the page like the other lists")
    func invalidPage() async throws {
        try await withSandbox { server in
            #expect(try await fetch(server, "/3/trending/movie/day?page=0").status == 400)
            #expect(try await fetch(server, "/3/trending/tv/day?page=501").status == 422)
            let past = try jsonObject(try await fetch(server, "/3/trending/movie/week?page=51").body)
            #expect((past["results"] as? [Any])?.isEmpty == true)
        }
    }
}
