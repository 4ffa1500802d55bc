import Foundation
import Synchronization
import TMDBSandbox
import TestSupport
import Testing

@testable import HTTPClient

@Suite(
    "APIClient.download: a 2xx body written to a file as it arrives, with the client's retries and caps",
    .timeLimit(.minutes(15)))
struct APIClientDownloadTests {
    typealias Header = HostileServer.Header

    /// Bytes that are not text, so nothing on the way can treat them as such.
    static let file: [UInt8] = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 7) }

    static func client(of server: HostileServer, attempts: Int = 3) -> APIClient {
        APIClient(
            baseURL: server.baseURL.appendingPathComponent("p/exports"), credentials: nil, transport: CurlTransport(),
            retryPolicy: RetryPolicy(maximumAttempts: attempts), sleep: { _ in })
    }

    static func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map(Array.init)
    }

    static func clientError(_ body: () async throws(ClientError) -> Void) async -> ClientError? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test("writes the body to the file, byte for byte, and returns the response with an empty body")
    func writesBody() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = (directory.path as NSString).appendingPathComponent("movie_ids.json.gz")
        try await HostileServer.with(answering: .respond(status: 200, body: Self.file)) { server in
            let response = try await Self.client(of: server).download(
                EchoEndpoint(path: "movie_ids.json.gz"), to: path, maximumBytes: 1 << 20)
            #expect(response.status == 200)
            #expect(response.body.isEmpty)
            #expect(Self.contents(path) == Self.file)
            #expect(server.requests.map(\.target) == ["/p/exports/movie_ids.json.gz"])
        }
    }

    @Test("decodes a Content-Encoding: gzip body into the file")
    func decodesContentEncoding() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = (directory.path as NSString).appendingPathComponent("f")
        try await HostileServer.with(
            answering: .respond(
                status: 200, headers: [Header("Content-Encoding", "gzip")], body: Gzip.compress(Self.file))
        ) { server in
            _ = try await Self.client(of: server).download(EchoEndpoint(path: "f"), to: path, maximumBytes: 1 << 20)
            #expect(Self.contents(path) == Self.file)
        }
    }

    @Test("retries a body cut short and leaves exactly the complete body, not the cut one before it")
    func retriesCutBody() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = (directory.path as NSString).appendingPathComponent("f")
        let count = Mutex(0)
        let script: @Sendable (HostileServer.Request) -> HostileServer.Behavior = { _ in
            let attempt = count.withLock {
                $0 += 1
                return $0
            }
            // The first answer announces the whole file but sends 2,000 other bytes (one by one), then hangs up.
            return attempt == 1
                ? .trickle(
                    contentLength: Self.file.count, body: Array(Self.file.reversed().prefix(2_000)), interval: .zero)
                : .respond(status: 200, body: Self.file)
        }
        try await HostileServer.with(script: script) { server in
            _ = try await Self.client(of: server).download(EchoEndpoint(path: "f"), to: path, maximumBytes: 1 << 20)
            #expect(server.requests.count == 2)
            #expect(Self.contents(path) == Self.file)
        }
    }

    @Test("refuses a body over the file's cap, announced or not, without retrying", arguments: [true, false])
    func cap(announced: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = (directory.path as NSString).appendingPathComponent("f")
        let behavior: HostileServer.Behavior =
            announced ? .respond(status: 200, body: Self.file) : .endlessChunks(chunk: Array(Self.file.prefix(4_096)))
        try await HostileServer.with(answering: behavior) { server in
            let error = await Self.clientError { () throws(ClientError) in
                _ = try await Self.client(of: server).download(EchoEndpoint(path: "f"), to: path, maximumBytes: 100_000)
            }
            guard case .transport(let transport)? = error?.reason else {
                Issue.record("expected a transport error, got \(String(describing: error))")
                return
            }
            #expect(transport.kind == .responseTooLarge(limit: 100_000))
            #expect(error?.attempts == 1)
            #expect((Self.contents(path)?.count ?? 0) <= 100_000)
        }
    }

    @Test("keeps a 404 a ClientError with its status, reading the error body in memory, the file untouched")
    func notFound() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = (directory.path as NSString).appendingPathComponent("f")
        let body = Array(#"{"status_message":"no such file"}"#.utf8)
        try await HostileServer.with(answering: .respond(status: 404, body: body)) { server in
            let client = APIClient(
                baseURL: server.baseURL, credentials: nil, transport: CurlTransport(), errorMessage: StatusMessage.read,
                sleep: { _ in })
            let error = await Self.clientError { () throws(ClientError) in
                _ = try await client.download(EchoEndpoint(path: "f"), to: path, maximumBytes: 1 << 20)
            }
            #expect(error?.reason == .httpStatus(404, message: "no such file"))
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("writes an empty 2xx body as an empty file")
    func emptyBody() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("left over from before", to: "f")
        try await HostileServer.with(answering: .respond(status: 200)) { server in
            _ = try await Self.client(of: server).download(EchoEndpoint(path: "f"), to: path, maximumBytes: 10)
            #expect(Self.contents(path) == [])
        }
    }
}
