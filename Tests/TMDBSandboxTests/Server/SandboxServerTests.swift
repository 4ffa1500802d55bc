import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("The sandbox server", .timeLimit(.minutes(15)))
struct SandboxServerTests {
    @Test("binds an ephemeral loopback port and reports it")
    func bindsAPort() throws {
        let server = SandboxServer()
        #expect(server.port == 0)
        let port = try server.start()
        defer { server.stop() }
        #expect(port != 0)
        #expect(server.port == port)
    }

    @Test("refuses a port in use with an error that names it")
    func portInUse() async throws {
        try await withSandbox { running in
            var options = SandboxOptions()
            options.port = running.port
            let second = SandboxServer(options: options)
            #expect(throws: SandboxError.cannotListen(port: running.port, errno: EADDRINUSE)) { try second.start() }
            let error = SandboxError.cannotListen(port: running.port, errno: EADDRINUSE)
            #expect(error.description.contains("127.0.0.1:\(running.port)"))
            #expect(error.description.contains("in use"))
        }
    }

    @Test("refuses to start twice, or again after stopping")
    func startsOnce() throws {
        let server = SandboxServer()
        let port = try server.start()
        #expect(throws: SandboxError.alreadyStarted(port: port)) { try server.start() }
        server.stop()
        #expect(throws: SandboxError.alreadyStopped) { try server.start() }
    }

    @Test("closes kept-alive connections on stop, and stopping twice is harmless")
    func stopClosesConnections() throws {
        let server = SandboxServer()
        try server.start()
        let connection = try RawHTTPConnection(port: server.port)
        #expect(try connection.get("/3/configuration").status == 200)
        server.stop()
        #expect(try connection.isClosedByServer())
        #expect(server.openConnectionCount == 0)
        server.stop()
    }

    @Test("ends connections that are waiting out their latency when stopped")
    func stopInterruptsLatency() async throws {
        let (seen, seenContinuation) = AsyncStream.makeStream(of: SandboxRequestRecord.self)
        let server = SandboxServer(options: options { $0.faults.latency = .seconds(600) }) {
            seenContinuation.yield($0)
        }
        try server.start()
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send(RawHTTPConnection.request("GET", "/3/configuration"))
        var records = seen.makeAsyncIterator()
        // The server has answered and is now waiting out the latency.
        #expect(await records.next()?.status == 200)
        await server.stop()
        #expect(server.openConnectionCount == 0)
        #expect(throws: RawHTTPConnection.Failure.self) { try connection.readResponse() }
    }

    @Test("tells the onRequest observer about every request")
    func observer() async throws {
        let (seen, seenContinuation) = AsyncStream.makeStream(of: SandboxRequestRecord.self)
        let onRequest: @Sendable (SandboxRequestRecord) -> Void = { seenContinuation.yield($0) }
        try await withSandbox(onRequest: onRequest) { server in
            _ = try await fetch(server, "/3/movie/popular?page=0")
            var records = seen.makeAsyncIterator()
            let record = await records.next()
            #expect(record?.target == "/3/movie/popular?page=0")
            #expect(record?.status == 400)
        }
    }

    @Test("returns from serveForever, on a thread of its own, once stopped")
    func serveForever() async throws {
        let server = SandboxServer()
        try server.start()
        async let served: Void = withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                try? server.serveForever()
                done.resume()
            }.start()
        }
        await server.stop()
        await served
    }

    @Test("answers while serveUntilStopped waits, and returns from it once stopped")
    func serveUntilStopped() async throws {
        let server = SandboxServer()
        try server.start()
        async let served: Void = server.serveUntilStopped()
        #expect(try await fetch(server, "/3/configuration").status == 200)
        await server.stop()
        try await served
    }

    @Test("logs every request in order with its path, target and status")
    func requestLog() async throws {
        try await withSandbox { server in
            _ = try await fetch(server, "/3/movie/popular?page=2&language=en-US")
            _ = try await fetch(server, "/3/movie/popular?page=0")
            _ = try await fetch(server, "/3/configuration", credential: .none)
            let log = server.requestLog()
            #expect(log.map(\.path) == ["/3/movie/popular", "/3/movie/popular", "/3/configuration"])
            #expect(
                log.map(\.target) == [
                    "/3/movie/popular?page=2&language=en-US", "/3/movie/popular?page=0", "/3/configuration",
                ])
            #expect(log.map(\.status) == [200, 400, 401])
            #expect(log.allSatisfy { $0.method == "GET" && !$0.isPoster && $0.fault == nil })
            server.resetRequestLog()
            #expect(server.requestLog().isEmpty)
        }
    }

    @Test("keeps no log when told not to")
    func noLog() async throws {
        try await withSandbox(options { $0.recordsRequests = false }) { server in
            _ = try await fetch(server, "/3/configuration")
            #expect(server.requestLog().isEmpty)
        }
    }

    @Test("serves many concurrent connections")
    func concurrentClients() async throws {
        try await withSandbox { server in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for page in 1...64 {
                    group.addTask { try await fetch(server, "/3/movie/top_rated?page=\(page)").status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.count == 64)
            #expect(statuses.allSatisfy { $0 == 200 })
            #expect(server.requestLog().count == 64)
        }
    }
}
