import Foundation
import HTTPClient
import TestSupport
import Testing

@Suite("Retrying requests", .timeLimit(.minutes(15)))
struct RetryingClientTests {
    let ok = ScriptedTransport.Step.respond(200, body: #"{"value": 7}"#)

    func client(_ transport: ScriptedTransport, sleeper: RecordingSleeper, attempts: Int = 5) -> APIClient {
        APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: .apiKey("secret-key"), transport: transport,
            retryPolicy: RetryPolicy(maximumAttempts: attempts), errorMessage: StatusMessage.read, sleep: sleeper.sleep)
    }

    @Test("retries each transient status and succeeds", arguments: [408, 429, 500, 502, 503, 504])
    func retriesTransientStatuses(status: Int) async throws {
        let transport = ScriptedTransport([.respond(status, body: "{}"), .respond(status, body: "{}"), ok])
        let sleeper = RecordingSleeper()
        let response = try await client(transport, sleeper: sleeper).send(EchoEndpoint(path: "x"))
        #expect(response.value == 7)
        #expect(transport.attempts == 3)
        #expect(sleeper.recorded.count == 2)
    }

    @Test("never retries a status that will not change", arguments: [400, 401, 403, 404, 422])
    func doesNotRetryFinalStatuses(status: Int) async {
        let transport = ScriptedTransport([.respond(status, body: #"{"status_message":"no"}"#), ok])
        let sleeper = RecordingSleeper()
        let error = await #expect(throws: ClientError.self) {
            try await client(transport, sleeper: sleeper).send(EchoEndpoint(path: "x"))
        }
        #expect(error?.httpStatus == status)
        #expect(error?.attempts == 1)
        #expect(transport.attempts == 1)
        #expect(sleeper.recorded.isEmpty)
    }

    @Test("gives up after the maximum number of attempts and says how many it made")
    func boundedAttempts() async {
        let transport = ScriptedTransport([.respond(503, body: #"{"status_message":"down"}"#)])
        let sleeper = RecordingSleeper()
        let error = await #expect(throws: ClientError.self) {
            try await client(transport, sleeper: sleeper, attempts: 4).send(EchoEndpoint(path: "x"))
        }
        #expect(transport.attempts == 4)
        #expect(error?.attempts == 4)
        #expect(error?.description == "GET x: HTTP 503: down (after 4 attempts)")
    }

    @Test("waits as long as Retry-After says, in seconds or as an HTTP date")
    func honoursRetryAfter() async throws {
        let later = Date().addingTimeInterval(30)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let transport = ScriptedTransport([
            .respond(429, headers: ["Retry-After": "3"], body: "{}"),
            .respond(503, headers: ["retry-after": formatter.string(from: later)], body: "{}"), ok,
        ])
        let sleeper = RecordingSleeper()
        _ = try await client(transport, sleeper: sleeper).send(EchoEndpoint(path: "x"))
        #expect(sleeper.recorded.first == .seconds(3))
        let second = try #require(sleeper.recorded.last)
        #expect(second > .seconds(28) && second <= .seconds(31))
    }

    @Test("retries a dropped connection, a cut-short body and a timeout")
    func retriesTransportFailures() async throws {
        let transport = ScriptedTransport([
            .fail(.connectionLost, curlCode: 56), .fail(.connectionLost, curlCode: 18), .fail(.timedOut), ok,
        ])
        let response = try await client(transport, sleeper: RecordingSleeper()).send(EchoEndpoint(path: "x"))
        #expect(response.value == 7)
        #expect(transport.attempts == 4)
    }

    @Test("does not retry a response over the size limit")
    func tooLargeIsFinal() async {
        let transport = ScriptedTransport([.fail(.responseTooLarge(limit: 10)), ok])
        await #expect(throws: ClientError.self) {
            try await client(transport, sleeper: RecordingSleeper()).send(EchoEndpoint(path: "x"))
        }
        #expect(transport.attempts == 1)
    }

    @Test("retries a 200 whose JSON does not decode once, then fails with the first 200 bytes of the body")
    func undecodableBodyRetriedOnce() async {
        let garbage = #"{"value": "<html>"# + String(repeating: "x", count: 300)
        let transport = ScriptedTransport([.respond(200, body: garbage)])
        let error = await #expect(throws: ClientError.self) {
            try await client(transport, sleeper: RecordingSleeper()).send(EchoEndpoint(path: "movie/popular"))
        }
        #expect(transport.attempts == 2)
        guard case .decoding(_, let prefix)? = error?.reason else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(prefix.utf8.count == 200)
        #expect(garbage.hasPrefix(prefix))
    }

    @Test("counts attempts, retries and 429s")
    func metrics() async throws {
        let transport = ScriptedTransport([.respond(429, body: "{}"), .respond(500, body: "{}"), ok])
        let client = client(transport, sleeper: RecordingSleeper())
        _ = try await client.send(EchoEndpoint(path: "x"))
        #expect(client.metrics.snapshot == ClientMetrics.Snapshot(requests: 3, retries: 2, throttled: 1))
    }

    @Test(
        "holds a far-off or garbled Retry-After to the cap, for its own retry and for the rate limiter's pause",
        arguments: [
            ("999999", true), ("9223372036854775807", true), ("1e17", false),
            (RetryingClientTests.httpDate(secondsFromNow: 86_400), true),
        ])
    func capsRetryAfterEverywhere(header: String, clamped: Bool) async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 1000, clock: clock)
        let sleeper = RecordingSleeper()
        var limited = client(
            ScriptedTransport([.respond(429, headers: ["Retry-After": header], body: "{}"), ok]), sleeper: sleeper)
        limited.rateLimiter = limiter
        let client = limited
        let sending = Task { try await client.send(EchoEndpoint(path: "x")) }
        try await clock.waitForSleepers(1)
        if clamped {
            #expect(clock.deadlines == [.seconds(120)], "the limiter pauses for the cap, not for what was asked")
            clock.advance(by: .seconds(120))
        } else {
            #expect(clock.deadlines.allSatisfy { $0 < .seconds(1) }, "no pause: only the next token, at the cut rate")
            clock.advance(by: .seconds(1))
        }
        #expect(try await sending.value.value == 7)
        let delay = try #require(sleeper.recorded.first)
        #expect(delay <= .seconds(120))
        let notices = client.activity.takeNotices()
        if clamped {
            #expect(delay == .seconds(120))
            #expect(notices.count == 1)
            let expected = "GET x: HTTP 429 asked to wait \"\(header)\" (Retry-After); waiting 120 s"
            #expect(notices.first?.contains(expected) == true)
        } else {
            #expect(delay <= .milliseconds(500), "not a Retry-After: backoff")
            #expect(notices.isEmpty)
        }
    }

    static func httpDate(secondsFromNow seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date().addingTimeInterval(seconds))
    }

    @Test("slows its rate limiter on 429")
    func throttlesLimiter() async throws {
        // A manual clock: on the real one the cut rate climbs back with time, and a slow machine would see it back.
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 1000, clock: clock)
        var client = client(
            ScriptedTransport([.respond(429, headers: ["Retry-After": "0"], body: "{}"), ok]),
            sleeper: RecordingSleeper())
        client.rateLimiter = limiter
        let sending = Task { [client] in try await client.send(EchoEndpoint(path: "x")) }
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.microseconds(1429)], "the retry's token comes 1/700 s after the cut, not 1/1000")
        clock.advance(by: .microseconds(1429))
        _ = try await sending.value
        #expect(await limiter.throttledCount == 1)
        #expect(await limiter.currentRate < 1000)
    }
}
