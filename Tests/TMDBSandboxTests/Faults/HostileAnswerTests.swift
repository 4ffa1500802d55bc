import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Compressed and hostile answers: --gzip, --gzip-bomb-page, --huge-page", .timeLimit(.minutes(15)))
struct HostileAnswerTests {
    static let acceptGzip = "Accept-Encoding: gzip, deflate\r\n"

    @Test("compresses API answers for a client that accepts gzip, and only for it")
    func gzip() async throws {
        try await withSandbox(options { $0.gzip = true }) { server in
            let connection = try RawHTTPConnection(port: server.port)
            let plain = try connection.get("/3/movie/popular?page=2")
            #expect(plain.headers["content-encoding"] == nil)
            let compressed = try connection.get("/3/movie/popular?page=2", extraHeaders: Self.acceptGzip)
            #expect(compressed.headers["content-encoding"] == "gzip")
            #expect(compressed.body.count < plain.body.count / 2)
            #expect(gunzip(compressed.body) == plain.body)
            let refused = try connection.get("/3/movie/popular?page=2", extraHeaders: "Accept-Encoding: gzip;q=0\r\n")
            #expect(refused.headers["content-encoding"] == nil)
        }
    }

    @Test("leaves posters uncompressed")
    func postersStayPlain() async throws {
        try await withSandbox(options { $0.gzip = true }) { server in
            let poster = try #require(SandboxCatalogue.shared.movies.first { $0.posterPath != nil }?.posterPath)
            let response = try RawHTTPConnection(port: server.port).get(
                "/t/p/w92\(poster)", extraHeaders: Self.acceptGzip)
            #expect(response.headers["content-encoding"] == nil)
            #expect(response.headers["content-type"] == "image/jpeg")
        }
    }

    @Test("answers the bomb pages with 4 MiB of gzip that inflate to 4 GiB, whatever the client accepts")
    func gzipBomb() async throws {
        try await withSandbox(options { $0.faults.gzipBombPages = [2] }) { server in
            let connection = try RawHTTPConnection(port: server.port)
            let bomb = try connection.get("/3/movie/top_rated?page=2")
            #expect(bomb.status == 200)
            #expect(bomb.headers["content-encoding"] == "gzip")
            #expect(bomb.body == Gzip.bomb(mebibytes: 4_096))
            #expect(bomb.body.count < 5 << 20)
            // The stream's trailer says what it inflates to: its length modulo 2^32, and 4 GiB is 2^32.
            #expect(bomb.body.suffix(4) == [0, 0, 0, 0])
            let fine = try connection.get("/3/movie/top_rated?page=3")
            #expect(fine.headers["content-encoding"] == nil)
            #expect(server.requestLog().map(\.fault) == [.gzipBomb, nil])
        }
    }

    @Test("answers the huge pages with a chunked body of the configured size, no Content-Length")
    func hugePage() async throws {
        try await withSandbox(
            options {
                $0.faults.hugePages = [3]
                $0.faults.hugeBodyBytes = 200_000
            }
        ) { server in
            let connection = try RawHTTPConnection(port: server.port)
            let head = try connection.get("/3/tv/popular?page=3", toHead: true)
            #expect(head.status == 200)
            #expect(head.headers["transfer-encoding"] == "chunked")
            #expect(head.headers["content-length"] == nil)
            let body = try connection.readChunkedBody()
            #expect(body.count == 200_000 && body.allSatisfy { $0 == 0x20 })
            // The connection stays usable after the last chunk.
            #expect(try connection.get("/3/tv/popular?page=4").status == 200)
            #expect(server.requestLog().map(\.fault) == [.hugeBody, nil])
        }
    }
}
