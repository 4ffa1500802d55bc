import Foundation
import HTTPClient
import Synchronization
import Testing

@Suite("What a client waits on", .timeLimit(.minutes(15)))
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
    /// One element per request that reached the closed gate.
    private let arrivals: AsyncStream<Void>
    private let arrival: AsyncStream<Void>.Continuation

    init() {
        (arrivals, arrival) = AsyncStream.makeStream()
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.open { state.waiting = continuation }
                return state.open
            }
            if open {
                continuation.resume()
            } else {
                arrival.yield()
            }
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

    /// Returns once a request waits at the gate; told by the request itself, not found by polling.
    func waitForRequest() async {
        _ = await arrivals.first { _ in true }
    }
}

/// A client's sleep that waits until cancelled, and lets the test know it was called.
final class SleepGate: Sendable {
    /// One element per call of the sleep.
    private let calls: AsyncStream<Void>
    private let call: AsyncStream<Void>.Continuation

    init() {
        (calls, call) = AsyncStream.makeStream()
    }

    var sleep: @Sendable (Duration) async throws -> Void {
        { [call] _ in
            call.yield()
            // Ends only by cancellation: the test looks at the client while the retry waits.
            while true { try await Task.sleep(for: .seconds(3600)) }
        }
    }

    /// Returns once the client has called the sleep; told by the call itself, not found by polling.
    func waitForSleeper() async {
        _ = await calls.first { _ in true }
    }
}
