import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Movie list pages", .timeLimit(.minutes(15)))
struct MovieListPageTests {
    static let invalidPageBody =
        #"{"success":false,"status_code":22,"status_message":"Invalid page: Pages start at 1 and max at 500. "#
        + #"They are expected to be an integer."}"#

    @Test("hold 20 results with the real totals", arguments: SandboxList.allCases)
    func pageShape(list: SandboxList) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/movie/\(list.rawValue)?page=1&language=en-US&region=US")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json;charset=utf-8")
            let body = try jsonObject(response.body)
            let catalogue = SandboxCatalogue.shared
            #expect(body["page"] as? Int == 1)
            #expect((body["results"] as? [[String: Any]])?.count == 20)
            #expect(body["total_results"] as? Int == catalogue.totalResults(list))
            #expect(body["total_pages"] as? Int == (catalogue.totalResults(list) + 19) / 20)
        }
    }

    @Test("put a dates object first on now_playing and upcoming only", arguments: SandboxList.allCases)
    func dates(list: SandboxList) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/movie/\(list.rawValue)")
            let text = String(decoding: response.body, as: UTF8.self)
            if list == .nowPlaying || list == .upcoming {
                #expect(text.hasPrefix(#"{"dates":{"maximum":"2026-12-01","minimum":"2026-10-20"},"page":1,"#))
            } else {
                #expect(text.hasPrefix(#"{"page":1,"results":["#))
            }
        }
    }

    @Test("give each result TMDB's fields, with real nulls")
    func resultFields() async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/movie/popular")
            let results = try #require(try jsonObject(response.body)["results"] as? [[String: Any]])
            let keys: Set = [
                "adult", "backdrop_path", "genre_ids", "id", "original_language", "original_title", "overview",
                "popularity", "poster_path", "release_date", "title", "video", "vote_average", "vote_count",
            ]
            // softcore: a field TMDB sends on some items that no documentation lists.
            #expect(results.allSatisfy { Set($0.keys).subtracting(["softcore"]) == keys })
            #expect(results.contains { $0["softcore"] as? Bool == false })
            #expect(results.contains { $0["softcore"] == nil })
            #expect(results.contains { $0["poster_path"] is NSNull })
            #expect(results.contains { $0["backdrop_path"] is NSNull })
            #expect(results.allSatisfy { $0["video"] as? Bool == false })
        }
    }

    @Test("emit an integral vote_average as a JSON integer")
    func integralVoteAverage() async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/movie/top_rated")
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.contains("\"vote_average\":10,"))
            #expect(text.contains("\"vote_average\":9,"))
            #expect(!text.contains(".0,\"vote_count\""))
        }
    }

    @Test("send the hard cases in a form a JSON parser reads back exactly")
    func hardCasesRoundTrip() async throws {
        try await withSandbox { server in
            for list in [SandboxList.popular, .topRated] {
                let response = try await fetch(server, "/3/movie/\(list.rawValue)?page=1")
                let results = try #require(try jsonObject(response.body)["results"] as? [[String: Any]])
                let expected = SandboxCatalogue.shared.page(1, of: list)
                #expect(results.map { $0["id"] as? Int } == expected.map(\.id))
                #expect(results.map { $0["title"] as? String } == expected.map(\.title))
                #expect(results.map { $0["overview"] as? String } == expected.map(\.overview))
                #expect(results.map { $0["release_date"] as? String } == expected.map(\.releaseDate))
                #expect(results.map { $0["genre_ids"] as? [Int] } == expected.map(\.genreIds))
            }
        }
    }

    @Test("default to page 1 when no page is given")
    func defaultPage() async throws {
        try await withSandbox { server in
            let body = try jsonObject(try await fetch(server, "/3/movie/upcoming").body)
            #expect(body["page"] as? Int == 1)
        }
    }

    /// What api.themoviedb.org has been recorded answering, with 422, for a page above 500.
    static let pageAboveMaximumBody = #"{"errors":["page must be less than or equal to 500"]}"#

    @Test("answer a page above 500 with 422 and the body TMDB sends for it", arguments: ["501", "4454545"])
    func pageAboveMaximum(page: String) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/movie/popular?page=\(page)")
            #expect(response.status == 422)
            #expect(String(decoding: response.body, as: UTF8.self) == Self.pageAboveMaximumBody)
        }
    }

    @Test("answer any other invalid page with 400 and TMDB's body", arguments: ["0", "-1", "abc", "1.5", ""])
    func invalidPage(page: String) async throws {
        try await withSandbox { server in
            let response = try await fetch(server, "/3/movie/popular?page=\(page)")
            #expect(response.status == 400)
            #expect(String(decoding: response.body, as: UTF8.self) == Self.invalidPageBody)
        }
    }

    @Test("serve page 500 of popular although total_pages is 520")
    func lastServedPage() async throws {
        try await withSandbox { server in
            let body = try jsonObject(try await fetch(server, "/3/movie/popular?page=500").body)
            #expect((body["results"] as? [Any])?.count == 20)
            #expect(body["total_pages"] as? Int == 520)
        }
    }

    @Test("serve empty results for a page past the end of a short list")
    func pastTheEnd() async throws {
        try await withSandbox { server in
            let body = try jsonObject(try await fetch(server, "/3/movie/upcoming?page=400").body)
            #expect(body["page"] as? Int == 400)
            #expect((body["results"] as? [Any])?.isEmpty == true)
            #expect(body["total_pages"] as? Int == SandboxCatalogue.shared.totalPages(.upcoming))
        }
    }
}
