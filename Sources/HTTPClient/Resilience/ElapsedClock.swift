/// A clock reduced to the time since it was wrapped, so that what waits on it (the rate limiter, a run's stall
/// watchdog) takes any clock, a test's manual one included, without a generic parameter.
public struct ElapsedClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleepUntil: @Sendable (Duration) async throws -> Void

    public init<C: Clock<Duration>>(_ clock: C) {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleepUntil = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    }

    /// The time since the clock was wrapped.
    public var now: Duration { elapsed() }

    /// Sleeps until `deadline`, counted from when the clock was wrapped.
    public func sleep(until deadline: Duration) async throws { try await sleepUntil(deadline) }
}
