/// A client-side token bucket for one host, that slows down on 429 and recovers gradually.
///
/// `acquire()` waits until a token is free, so requests leave at most `currentRate` per second after a burst of at
/// most `burst`. On a 429 the rate is cut multiplicatively and nobody sends until the server's `Retry-After` has
/// passed, or ``maximumPause`` if that comes first. Successes then add the rate back: quickly up to 90% of the rate
/// that drew the last 429, slowly beyond it. Each 429 thus lowers the estimate of the server's limit, and a run
/// settles just under it instead of oscillating into 429 storms.
public actor RateLimiter {
    /// The configured ceiling, requests per second.
    public let maximumRate: Double
    public private(set) var currentRate: Double
    /// The longest a single 429 pauses everyone, whatever its `Retry-After` says.
    public nonisolated let maximumPause: Duration
    /// 429s seen.
    public private(set) var throttledCount = 0
    /// The rate in force when the last 429 arrived: the server's limit is probably just below it.
    public private(set) var lastThrottledRate: Double?

    private let minimumRate: Double
    private let backoffFactor: Double
    private let burst: Double
    private var tokens: Double
    // Times are durations since the limiter was created, read from `clock`.
    private var lastRefill: Duration = .zero
    private var pausedUntil: Duration?
    private var lastCut: Duration?
    private let clock: ElapsedClock

    /// - Parameters:
    ///   - rate: requests per second.
    ///   - burst: tokens available at once after idling; 1 keeps requests evenly spaced.
    ///   - backoffFactor: the multiplier applied to the rate on a 429.
    ///   - maximumPause: the longest pause a 429 causes; `RetryPolicy.maximumRetryAfter` by default, so a server
    ///     cannot stop the whole client for longer than it could delay one request.
    ///   - clock: tells the time and sleeps; tests pass one they advance by hand.
    public init<C: Clock<Duration>>(
        rate: Double, burst: Double = 1, backoffFactor: Double = 0.7,
        maximumPause: Duration = RetryPolicy().maximumRetryAfter, clock: C = ContinuousClock()
    ) {
        maximumRate = max(rate, 0.1)
        self.maximumPause = max(maximumPause, .zero)
        currentRate = maximumRate
        minimumRate = max(maximumRate * 0.05, 0.1)
        self.backoffFactor = backoffFactor
        self.burst = max(burst, 1)
        tokens = max(burst, 1)
        self.clock = ElapsedClock(clock)
    }

    /// Waits for a token. Cancellation ends the wait with `CancellationError`.
    public func acquire() async throws {
        try await waitOutPause()
        let now = clock.now
        refill(now: now)
        tokens -= 1
        if tokens < 0 {
            // The token is reserved; sleep until it is due. Reserving first keeps waiters in order.
            let wait = -tokens / currentRate
            try await clock.sleep(until: now + .microseconds(Int((wait * 1_000_000).rounded(.up))))
        }
        // A 429 may have arrived while this request waited for its token.
        try await waitOutPause()
    }

    /// Records a 429: cut the rate (once per burst of 429s) and pause everyone until `retryAfter` (at most
    /// ``maximumPause``) has passed.
    public func throttled(retryAfter: Duration?) {
        throttledCount += 1
        let now = clock.now
        if lastCut.map({ now - $0 > .seconds(1) }) ?? true {
            lastThrottledRate = currentRate
            currentRate = max(minimumRate, currentRate * backoffFactor)
            lastCut = now
        }
        if let retryAfter, retryAfter > .zero {
            let until = now + min(retryAfter, maximumPause)
            pausedUntil = max(pausedUntil ?? until, until)
            refill(now: now)
            tokens = min(tokens, 0)
        }
    }

    /// Records a success: creep back towards the ceiling, fast below 90% of the last throttled rate, slowly above.
    public func succeeded() {
        guard currentRate < maximumRate else { return }
        let comfortable = (lastThrottledRate ?? .infinity) * 0.9
        let step = currentRate < comfortable ? maximumRate / 50 : maximumRate / 2000
        currentRate = min(maximumRate, currentRate + step)
    }

    private func waitOutPause() async throws {
        while let pausedUntil, clock.now < pausedUntil {
            try await clock.sleep(until: pausedUntil)
        }
    }

    private func refill(now: Duration) {
        let elapsed = now - lastRefill
        lastRefill = now
        tokens = min(burst, tokens + elapsed.seconds * currentRate)
    }
}
