import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Injected faults", .timeLimit(.minutes(15)))
struct FaultInjectionTests {
    static let rateLimitBody =
        #"{"success":false,"status_code":25,"#
        + #""status_message":"Your request count (#) is over the allowed limit of (40)."}"#

    @Test("answer 429 with Retry-After and TMDB's body once over the rate limit")
    func rateLimit() async throws {
        try await withSandbox(options { $0.faults.rateLimit = 0.001 }) { server in
            let connection = try RawHTTPConnection(port: server.port)
            #expect(try connection.get("/3/movie/popular").status == 200)
            for _ in 0..<3 {
                let response = try connection.get("/3/movie/popular?page=2")
                #expect(response.status == 429)
                let retryAfter = try #require(response.headers["retry-after"].flatMap { Int($0) })
                #expect(retryAfter >= 1)
                #expect(response.text == Self.rateLimitBody)
            }
            let poster = try #require(SandboxCatalogue.shared.movies.first { $0.posterPath != nil }?.posterPath)
            #expect(try connection.get("/t/p/w92\(poster)").status == 200)
            #expect(server.requestLog().filter { $0.fault == .rateLimited }.count == 3)
        }
    }

    @Test("answer about the configured share of API requests with 500, 502 and 503 in turn")
    func serverErrors() async throws {
        try await withSandbox(options { $0.faults.serverErrorRate = 0.3 }) { server in
            let connection = try RawHTTPConnection(port: server.port)
            var errors: [RawHTTPConnection.Response] = []
            for page in 1...200 {
                let response = try connection.get("/3/movie/popular?page=\(page % 500 + 1)")
                if response.status != 200 { errors.append(response) }
            }
            #expect((30...90).contains(errors.count))
            #expect(errors.map(\.status).prefix(6) == [500, 502, 503, 500, 502, 503])
            for error in errors {
                let body = try #require(try error.json() as? [String: Any])
                #expect(body["success"] as? Bool == false)
                #expect(body["status_code"] is Int)
                #expect(body["status_message"] is String)
            }
            #expect(server.requestLog().filter { $0.fault == .serverError }.count == errors.count)
        }
    }

    @Test("draw the same faults for the same seed, and others for another seed")
    func faultsFollowTheSeed() async throws {
        func statuses(seed: UInt64) async throws -> [Int] {
            try await withSandbox(
                options {
                    $0.faults.serverErrorRate = 0.5
                    $0.seed = seed
                }
            ) { server in
                let connection = try RawHTTPConnection(port: server.port)
                return try (1...40).map { _ in try connection.get("/3/configuration").status }
            }
        }
        let first = try await statuses(seed: 7)
        #expect(try await statuses(seed: 7) == first)
        #expect(try await statuses(seed: 8) != first)
    }

    @Test("send a full Content-Length, half the body, then close, which a client reports as an error")
    func truncatedBody() async throws {
        try await withSandbox(options { $0.faults.truncatedBodyRate = 1 }) { server in
            let connection = try RawHTTPConnection(port: server.port)
            let response = try connection.get("/3/movie/top_rated?page=3")
            #expect(response.status == 200)
            #expect(response.isTruncated)
            let announced = try #require(response.headers["content-length"].flatMap { Int($0) })
            #expect(response.body.count == announced / 2)
            #expect(try connection.isClosedByServer())
            await #expect(throws: (any Error).self) {
                _ = try await fetch(server, "/3/movie/top_rated?page=4")
            }
            #expect(server.requestLog().allSatisfy { $0.fault == .truncatedBody })
        }
    }

    @Test("answer the configured pages with 200 and JSON cut in the middle, on every list")
    func malformedPages() async throws {
        try await withSandbox(options { $0.faults.malformedJSONPages = [3] }) { server in
            for list in SandboxList.allCases {
                let response = try await fetch(server, "/3/movie/\(list.rawValue)?page=3")
                #expect(response.status == 200)
                #expect(response.headers["content-length"] == String(response.body.count))
                #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: response.body) }
            }
            let fine = try await fetch(server, "/3/movie/popular?page=2")
            #expect(try jsonObject(fine.body)["page"] as? Int == 2)
            #expect(server.requestLog().filter { $0.fault == .malformedJSON }.count == 4)
        }
    }

    @Test("damage the first three items of the configured pages of every paged list, and nothing else")
    func damagedItems() async throws {
        let targets = [
            "/3/movie/popular", "/3/movie/now_playing", "/3/tv/popular", "/3/trending/movie/day", "/3/discover/tv",
        ]
        try await withSandbox(options { $0.faults.damagedItemPages = [2] }) { server in
            for target in targets {
                let clean = try await fetch(server, "\(target)?page=3").body
                #expect(String(validating: clean, as: UTF8.self) != nil, "\(target)")
                let body = try await fetch(server, "\(target)?page=2").body
                // Only the three damages: one byte that is not UTF-8, one number too large, one fractional id.
                #expect(body.filter { $0 == 0xFF }.count == 1, "\(target)")
                var text = String(decoding: body.filter { $0 != 0xFF }, as: UTF8.self)
                #expect(text.components(separatedBy: #""vote_average":1e400"#).count == 2, "\(target)")
                #expect(text.components(separatedBy: #""id":2.5,"#).count == 2, "\(target)")
                text = text.replacingOccurrences(of: "1e400", with: "1")
                    .replacingOccurrences(of: #""id":2.5"#, with: #""id":2"#)
                let results = try #require(try jsonObject(Data(text.utf8))["results"] as? [[String: Any]])
                let keyOfName = target.contains("tv") ? "name" : "title"
                let first = try #require(results.first?[keyOfName] as? String)
                let title = try #require(body.firstRange(of: Data(#""\#(keyOfName)":""#.utf8)))
                #expect(body[title.upperBound] == 0xFF, "\(target): \(first)")
                #expect(results[2]["id"] as? Int == 2)
            }
            #expect(server.requestLog().filter { $0.fault == .damagedItems }.count == targets.count)
        }
    }

    @Test("cut the configured pages of every new paged route, and leave details whole")
    func malformedNewRoutes() async throws {
        let paged = [
            "/3/tv/popular", "/3/trending/tv/day", "/3/discover/movie", "/3/search/movie?query=harbor&",
            "/3/movie/100/similar",
        ]
        try await withSandbox(options { $0.faults.malformedJSONPages = [2] }) { server in
            for target in paged {
                let separator = target.hasSuffix("&") ? "" : "?"
                let response = try await fetch(server, "\(target)\(separator)page=2")
                #expect(response.status == 200)
                #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: response.body) }
            }
            #expect(try jsonObject(try await fetch(server, "/3/movie/100?page=2").body)["id"] as? Int == 100)
            #expect(try jsonObject(try await fetch(server, "/3/tv/popular?page=3").body)["page"] as? Int == 3)
            #expect(server.requestLog().filter { $0.fault == .malformedJSON }.count == paged.count)
        }
    }

    @Test("inject server errors and truncated bodies into the new routes too")
    func faultsOnNewRoutes() async throws {
        try await withSandbox(options { $0.faults.serverErrorRate = 1 }) { server in
            let response = try await fetch(server, "/3/movie/100")
            #expect(response.status == 500)
            #expect(server.requestLog().last?.fault == .serverError)
        }
        try await withSandbox(options { $0.faults.truncatedBodyRate = 1 }) { server in
            let connection = try RawHTTPConnection(port: server.port)
            let response = try connection.get("/3/trending/movie/week")
            #expect(response.isTruncated)
            #expect(server.requestLog().last?.fault == .truncatedBody)
        }
    }

    @Test("answer posters with an HTML page as text/html when configured")
    func htmlPosters() async throws {
        try await withSandbox(options { $0.faults.htmlPosterRate = 1 }) { server in
            let poster = try #require(SandboxCatalogue.shared.movies[30].posterPath)
            let response = try await fetch(server, "/t/p/w185\(poster)", credential: .none)
            #expect(response.status == 200)
            #expect(response.headers["content-type"]?.hasPrefix("text/html") == true)
            #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("<!DOCTYPE html>"))
            #expect(server.requestLog().last?.fault == .htmlPoster)
            #expect(server.posterFetchCounts() == [poster: 1])
        }
    }

    @Test("mix HTML and JPEG posters at a partial rate")
    func partialHTMLPosters() async throws {
        try await withSandbox(options { $0.faults.htmlPosterRate = 0.5 }) { server in
            let connection = try RawHTTPConnection(port: server.port)
            let posters = SandboxCatalogue.shared.movies.prefix(200).compactMap(\.posterPath).prefix(60)
            let types = try posters.map { try connection.get("/t/p/w92\($0)").headers["content-type"] ?? "" }
            #expect(types.contains("image/jpeg"))
            #expect(types.contains { $0.hasPrefix("text/html") })
        }
    }

    @Test("serve hostile poster paths on page 1 of every list when asked")
    func unsafePosterPaths() async throws {
        try await withSandbox(options { $0.faults.unsafePosterPaths = true }) { server in
            for list in SandboxList.allCases {
                let response = try await fetch(server, "/3/movie/\(list.rawValue)")
                let results = try #require(try jsonObject(response.body)["results"] as? [[String: Any]])
                let paths = Set(results.compactMap { $0["poster_path"] as? String })
                #expect(paths.isSuperset(of: SandboxCatalogue.hostilePosterPaths))
            }
            let connection = try RawHTTPConnection(port: server.port)
            let traversal = try connection.get("/t/p/w500/../../etc/passwd.jpg")
            #expect(traversal.status == 200)
            #expect(traversal.headers["content-type"] == "image/jpeg")
            #expect(server.posterFetchCounts() == ["/../../etc/passwd.jpg": 1])
        }
    }

    @Test("without unsafe poster paths, serve none")
    func safeByDefault() async throws {
        try await withSandbox { server in
            let body = try await fetch(server, "/3/movie/popular").body
            let text = String(decoding: body, as: UTF8.self)
            #expect(!text.contains("etc/passwd"))
            #expect(!text.contains("\"poster_path\":\"\""))
        }
    }

    @Test("plan each response's delay as the latency plus a seeded share of the jitter")
    func latencyAndJitter() throws {
        var options = SandboxOptions()
        options.faults.latency = .milliseconds(20)
        options.faults.latencyJitter = .milliseconds(10)
        func delays() -> [Duration] {
            let router = SandboxRouter(
                options: options, catalogue: .shared, ledger: RequestLedger(rateLimit: nil, recordsRequests: true),
                configuration: [])
            return (0..<50).map { _ in router.respond(to: HTTPRequestHead(method: "GET", target: "/3/x")).delay }
        }
        let first = delays()
        #expect(first.allSatisfy { $0 >= .milliseconds(20) && $0 <= .milliseconds(30) })
        #expect(Set(first.map { $0.components.attoseconds }).count > 10)
        #expect(delays() == first)
    }
}
