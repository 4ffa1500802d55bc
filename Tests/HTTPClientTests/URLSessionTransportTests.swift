import Foundation
import HTTPClient
import TMDBSandbox
import Testing

@Suite("URLSessionTransport over loopback")
struct URLSessionTransportTests {
    @Test("returns status, case-insensitive headers and the body from a real server")
    func fetchesOverLoopback() async throws {
        let server = SandboxServer()
        _ = try server.start()
        defer { server.stop() }
        let transport = URLSessionTransport()
        let request = HTTPRequest(
            url: server.apiBaseURL.appendingPathComponent("configuration"),
            headers: ["Authorization": "Bearer \(SandboxServer.bearerToken)"])
        let response = try await transport.send(request)
        #expect(response.status == 200)
        #expect(response.header("content-type")?.hasPrefix("application/json") == true)
        #expect(String(decoding: response.body, as: UTF8.self).contains("poster_sizes"))
    }

    @Test("ends a cancelled request with a cancelled error, at whatever moment around its start it is cancelled")
    func cancellation() async throws {
        // The server answers after 60 s (stopping it wakes it), so every request, however slowly this busy machine
        // gets round to cancelling it, is still waiting when it is cancelled.
        var options = SandboxOptions()
        options.latency = .seconds(60)
        let server = SandboxServer(options: options)
        _ = try server.start()
        defer { server.stop() }
        let transport = URLSessionTransport()
        let request = HTTPRequest(
            url: server.apiBaseURL.appendingPathComponent("configuration"),
            headers: ["Authorization": "Bearer \(SandboxServer.bearerToken)"])
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let send = Task { try await transport.send(request) }
                    // Cancel at a different moment each time: before `send` starts, as it starts, once it waits.
                    for _ in 0..<(index % 8) { await Task.yield() }
                    send.cancel()
                    // A hang would otherwise hang the suite: 20 s is far beyond any cancellation.
                    return await Self.firstOf(
                        { () async -> String in
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
                        },
                        { () async -> String in
                            try? await Task.sleep(for: .seconds(20))
                            return "still waiting after 20 s"
                        })
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(outcomes.count == 64)
        #expect(outcomes.allSatisfy { $0 == "cancelled" }, "\(outcomes.filter { $0 != "cancelled" })")
    }

    /// The result of whichever operation ends first; the other is cancelled.
    static func firstOf(
        _ one: @escaping @Sendable () async -> String, _ other: @escaping @Sendable () async -> String
    ) async -> String {
        await withTaskGroup(of: String.self) { group in
            group.addTask(operation: one)
            group.addTask(operation: other)
            let first = await group.next() ?? ""
            group.cancelAll()
            return first
        }
    }

    @Test("maps a refused connection to a redacted TransportError")
    func refusedConnection() async throws {
        // Nothing listens on port 1 of the loopback address: the connection is refused at once.
        let transport = URLSessionTransport()
        let url = URL(string: "http://127.0.0.1:1/3/configuration?api_key=secret-value")!
        let error = await #expect(throws: TransportError.self) { try await transport.send(HTTPRequest(url: url)) }
        #expect(error?.kind == .cannotConnect, "\(String(describing: error))")
        #expect(!String(describing: error).contains("secret-value"))
    }
}
