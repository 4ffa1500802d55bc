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
