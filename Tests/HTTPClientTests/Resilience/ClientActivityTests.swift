import Foundation
import HTTPClient
import Synchronization
import Testing

@Suite("What a client waits on")
struct ClientActivityTests {
    @Test("lists a request while it is on the wire, and no longer once it is answered")
    func onTheWire() async throws {
        let gate = GateTransport()
        let client = APIClient(baseURL: URL(string: "https://api.test/3")!, credentials: nil, transport: gate)
        let endpoint = EchoEndpoint(path: "movie/popular", queryItems: [.init(name: "page", value: "3")])
        let sending = Task { try await client.send(endpoint) }
        await gate.waitForRequest()
        let waits = client.activity.waits()
        #expect(waits.map(\.kind) == [.onTheWire])
        #expect(waits.first?.subject == "GET movie/popular?page=3")
        let described = waits.first?.description(at: waits[0].since + .seconds(25))
        #expect(described == "GET movie/popular?page=3 on the wire for 25 s")
        gate.open()
        _ = try await sending.value
        #expect(client.activity.waits().isEmpty)
    }

    @Test("lists a retry waiting out its delay, with the time left, and the rate limiter's pause")
    func retryDelayAndPause() async throws {
        let transport = ScriptedTransport([
            .respond(429, headers: ["Retry-After": "90"], body: "{}"), .respond(200, body: #"{"value": 7}"#),
        ])
        let slept = SleepGate()
        let client = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: nil, transport: transport,
            rateLimiter: RateLimiter(rate: 1000), sleep: slept.sleep)
        let sending = Task { try await client.send(EchoEndpoint(path: "x")) }
        await slept.waitForSleeper()
        let now = ContinuousClock.now
        let waits = client.activity.waits(at: now)
        #expect(Set(waits.map(\.kind)) == [.retryDelay, .rateLimitPause])
        let retry = try #require(waits.first { $0.kind == .retryDelay })
        #expect(retry.subject == "GET x")
        let described = retry.description(at: retry.since + .seconds(30))
        #expect(described.hasPrefix("GET x waiting to retry for 30 s (6"), "about 60 s left: \(described)")
        sending.cancel()
        _ = try? await sending.value
        #expect(!client.activity.waits().contains { $0.kind == .retryDelay })
    }

    @Test("keeps at most a bounded number of notices and counts the rest")
    func boundedNotices() async {
        let transport = ScriptedTransport([.respond(503, headers: ["Retry-After": "999999"], body: "{}")])
        let client = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: nil, transport: transport,
            retryPolicy: RetryPolicy(maximumAttempts: 30), sleep: { _ in })
        _ = try? await client.send(EchoEndpoint(path: "x"))
        let notices = client.activity.takeNotices()
        #expect(notices.count == 21)
        #expect(notices.last == "10 more such notices left out")
        #expect(client.activity.takeNotices().isEmpty)
    }
}

/// A transport whose one answer waits until the test opens the gate.
final class GateTransport: HTTPTransport {
    private let state = Mutex<(waiting: CheckedContinuation<Void, Never>?, open: Bool)>((nil, false))

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.open { state.waiting = continuation }
                return state.open
            }
            if open { continuation.resume() }
        }
        return HTTPResponse(status: 200, headers: [:], body: Data(#"{"value": 1}"#.utf8))
    }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
    }

    /// Returns once a request waits at the gate (by yielding), or records an issue after 10 s of real time.
    func waitForRequest(sourceLocation: SourceLocation = #_sourceLocation) async {
        let giveUp = ContinuousClock.now + .seconds(10)
        while state.withLock({ $0.waiting == nil }) {
            guard ContinuousClock.now < giveUp else {
                Issue.record("no request reached the transport", sourceLocation: sourceLocation)
                return
            }
            await Task.yield()
        }
    }
}

/// A client's sleep that waits until cancelled, and lets the test know it was called.
final class SleepGate: Sendable {
    private let sleepers = Mutex(0)

    var sleep: @Sendable (Duration) async throws -> Void {
        { _ in
            self.sleepers.withLock { $0 += 1 }
            // Ends only by cancellation: the test looks at the client while the retry waits.
            while true { try await Task.sleep(for: .seconds(3600)) }
        }
    }

    func waitForSleeper(sourceLocation: SourceLocation = #_sourceLocation) async {
        let giveUp = ContinuousClock.now + .seconds(10)
        while sleepers.withLock({ $0 == 0 }) {
            guard ContinuousClock.now < giveUp else {
                Issue.record("the client never slept", sourceLocation: sourceLocation)
                return
            }
            await Task.yield()
        }
    }
}
