import Foundation
import HTTPClient
import TMDBSandbox
import TestSupport
import Testing

@Suite("CurlTransport over loopback, against a well-behaved and a hostile server", .timeLimit(.minutes(15)))
struct CurlTransportTests {
    typealias Behavior = HostileServer.Behavior
    typealias Header = HostileServer.Header

    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 60) + [0xFF, 0xD9]
    static let page = Array(#"{"page":1,"results":[{"id":550,"title":"Fight Club"}],"total_pages":1}"#.utf8)

    /// The most any attempt here may take, far above each bound under test: it tells a transfer that ended from one
    /// that hangs. It is timed by the transport, on the thread that ended the transfer (``CurlTransport/timedSend``),
    /// never in the test's task, which resumes only when one of the few threads that every suite of the process
    /// shares is free. The bounds under test are timed by the server, on its own thread (`lastRequestLasted`).
    static let attemptsEndWithin = Duration.seconds(20)

    /// Sends `request` and returns the outcome and the transport's own time for it.
    static func timed(_ transport: CurlTransport, _ request: HTTPRequest) async throws -> (
        Result<HTTPResponse, TransportError>, Duration
    ) {
        let timed = try await transport.timedSend(request)
        return (timed.outcome, timed.lasted)
    }

    static func failure(_ result: Result<HTTPResponse, TransportError>) -> TransportError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test("returns status, case-insensitive headers and the body from the sandbox")
    func fetchesFromSandbox() async throws {
        try await withSandbox { server in
            let transport = CurlTransport()
            let request = HTTPRequest(
                url: server.apiBaseURL.appendingPathComponent("configuration"),
                headers: ["Authorization": "Bearer \(SandboxServer.bearerToken)"])
            let response = try await transport.send(request)
            #expect(response.status == 200)
            #expect(response.header("content-type")?.hasPrefix("application/json") == true)
            #expect(String(decoding: response.body, as: UTF8.self).contains("poster_sizes"))
        }
    }

    @Test("asks for gzip and decodes it, within the cap")
    func decodesGzip() async throws {
        let compressed = Gzip.compress(Self.page)
        try await HostileServer.with(
            answering: .respond(status: 200, headers: [Header("Content-Encoding", "gzip")], body: compressed)
        ) { server in
            let response = try await CurlTransport().send(HTTPRequest(url: server.baseURL.appendingPathComponent("p")))
            #expect(response.body == Data(Self.page))
            #expect(server.requests.first?.headers["accept-encoding"] == "gzip")
        }
    }

    @Test(
        "a trickled page and a trickled poster end at the deadline (the timeout), however slowly bytes come",
        arguments: [page, jpeg])
    func deadline(body: [UInt8]) async throws {
        try await HostileServer.with(
            answering: .trickle(
                contentLength: body.count, headers: [Header("Content-Type", "image/jpeg")], body: body,
                interval: .milliseconds(100))
        ) { server in
            // No low-speed abort here: one byte every 100 ms is 10 bytes/s, which only the deadline catches.
            let transport = CurlTransport(lowSpeed: nil)
            let timeout = Duration.milliseconds(1_500)
            let (result, lasted) = try await Self.timed(
                transport, HTTPRequest(url: server.baseURL.appendingPathComponent("slow"), timeout: timeout))
            let error = try #require(Self.failure(result))
            #expect(error.kind == .timedOut, "\(error)")
            #expect(error.reason.hasPrefix("no complete answer within the 1.5 s timeout"), "\(error)")
            let end = try #require(await server.nextConnectionEnd())
            #expect(end.clientLeft)
            #expect(end.lastRequestLasted >= .milliseconds(1_400), "\(end.lastRequestLasted)")
            #expect(end.lastRequestLasted < timeout + .seconds(2), "\(end.lastRequestLasted)")
            #expect(lasted < Self.attemptsEndWithin, "\(lasted)")
        }
    }

    @Test(
        "a trickled page and a trickled poster end after the low-speed window, long before the deadline",
        arguments: [page, jpeg])
    func lowSpeed(body: [UInt8]) async throws {
        try await HostileServer.with(
            answering: .trickle(
                contentLength: body.count, headers: [Header("Content-Type", "image/jpeg")], body: body,
                interval: .milliseconds(100))
        ) { server in
            let window = Duration.seconds(1)
            let transport = CurlTransport(lowSpeed: .init(bytesPerSecond: 1_024, window: window))
            let (result, lasted) = try await Self.timed(
                transport, HTTPRequest(url: server.baseURL.appendingPathComponent("slow"), timeout: .seconds(30)))
            let error = try #require(Self.failure(result))
            #expect(error.kind == .stalled, "\(error)")
            #expect(error.reason.hasPrefix("the answer stalled: less than 1024 bytes/s for 1 s"), "\(error)")
            let end = try #require(await server.nextConnectionEnd())
            #expect(end.clientLeft)
            #expect(end.lastRequestLasted < window + .seconds(2), "\(end.lastRequestLasted)")
            #expect(lasted < Self.attemptsEndWithin, "\(lasted)")
        }
    }

    @Test("a server that never answers ends at the low-speed window, or at the deadline without one")
    func stallBeforeHeaders() async throws {
        try await HostileServer.with(answering: .stall) { server in
            let url = server.baseURL.appendingPathComponent("never")
            let stalled = CurlTransport(lowSpeed: .init(bytesPerSecond: 1, window: .seconds(1)))
            let (first, firstLasted) = try await Self.timed(stalled, HTTPRequest(url: url, timeout: .seconds(30)))
            #expect(Self.failure(first)?.kind == .stalled)
            let firstEnd = try #require(await server.nextConnectionEnd())
            #expect(firstEnd.clientLeft && firstEnd.lastRequestLasted < .seconds(3), "\(firstEnd)")
            let deadlineOnly = CurlTransport(lowSpeed: nil)
            let (second, secondLasted) = try await Self.timed(
                deadlineOnly, HTTPRequest(url: url, timeout: .seconds(1)))
            #expect(Self.failure(second)?.kind == .timedOut)
            let secondEnd = try #require(await server.nextConnectionEnd())
            #expect(secondEnd.clientLeft && secondEnd.lastRequestLasted < .seconds(3), "\(secondEnd)")
            #expect(firstLasted < Self.attemptsEndWithin && secondLasted < Self.attemptsEndWithin)
        }
    }

    @Test("refuses a 2 GiB Content-Length before reading the body, in under 2 s, and hangs up")
    func hugeContentLength() async throws {
        try await HostileServer.with(answering: .announce(contentLength: 2 << 30)) { server in
            let transport = CurlTransport(maximumBodyBytes: 8 << 20)
            let (result, lasted) = try await Self.timed(
                transport, HTTPRequest(url: server.baseURL.appendingPathComponent("huge")))
            let error = try #require(Self.failure(result))
            #expect(error.kind == .responseTooLarge(limit: 8 << 20), "\(error)")
            #expect(error.reason.contains("announces 2147483648 bytes"), "\(error)")
            let end = try #require(await server.nextConnectionEnd())
            #expect(end.clientLeft)
            #expect(end.lastRequestLasted < .seconds(2), "\(end.lastRequestLasted)")
            #expect(lasted < Self.attemptsEndWithin, "\(lasted)")
            #expect(end.bytesSent < 64 << 20, "the client stopped reading at once; \(end.bytesSent) bytes sent")
        }
    }

    @Test("stops a chunked body without end at the cap, and hangs up")
    func endlessChunks() async throws {
        let chunk = [UInt8](repeating: 0x20, count: 32 * 1_024)
        try await HostileServer.with(answering: .endlessChunks(chunk: chunk)) { server in
            let transport = CurlTransport(maximumBodyBytes: 8 << 20)
            let (result, _) = try await Self.timed(
                transport, HTTPRequest(url: server.baseURL.appendingPathComponent("x")))
            let error = try #require(Self.failure(result))
            #expect(error.kind == .responseTooLarge(limit: 8 << 20), "\(error)")
            let end = try #require(await server.nextConnectionEnd())
            #expect(end.clientLeft)
        }
    }

    @Test("stops a gzip bomb at the cap on decoded bytes")
    func gzipBomb() async throws {
        let bomb = Gzip.bomb(mebibytes: 1_024)
        try await HostileServer.with(
            answering: .respond(status: 200, headers: [Header("Content-Encoding", "gzip")], body: bomb)
        ) { server in
            let transport = CurlTransport(maximumBodyBytes: 8 << 20)
            let (result, _) = try await Self.timed(
                transport, HTTPRequest(url: server.baseURL.appendingPathComponent("x")))
            let error = try #require(Self.failure(result))
            #expect(error.kind == .responseTooLarge(limit: 8 << 20), "\(error)")
            #expect(error.reason.contains("once decoded"), "\(error)")
        }
    }

    @Test(
        "refuses an encoding it did not ask for, corrupt gzip, and gzip cut short",
        arguments: [
            ("br", Array("not brotli either".utf8), TransportError.Kind.undecodableBody),
            ("gzip", Array("{\"plain\": true}".utf8), .undecodableBody),
            ("gzip", Array(Gzip.compress(page).dropLast(12)), .connectionLost),
        ])
    func badEncodings(encoding: String, body: [UInt8], kind: TransportError.Kind) async throws {
        try await HostileServer.with(
            answering: .respond(status: 200, headers: [Header("Content-Encoding", encoding)], body: body)
        ) { server in
            let (result, _) = try await Self.timed(
                CurlTransport(), HTTPRequest(url: server.baseURL.appendingPathComponent("x")))
            #expect(Self.failure(result)?.kind == kind, "\(String(describing: Self.failure(result)))")
        }
    }

    @Test("refuses headers over their cap")
    func hugeHeaders() async throws {
        let headers = (0..<200).map { Header("X-Filler-\($0)", String(repeating: "x", count: 500)) }
        try await HostileServer.with(answering: .respond(status: 200, headers: headers, body: Self.page)) { server in
            let transport = CurlTransport(maximumHeaderBytes: 64 << 10)
            let (result, _) = try await Self.timed(
                transport, HTTPRequest(url: server.baseURL.appendingPathComponent("x")))
            #expect(Self.failure(result)?.kind == .responseTooLarge(limit: 64 << 10))
        }
    }

    @Test("reports a body cut short as a lost connection, with libcurl's code")
    func cutShort() async throws {
        try await HostileServer.with(
            answering: .trickle(contentLength: 100, body: Array(repeating: 0x41, count: 50), interval: .zero)
        ) { server in
            let (result, _) = try await Self.timed(
                CurlTransport(), HTTPRequest(url: server.baseURL.appendingPathComponent("x")))
            let error = try #require(Self.failure(result))
            #expect(error.kind == .connectionLost)
            #expect(error.curlCode == 18)
            #expect(error.reason.hasPrefix("the body ended before its announced length"), "\(error)")
        }
    }

    @Test("returns a redirect as it is, following nothing")
    func noRedirects() async throws {
        try await HostileServer.with(
            answering: .respond(status: 302, headers: [Header("Location", "file:///etc/passwd")])
        ) { server in
            let response = try await CurlTransport().send(HTTPRequest(url: server.baseURL.appendingPathComponent("r")))
            #expect(response.status == 302)
            #expect(response.header("Location") == "file:///etc/passwd")
            #expect(server.requests.count == 1)
        }
    }

    @Test("fetches only http and https URLs", arguments: ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://x/"])
    func schemes(url: String) async throws {
        let (result, _) = try await Self.timed(CurlTransport(), HTTPRequest(url: URL(string: url)!))
        #expect(Self.failure(result)?.kind == .unsupportedURL)
    }

    @Test("opens no more connections to a host than its cap")
    func connectionCap() async throws {
        try await HostileServer.with(
            answering: .trickle(contentLength: 4, body: Array("{}  ".utf8), interval: .milliseconds(20))
        ) { server in
            let transport = CurlTransport(maximumConnectionsPerHost: 2)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await transport.send(HTTPRequest(url: server.baseURL.appendingPathComponent("\(index)")))
                            .status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 8))
            #expect(server.peakConnections <= 2, "\(server.peakConnections)")
        }
    }

    @Test("maps a refused connection to words naming the host, redacted")
    func refusedConnection() async throws {
        // Nothing listens on port 1 of the loopback address: the connection is refused at once.
        let url = URL(string: "http://127.0.0.1:1/3/configuration?api_key=secret-value")!
        let (result, _) = try await Self.timed(CurlTransport(), HTTPRequest(url: url))
        let error = try #require(Self.failure(result))
        #expect(error.kind == .cannotConnect, "\(error)")
        #expect(error.curlCode == 7)
        #expect(error.description.hasPrefix("could not connect: "), "\(error)")
        #expect(error.description.contains("127.0.0.1 port 1"), "\(error)")
        #expect(!error.description.contains("secret-value"))
    }

    @Test("cancelling stops the transfer: the caller resumes, and the server sees the client hang up")
    func cancellationStopsTransfer() async throws {
        let (arrived, arrival) = AsyncStream<Void>.makeStream()
        let script: @Sendable (HostileServer.Request) -> Behavior = { _ in
            arrival.yield()
            return .stall
        }
        try await HostileServer.with(script: script) { server in
            let transport = CurlTransport()
            let send = Task {
                try await transport.timedSend(HTTPRequest(url: server.baseURL.appendingPathComponent("x")))
            }
            _ = await arrived.first { _ in true }
            let cancelled = ContinuousClock.now
            send.cancel()
            // Both instants are read where the work happens: just before the cancellation, and by the cancellation
            // handler as it resumes the caller; not when the caller's task next gets a thread.
            let timed = try await send.value
            #expect(timed.ended - cancelled < Self.attemptsEndWithin, "\(timed.ended - cancelled)")
            #expect((try? timed.outcome.get()) == nil)
            let end = try #require(await server.nextConnectionEnd())
            #expect(end.clientLeft)
        }
    }

    @Test("ends a cancelled request with a cancelled error, at whatever moment around its start it is cancelled")
    func cancellationAtAnyMoment() async throws {
        try await HostileServer.with(answering: .stall) { server in
            // Neither a low-speed abort nor a deadline within the suite's time limit: only the cancellation can end
            // these transfers, however long a loaded machine takes to get to it.
            let transport = CurlTransport(lowSpeed: nil)
            let request = HTTPRequest(url: server.baseURL.appendingPathComponent("x"), timeout: .seconds(600))
            let outcomes = await withTaskGroup(of: String.self) { group in
                for index in 0..<64 {
                    group.addTask {
                        let send = Task { try await transport.send(request) }
                        // Cancel at a different moment each time: before `send` starts, as it starts, once it waits.
                        // A fixed number of yields, 0 to 7, to vary that moment; not a wait for anything.
                        for _ in 0..<(index % 8) { await Task.yield() }
                        send.cancel()
                        do {
                            _ = try await send.value
                            return "answered"
                        } catch let error as TransportError {
                            return error.kind == .cancelled ? "cancelled" : "\(error.kind)"
                        } catch is CancellationError {
                            return "cancelled"  // cancelled before `send` began
                        } catch {
                            return "\(type(of: error))"
                        }
                    }
                }
                return await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(outcomes.count == 64)
            #expect(outcomes.allSatisfy { $0 == "cancelled" }, "\(outcomes.filter { $0 != "cancelled" })")
        }
    }
}
