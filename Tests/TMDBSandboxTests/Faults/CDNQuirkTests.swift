import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("TMDB CDN quirks", .timeLimit(.minutes(15)))
struct CDNQuirkTests {
    @Test("send API answers chunked when asked, with the same bytes")
    func chunked() async throws {
        try await withSandbox(options { $0.chunked = true }) { server in
            let connection = try RawHTTPConnection(port: server.port)
            let head = try connection.get("/3/movie/107?append_to_response=credits", toHead: true)
            #expect(head.status == 200)
            #expect(head.headers["transfer-encoding"] == "chunked")
            #expect(head.headers["content-length"] == nil)
            let body = try connection.readChunkedBody()
            let details = try #require(SandboxCatalogue.shared.movieDetails(id: 107))
            #expect(body == CatalogueDetailsBody.movie(details, appending: [.credits]))
            // The connection stays usable for the next request.
            #expect(try connection.get("/3/configuration", toHead: true).status == 200)
        }
    }

    @Test("answer as TMDB does with answeringAsTMDB(): gzip and chunked when the client accepts gzip, else chunked")
    func gzipChunked() async throws {
        try await withSandbox(SandboxOptions.answeringAsTMDB()) { server in
            let connection = try RawHTTPConnection(port: server.port)
            let head = try connection.get("/3/tv/80014", extraHeaders: "Accept-Encoding: gzip\r\n", toHead: true)
            #expect(head.headers["content-encoding"] == "gzip")
            #expect(head.headers["transfer-encoding"] == "chunked")
            let body = try #require(gunzip(try connection.readChunkedBody()))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
            #expect(object["id"] as? Int == 80_014)
            let plain = try connection.get("/3/tv/80014", toHead: true)
            #expect(plain.headers["content-encoding"] == nil)
            #expect(plain.headers["transfer-encoding"] == "chunked")
            let text = try JSONSerialization.jsonObject(with: Data(try connection.readChunkedBody())) as? [String: Any]
            #expect(text?["id"] as? Int == 80_014)
        }
    }

    @Test("answer 429 without Retry-After when the option says so", arguments: [true, false])
    func retryAfter(sent: Bool) async throws {
        let configured = options {
            $0.faults.rateLimit = 1
            $0.faults.retryAfterOn429 = sent
        }
        try await withSandbox(configured) { server in
            let connection = try RawHTTPConnection(port: server.port)
            _ = try connection.get("/3/configuration")
            let limited = try connection.get("/3/configuration")
            #expect(limited.status == 429)
            #expect((limited.headers["retry-after"] != nil) == sent)
            #expect(try limited.json() is [String: Any])
        }
    }

    @Test("answer 429 without Retry-After and close a connection opened beyond the per-client cap")
    func connectionCap() async throws {
        try await withSandbox(options { $0.faults.maximumConnectionsPerClient = 2 }) { server in
            let first = try RawHTTPConnection(port: server.port)
            let second = try RawHTTPConnection(port: server.port)
            #expect(try first.get("/3/configuration").status == 200)
            #expect(try second.get("/3/configuration").status == 200)
            let third = try RawHTTPConnection(port: server.port)
            let refused = try third.get("/3/configuration")
            #expect(refused.status == 429)
            #expect(refused.headers["retry-after"] == nil)
            #expect(refused.headers["connection"] == "close")
            #expect(try third.isClosedByServer())
            // The first two go on being served.
            #expect(try first.get("/3/genre/movie/list").status == 200)
            #expect(server.requestLog().filter { $0.status == 429 }.count == 1)
        }
    }

    @Test("serve a new connection once a client is back under the cap")
    func capReleased() async throws {
        try await withSandbox(options { $0.faults.maximumConnectionsPerClient = 1 }) { server in
            var first: RawHTTPConnection? = try RawHTTPConnection(port: server.port)
            #expect(try first?.get("/3/configuration").status == 200)
            try first?.send(RawHTTPConnection.request("GET", "/3/configuration", extraHeaders: "Connection: close\r\n"))
            _ = try first?.readResponse()
            #expect(try first?.isClosedByServer() == true)
            first = nil
            // The server forgets the connection when its thread ends; wait for that without timing.
            var status = 429
            for _ in 0..<200 where status == 429 {
                status = try RawHTTPConnection(port: server.port).get("/3/configuration").status
            }
            #expect(status == 200)
        }
    }
}
