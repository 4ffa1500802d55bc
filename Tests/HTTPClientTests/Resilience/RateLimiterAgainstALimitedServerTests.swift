import HTTPClient
import TestSupport
import Testing

/// Long runs against a simulated server limit R (a token bucket holding one second's worth, 429s without
/// `Retry-After`), on a manual clock: the limiter's policy judged by what a whole run gets.
@Suite("Rate limiter against a limited server", .timeLimit(.minutes(15)))
struct RateLimiterAgainstALimitedServerTests {
    static let limit = 200.0

    @Test("told a server's limit, averages it through stalls shorter than its burst, and draws no 429")
    func holdsAGivenLimit() async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: Self.limit, clock: clock)
        let outcome = try await SimulatedRun().run(
            through: limiter, on: clock, to: SimulatedServerLimit(rate: Self.limit), for: .seconds(20))
        #expect(outcome.throttled == 0)
        #expect(Double(outcome.grants.count) >= Self.limit * 20 * 0.995, "every slot a 150 ms stall lost caught up")
        #expect(outcome.largestBurst(rate: Self.limit) <= limiter.burst + 1e-6, "never beyond rate × span + burst")
    }

    @Test("with no burst, loses the slots of every stall")
    func losesStalledSlotsWithoutABurst() async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: Self.limit, burst: 1, clock: clock)
        let outcome = try await SimulatedRun().run(
            through: limiter, on: clock, to: SimulatedServerLimit(rate: Self.limit), for: .seconds(20))
        #expect(Double(outcome.grants.count) < Self.limit * 20 * 0.9, "150 ms of every second lost")
    }

    @Test("told twice a server's limit, finds it from 429s without Retry-After and settles just under it")
    func findsTheLimit() async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 2 * Self.limit, clock: clock)
        let outcome = try await SimulatedRun().run(
            through: limiter, on: clock, to: SimulatedServerLimit(rate: Self.limit), for: .seconds(120))
        let estimate = try #require(await limiter.estimatedLimit)
        #expect(abs(estimate / Self.limit - 1) < 0.03, "estimated \(estimate)")
        let settled = outcome.meanRate(from: .seconds(20))
        #expect(settled > 0.96 * Self.limit && settled < 1.02 * Self.limit, "settled at \(settled)")
        let share = Double(outcome.throttled) / Double(outcome.grants.count)
        #expect(share < 0.01, "\(outcome.throttled) 429s of \(outcome.grants.count) requests")
        #expect(Double(outcome.admitted) / 120 >= 0.97 * Self.limit, "\(outcome.admitted) let through in 120 s")
    }

    @Test("follows a server whose limit halves mid-run down within a second, then holds under it")
    func followsALimitDown() async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 2 * Self.limit, clock: clock)
        var run = SimulatedRun()
        run.limitChange = (at: .seconds(30), rate: Self.limit / 2)
        let outcome = try await run.run(
            through: limiter, on: clock, to: SimulatedServerLimit(rate: Self.limit), for: .seconds(90))
        let down = try #require(outcome.rates.first { $0.time >= .seconds(31) })
        #expect(down.rate < 1.1 * Self.limit / 2, "at \(down.rate) a second after the drop")
        let afterDrop = outcome.since(.seconds(31))
        let share = Double(afterDrop.throttled) / Double(afterDrop.requests)
        #expect(share < 0.01, "\(afterDrop.throttled) 429s of \(afterDrop.requests) requests")
        #expect(afterDrop.admittedPerSecond >= 0.95 * Self.limit / 2, "\(afterDrop.admittedPerSecond) let through")
    }
}
