import Foundation
import HTTPClient
import TestSupport
import Testing

@Suite("Rate limiter")
struct RateLimiterTests {
    @Test("cuts the rate on a 429, once per burst of 429s")
    func cutsOnce() async {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 40, clock: clock)
        await limiter.throttled(retryAfter: nil)
        clock.advance(by: .milliseconds(900))
        await limiter.throttled(retryAfter: nil)
        #expect(await limiter.currentRate == 28)
        #expect(await limiter.throttledCount == 2)
        #expect(await limiter.lastThrottledRate == 40)
        clock.advance(by: .milliseconds(200))
        await limiter.throttled(retryAfter: nil)
        #expect(abs(await limiter.currentRate - 19.6) < 1e-9, "more than a second after the last cut, it cuts again")
        #expect(await limiter.lastThrottledRate == 28)
    }

    @Test("spaces requests at the cut rate after a 429")
    func spacesAtTheCutRate() async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 10, clock: clock)
        try await limiter.acquire()
        let second = Task { try await limiter.acquire() }
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.milliseconds(100)], "1/10 s after the first")
        clock.advance(by: .milliseconds(100))
        try await second.value

        await limiter.throttled(retryAfter: nil)
        clock.advance(by: .seconds(1))
        try await limiter.acquire()
        #expect(clock.deadlines.isEmpty, "the bucket refilled while idle")
        let fourth = Task { try await limiter.acquire() }
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines == [clock.elapsed + .microseconds(142_858)], "1/7 s: 30% less than 10 per second")
        clock.advance(by: .microseconds(142_858))
        try await fourth.value
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
        let limiter = RateLimiter(rate: 10, clock: clock)
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

    @Test("recovers quickly to 90% of the rate that drew the 429, then creeps")
    func recovers() async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 40, clock: clock)
        await limiter.throttled(retryAfter: nil)
        for _ in 0..<25 { await limiter.succeeded() }
        let fast = await limiter.currentRate
        #expect(fast >= 36 && fast < 37.5, "at most one fast step past 90% of 40, then slow steps")
        for _ in 0..<25 { await limiter.succeeded() }
        let slow = await limiter.currentRate
        #expect(abs((slow - fast) - 25 * 40.0 / 2000) < 1e-9, "above the comfortable rate each success adds 1/2000")
        for _ in 0..<5000 { await limiter.succeeded() }
        #expect(await limiter.currentRate == 40)
        try await limiter.acquire()
        let next = Task { try await limiter.acquire() }
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.milliseconds(25)], "back to 1/40 s between requests")
        clock.advance(by: .milliseconds(25))
        try await next.value
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
