import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("TV list pages", .timeLimit(.minutes(15)))
struct TVListPageTests {
    static let tvKeys: Set = [
        "adult", "backdrop_path", "genre_ids", "id", "origin_country", "original_language", "original_name",
        "overview", "popularity", "poster_path", "first_air_date", "name", "vote_average", "vote_count",
    ]

    @Test("hold 20 results with the real totals", arguments: SandboxTVList.allCases)
    func pageShape(list: SandboxTVList) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/tv/\(list.rawValue)?page=1&language=en-US")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json;charset=utf-8")
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.hasPrefix(#"{"page":1,"results":["#))
            let body = try jsonObject(response.body)
            let catalogue = SandboxCatalogue.shared
            #expect(Set(body.keys) == ["page", "results", "total_pages", "total_results"])
            let results = try #require(body["results"] as? [[String: Any]])
            #expect(results.count == 20)
            #expect(results.allSatisfy { Set($0.keys).subtracting(["softcore"]) == Self.tvKeys })
            #expect(results.allSatisfy { $0["softcore"] == nil || $0["softcore"] as? Bool == false })
            #expect(results.map { $0["id"] as? Int } == catalogue.tvPage(1, of: list).map(\.id))
            #expect(body["total_results"] as? Int == catalogue.tvTotalResults(list))
            #expect(body["total_pages"] as? Int == (catalogue.tvTotalResults(list) + 19) / 20)
        }
    }

    @Test("page through the whole list without gaps or repeats", arguments: [SandboxTVList.airingToday, .onTheAir])
    func paging(list: SandboxTVList) async throws {
        try await withSandbox { server in
            let connection = try RawHTTPConnection(port: server.port)
            var ids: [Int] = []
            for page in 1...(SandboxCatalogue.shared.tvTotalPages(list) + 1) {
                let body = try #require(
                    try connection.get("/3/tv/\(list.rawValue)?page=\(page)").json() as? [String: Any])
                #expect(body["page"] as? Int == page)
                ids += try #require(body["results"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
            }
            let catalogue = SandboxCatalogue.shared
            #expect(ids == catalogue.tvList(list).map { catalogue.shows[$0].id })
        }
    }

    @Test("send the hard cases in a form a JSON parser reads back exactly")
    func hardCasesRoundTrip() async throws {
        try await withSandbox { server in
            for list in [SandboxTVList.popular, .topRated] {
                let response = try await fetch(server, "/3/tv/\(list.rawValue)")
                let results = try #require(try jsonObject(response.body)["results"] as? [[String: Any]])
                let expected = SandboxCatalogue.shared.tvPage(1, of: list)
                expectShows(results, equal: expected)
            }
        }
    }

    @Test("emit an integral vote_average as a JSON integer, and real nulls")
    func integralVoteAverageAndNulls() async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/tv/top_rated")
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.contains("\"vote_average\":10,"))
            #expect(text.contains("\"vote_average\":9,"))
            #expect(!text.contains(".0,\"vote_count\""))
            #expect(text.contains("\"poster_path\":null"))
            #expect(text.contains("\"first_air_date\":\"\""))
            #expect(text.contains("\"origin_country\":[]"))
        }
    }

    @Test(
        "answer an invalid page with 400 and TMDB's body, a page above 500 with 422",
        arguments: ["0", "501", "abc", "2.5"])
    func invalidPage(page: String) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/tv/popular?page=\(page)")
            let aboveMaximum = page == "501"
            #expect(response.status == (aboveMaximum ? 422 : 400))
            #expect(
                String(decoding: response.body, as: UTF8.self)
                    == (aboveMaximum ? MovieListPageTests.pageAboveMaximumBody : MovieListPageTests.invalidPageBody))
        }
    }

    @Test("serve empty results past the end, with the real totals")
    func pastTheEnd() async throws {
        try await withSandbox { server in
            let body = try jsonObject(try await fetch(server, "/3/tv/popular?page=500").body)
            #expect(body["page"] as? Int == 500)
            #expect((body["results"] as? [Any])?.isEmpty == true)
            #expect(body["total_pages"] as? Int == SandboxCatalogue.shared.tvTotalPages(.popular))
        }
    }

    @Test("answer an unknown TV list with 404")
    func unknownList() async throws {
        try await withSandbox { server in
            for path in ["/3/tv/latest_and_greatest", "/3/tv/popular/", "/3/tv"] {
                let response = try await fetch(server, path)
                #expect(response.status == 404, "\(path)")
                #expect(try jsonObject(response.body)["status_code"] as? Int == 34)
            }
        }
    }
}
