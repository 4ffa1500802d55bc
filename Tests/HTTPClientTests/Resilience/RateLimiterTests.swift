import HTTPClient
import Testing

@Suite("Rate limiter")
struct RateLimiterTests {
    @Test("cuts the rate on a 429, once per burst of 429s")
    func cutsOnce() async {
        let limiter = RateLimiter(rate: 40)
        await limiter.throttled(retryAfter: nil)
        await limiter.throttled(retryAfter: nil)
        #expect(await limiter.currentRate == 28)
        #expect(await limiter.throttledCount == 2)
        #expect(await limiter.lastThrottledRate == 40)
    }

    @Test("recovers quickly to 90% of the rate that drew the 429, then creeps")
    func recovers() async {
        let limiter = RateLimiter(rate: 40)
        await limiter.throttled(retryAfter: nil)
        for _ in 0..<25 { await limiter.succeeded() }
        let fast = await limiter.currentRate
        #expect(fast >= 36 && fast < 37.5, "at most one fast step past 90% of 40, then slow steps")
        for _ in 0..<25 { await limiter.succeeded() }
        let slow = await limiter.currentRate
        #expect(abs((slow - fast) - 25 * 40.0 / 2000) < 1e-9, "above the comfortable rate each success adds 1/2000")
        for _ in 0..<5000 { await limiter.succeeded() }
        #expect(await limiter.currentRate == 40)
    }

    @Test("hands out tokens after a 429 pause has passed")
    func pauseEnds() async throws {
        let limiter = RateLimiter(rate: 1000, burst: 5)
        await limiter.throttled(retryAfter: .milliseconds(20))
        try await limiter.acquire()
        try await limiter.acquire()
    }
}
