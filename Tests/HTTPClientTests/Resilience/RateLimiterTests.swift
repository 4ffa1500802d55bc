import Foundation
import HTTPClient
import TestSupport
import Testing

@Suite("Rate limiter", .timeLimit(.minutes(15)))
struct RateLimiterTests {
    @Test("cuts the rate on a 429 once per quarter second: by the backoff factor with nothing to measure yet")
    func cutsOnce() async {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 40, clock: clock)
        await limiter.throttled(retryAfter: nil)
        #expect(await limiter.currentRate == 28, "no answer has got through yet: nothing to measure")
        clock.advance(by: .milliseconds(200))
        await limiter.throttled(retryAfter: nil)
        #expect(await limiter.throttledCount == 2)
        #expect(await limiter.currentRate > 28, "a 429 this soon answers a request sent before the cut: no cut")
        #expect(await limiter.estimatedLimit == nil)
        for _ in 0..<3 { await limiter.admitted() }
        clock.advance(by: .milliseconds(100))
        await limiter.throttled(retryAfter: nil)
        #expect(abs(await limiter.estimatedLimit! - 10) < 1e-9, "3 answers let through in the 0.3 s since the cut")
        #expect(abs(await limiter.currentRate - 9.7) < 1e-9, "a quarter second after the cut, it cuts again")
    }

    @Test("spaces requests at the cut rate after a 429")
    func spacesAtTheCutRate() async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 10, burst: 1, clock: clock)
        try await limiter.acquire()
        let second = Task { try await limiter.acquire() }
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.milliseconds(100)], "1/10 s after the first")
        clock.advance(by: .milliseconds(100))
        try await second.value

        await limiter.throttled(retryAfter: nil)
        let third = Task { try await limiter.acquire() }
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.microseconds(242_858)], "1/7 s later: 30% less than 10 per second")
        clock.advance(by: .microseconds(142_858))
        try await third.value
    }

    @Test("sends nothing until a 429's Retry-After has passed, then sends at once")
    func pausesForRetryAfter() async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 1000, burst: 5, clock: clock)
        await limiter.throttled(retryAfter: .seconds(2))
        let first = Task { try await limiter.acquire() }
        let second = Task { try await limiter.acquire() }
        try await clock.waitForSleepers(2)
        #expect(clock.deadlines == [.seconds(2), .seconds(2)], "everyone waits for the pause, despite the burst")
        clock.advance(by: .milliseconds(1999))
        #expect(clock.deadlines == [.seconds(2), .seconds(2)], "still paused a millisecond before the end")
        clock.advance(by: .milliseconds(1))
        try await first.value
        try await second.value
        try await limiter.acquire()
        #expect(clock.deadlines.isEmpty, "the bucket refilled during the pause")
        #expect(clock.elapsed == .seconds(2))
    }

    @Test(
        "pauses for at most its maximum pause, however long the Retry-After",
        arguments: [Duration.seconds(999_999), .seconds(86_400), .seconds(Int.max)])
    func capsThePause(retryAfter: Duration) async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 1000, clock: clock)
        #expect(limiter.maximumPause == .seconds(120), "the Retry-After cap by default")
        await limiter.throttled(retryAfter: retryAfter)
        let waiting = Task { try await limiter.acquire() }
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.seconds(120)])
        clock.advance(by: .seconds(120))
        try await waiting.value
    }

    @Test("holds a request that got its token during a pause until the pause is over")
    func pauseStopsATokenHolder() async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 10, burst: 1, clock: clock)
        try await limiter.acquire()
        let waiting = Task { try await limiter.acquire() }
        try await clock.waitForSleepers(1)
        await limiter.throttled(retryAfter: .seconds(1))
        clock.advance(by: .milliseconds(100))
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.seconds(1)], "its token came due at 0.1 s, inside the pause")
        clock.advance(by: .milliseconds(900))
        try await waiting.value
    }

    @Test("climbs back to its ceiling by a tenth a second, compounded, after a cut it could not measure")
    func recoversFromAnUnmeasuredCut() async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 40, burst: 1, clock: clock)
        await limiter.throttled(retryAfter: nil)
        clock.advance(by: .seconds(1))
        #expect(abs(await limiter.currentRate - 28 * exp(0.1)) < 1e-9)
        clock.advance(by: .seconds(3))
        #expect(await limiter.currentRate == 40, "held to the ceiling, reached after ln(40/28)/0.1 = 3.6 s")
        try await limiter.acquire()
        let next = Task { try await limiter.acquire() }
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.seconds(4) + .milliseconds(25)], "back to 1/40 s between requests")
        clock.advance(by: .milliseconds(25))
        try await next.value
    }

    @Test("cuts to just under what the server let through since its first answer, then creeps up slowly near it")
    func cutsToWhatGotThrough() async {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 400, clock: clock)
        for _ in 0..<200 {
            await limiter.admitted()
            clock.advance(by: .milliseconds(5))
        }
        await limiter.throttled(retryAfter: nil)
        #expect(await limiter.estimatedLimit == 200)
        #expect(abs(await limiter.currentRate - 194) < 1e-9, "97% of the 200 answers in the 1 s since the first")
        clock.advance(by: .seconds(5))
        #expect(abs(await limiter.currentRate - 204) < 1e-9, "1% of the estimate per second near it")
        clock.advance(by: .seconds(4))
        #expect(abs(await limiter.currentRate - 210 * exp(0.1)) < 1e-9, "5% past the estimate, faster: 10% a second")
    }

    @Test("when 429s go on after a cut, cuts again to just under what got through since it")
    func measuresSinceTheCut() async {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 400, clock: clock)
        // The server's burst lets the first second through whole, so the first cut measures 400.
        for _ in 0..<400 {
            await limiter.admitted()
            clock.advance(by: .microseconds(2500))
        }
        await limiter.throttled(retryAfter: nil)
        #expect(abs(await limiter.currentRate - 388) < 1e-9)
        for _ in 0..<60 {
            clock.advance(by: .microseconds(5000))
            await limiter.admitted()
        }
        await limiter.throttled(retryAfter: nil)
        #expect(abs(await limiter.estimatedLimit! - 200) < 1e-9, "60 answers in the 0.3 s since the cut")
        #expect(abs(await limiter.currentRate - 194) < 1e-9)
        clock.advance(by: .milliseconds(100))
        await limiter.throttled(retryAfter: nil)
        #expect(abs(await limiter.currentRate - 194.2) < 1e-9, "a 429 0.1 s after the cut cuts nothing")
    }

    @Test("a client hands a 429's Retry-After to its limiter, which holds the next attempt that long")
    func clientPausesForRetryAfter() async throws {
        let clock = ManualClock()
        let transport = ScriptedTransport([
            .respond(429, headers: ["Retry-After": "3"], body: "{}"), .respond(200, body: #"{"value": 7}"#),
        ])
        let client = APIClient(
            baseURL: URL(string: "https://api.test/3")!, credentials: nil, transport: transport,
            rateLimiter: RateLimiter(rate: 1000, burst: 5, clock: clock), sleep: RecordingSleeper().sleep)
        let send = Task { try await client.send(EchoEndpoint(path: "x")) }
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.seconds(3)])
        #expect(transport.attempts == 1)
        clock.advance(by: .seconds(3))
        #expect(try await send.value.value == 7)
        #expect(transport.attempts == 2)
    }
}
