import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPClient

@Suite(
    "APIClient redirects: followed within the origin with the credentials, refused elsewhere by Location",
    .timeLimit(.minutes(15)))
struct APIClientRedirectTests {
    typealias Header = HostileServer.Header
    static let ok = Array(#"{"value": 7}"#.utf8)

    /// An attempt's timeout that only a hang could use up (and the suite's time limit catches a hang first). The
    /// client reads what is left of it, redirects included, in its own task, which a busy test process can leave
    /// waiting for a thread for longer than the default 30 s: the attempt then timed out and was retried, and the
    /// server saw a request twice.
    static let hourLong = Duration.seconds(3_600)

    /// A client of `server`'s `/3` with a bearer token (or `credentials`), over libcurl, allowed five attempts.
    static func client(of server: HostileServer, credentials: Credentials = .bearerToken("secret-token")) -> APIClient {
        APIClient(
            baseURL: server.baseURL.appendingPathComponent("3"), credentials: credentials, transport: CurlTransport(),
            timeout: hourLong, retryPolicy: RetryPolicy(maximumAttempts: 5), sleep: { _ in })
    }

    static func redirectError(_ error: ClientError?) -> TransportError? {
        if case .transport(let transport)? = error?.reason, transport.kind == .redirectRefused { return transport }
        return nil
    }

    @Test("follows a redirect to the same scheme, host and port, sending the token again")
    func sameOrigin() async throws {
        let script: @Sendable (HostileServer.Request) -> HostileServer.Behavior = { request in
            request.target == "/3/old"
                ? .respond(status: 301, headers: [Header("Location", "/3/new")])
                : .respond(status: 200, headers: [Header("Content-Type", "application/json")], body: Self.ok)
        }
        try await HostileServer.with(script: script) { server in
            let response = try await Self.client(of: server).send(EchoEndpoint(path: "old"))
            #expect(response.value == 7)
            #expect(server.requests.map(\.target) == ["/3/old", "/3/new"])
            #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer secret-token" })
        }
    }

    @Test("sends the API key once after a redirect whose Location does not carry it")
    func apiKeyFollows() async throws {
        let script: @Sendable (HostileServer.Request) -> HostileServer.Behavior = { request in
            request.target.hasPrefix("/3/old")
                ? .respond(status: 302, headers: [Header("Location", "/3/new?page=2")])
                : .respond(status: 200, body: Self.ok)
        }
        try await HostileServer.with(script: script) { server in
            _ = try await Self.client(of: server, credentials: .apiKey("k3y")).send(EchoEndpoint(path: "old"))
            #expect(server.requests.map(\.target) == ["/3/old?api_key=k3y", "/3/new?page=2&api_key=k3y"])
        }
    }

    @Test("never lets the token cross to another port: refused, not retried, the Location named")
    func otherPort() async throws {
        try await HostileServer.with(answering: .respond(status: 200, body: Self.ok)) { other in
            let location = "http://127.0.0.1:\(other.port)/3/movie/popular"
            try await HostileServer.with(answering: .respond(status: 302, headers: [Header("Location", location)])) {
                server in
                let error = await #expect(throws: ClientError.self) {
                    try await Self.client(of: server).send(EchoEndpoint(path: "movie/popular"))
                }
                let refusal = try #require(Self.redirectError(error), "\(String(describing: error))")
                #expect(refusal.reason.contains("Location: \"\(location)\""), "\(refusal)")
                #expect(error?.attempts == 1)
                #expect(other.requests.isEmpty, "the other port saw \(other.requests)")
                #expect(server.requests.count == 1)
            }
        }
    }

    @Test(
        "refuses a redirect to a file, another scheme or another host",
        arguments: [
            "file:///etc/passwd", "https://127.0.0.1/3/x", "http://localhost.test/3/x", "//example.test/3/x",
        ])
    func otherOrigins(location: String) async throws {
        try await HostileServer.with(answering: .respond(status: 307, headers: [Header("Location", location)])) {
            server in
            let error = await #expect(throws: ClientError.self) {
                try await Self.client(of: server).send(EchoEndpoint(path: "x"))
            }
            let refusal = try #require(Self.redirectError(error), "\(String(describing: error))")
            #expect(refusal.description.contains(location), "\(refusal)")
            #expect(server.requests.count == 1)
        }
    }

    @Test("gives up after five redirects within the origin")
    func redirectLoop() async throws {
        try await HostileServer.with(answering: .respond(status: 302, headers: [Header("Location", "/3/again")])) {
            server in
            let error = await #expect(throws: ClientError.self) {
                try await Self.client(of: server).send(EchoEndpoint(path: "x"))
            }
            let refusal = try #require(Self.redirectError(error), "\(String(describing: error))")
            #expect(refusal.reason.hasPrefix("redirect refused: more than 5 redirects"), "\(refusal)")
            #expect(server.requests.count == 1 + APIClient.maximumRedirects)
        }
    }

    /// Answers the first request with a redirect after `firstHop` (a slow server), records every request's timeout,
    /// and answers the rest at once.
    final class SlowRedirect: HTTPTransport {
        let firstHop: Duration
        let timeouts = Mutex<[Duration]>([])
        init(firstHop: Duration) { self.firstHop = firstHop }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let isFirst = timeouts.withLock {
                $0.append(request.timeout)
                return $0.count == 1
            }
            guard isFirst else { return HTTPResponse(status: 200, body: Data(APIClientRedirectTests.ok)) }
            try await Task.sleep(for: firstHop)
            return HTTPResponse(status: 302, headers: ["Location": "/3/new"])
        }
    }

    @Test("keeps the whole attempt, redirects included, within the request's timeout: each hop gets what is left")
    func redirectsShareTheTimeout() async throws {
        let transport = SlowRedirect(firstHop: .milliseconds(300))
        let client = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: nil, transport: transport,
            timeout: Self.hourLong, retryPolicy: .none)
        _ = try await client.send(EchoEndpoint(path: "old"))
        let timeouts = transport.timeouts.withLock { $0 }
        #expect(timeouts.count == 2)
        #expect(timeouts.first == Self.hourLong)
        #expect(timeouts.last.map { $0 <= Self.hourLong - .milliseconds(300) } == true, "\(timeouts)")
    }

    @Test("fails an attempt whose redirect comes after its timeout has passed, without following it")
    func redirectAfterTheTimeout() async throws {
        let transport = SlowRedirect(firstHop: .milliseconds(300))
        let client = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: nil, transport: transport,
            timeout: .milliseconds(200), retryPolicy: .none)
        let error = await #expect(throws: ClientError.self) { try await client.send(EchoEndpoint(path: "old")) }
        guard case .transport(let failure)? = error?.reason else {
            Issue.record("expected a transport failure, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .timedOut)
        #expect(failure.reason == "no complete answer within the 200 ms timeout (after 1 redirect)")
        #expect(transport.timeouts.withLock { $0.count } == 1)
    }

    @Test("returns 300, 304 and 305 as answers, not redirects")
    func notRedirects() async throws {
        for status in [300, 304, 305] {
            let transport = RecordingTransport(
                status: status, headers: ["Location": "https://elsewhere.test/"], body: "")
            let client = APIClient(baseURL: URL(string: "https://api.test/3")!, credentials: nil, transport: transport)
            let error = await #expect(throws: ClientError.self) { try await client.send(EchoEndpoint(path: "x")) }
            #expect(error?.httpStatus == status)
            #expect(transport.sent.count == 1)
        }
    }

    @Test(
        "compares origins by scheme, host and port, with default ports filled in",
        arguments: [
            ("http://h.test/a", "http://h.test:80/b", true), ("https://H.test/a", "https://h.test:443/b", true),
            ("http://h.test:8080/a", "http://h.test:8081/a", false), ("https://h.test/a", "http://h.test/a", false),
            ("http://h.test/a", "http://g.test/a", false), ("http://h.test/a", "file:///a", false),
        ])
    func origins(one: String, other: String, same: Bool) {
        #expect(APIClient.isSameOrigin(URL(string: one)!, URL(string: other)!) == same)
    }
}
