/// A client-side token bucket for one host, that finds the server's limit from its 429s and holds just under it.
///
/// `acquire()` waits until a token is free, so requests leave at most `currentRate` per second after a burst of at
/// most `burst`. The burst is what lets a client that lost slots to a stall (every connection busy, the process
/// descheduled) catch up, so that it averages its rate; a server whose own bucket holds at least as much never sees
/// more than it allows. On a 429 the rate is cut to just under what the server let through (see
/// ``RateAdaptation``), and nobody sends until the server's `Retry-After` has passed, or ``maximumPause`` if that
/// comes first. The rate then creeps back up with time, slowly near the measured limit, so a run settles just under
/// it with rare 429s instead of oscillating into 429 storms.
public actor RateLimiter {
    /// The burst of the default limiter: a fifth of a second's worth of tokens.
    public static let defaultBurstDuration = Duration.milliseconds(200)

    /// The configured ceiling, requests per second.
    public nonisolated let maximumRate: Double
    /// The most tokens that build up while the limiter is idle or behind.
    public nonisolated let burst: Double
    /// The longest a single 429 pauses everyone, whatever its `Retry-After` says.
    public nonisolated let maximumPause: Duration
    /// 429s seen.
    public private(set) var throttledCount = 0

    private var adaptation: RateAdaptation
    // Tokens are counted since the limiter was created: `minted` in all (never more than `burst` ahead of `taken`),
    // `taken` by the requests that have a place in line. The request holding place n goes when `minted` reaches n, so
    // waiters go in order, at whatever the rate is when their turn comes, a cut one included.
    private var minted: Double
    private var taken = 0
    // Times are durations since the limiter was created, read from `clock`.
    private var lastRefill: Duration = .zero
    private var pausedUntil: Duration?
    private let clock: ElapsedClock

    /// - Parameters:
    ///   - rate: requests per second.
    ///   - burst: tokens available at once after idling; nil for ``defaultBurstDuration`` worth, 1 keeps requests
    ///     evenly spaced.
    ///   - backoffFactor: the multiplier applied to the rate by a 429 when there is too little history to measure
    ///     what the server lets through.
    ///   - maximumPause: the longest pause a 429 causes; `RetryPolicy.maximumRetryAfter` by default, so a server
    ///     cannot stop the whole client for longer than it could delay one request.
    ///   - clock: tells the time and sleeps; tests pass one they advance by hand.
    public init<C: Clock<Duration>>(
        rate: Double, burst: Double? = nil, backoffFactor: Double = 0.7,
        maximumPause: Duration = RetryPolicy().maximumRetryAfter, clock: C = ContinuousClock()
    ) {
        let ceiling = max(rate, 0.1)
        let burst = max(burst ?? ceiling * RateLimiter.defaultBurstDuration.seconds, 1)
        maximumRate = ceiling
        self.burst = burst
        self.maximumPause = max(maximumPause, .zero)
        adaptation = RateAdaptation(
            maximumRate: ceiling, minimumRate: max(ceiling * 0.05, 0.1), backoffFactor: backoffFactor)
        minted = burst
        self.clock = ElapsedClock(clock)
    }

    /// The rate in force now, requests per second.
    public var currentRate: Double { adaptation.rate(at: clock.now) }

    /// What the server let through between the last two cuts of the rate, requests per second; nil until a 429 could
    /// measure it.
    public var estimatedLimit: Double? { adaptation.estimatedLimit }

    /// Waits for a token. Cancellation ends the wait with `CancellationError`.
    public func acquire() async throws {
        // Tokens saved up count before this request takes its place, so that at most `burst` of them are saved.
        refill(now: clock.now)
        taken += 1
        let place = Double(taken)
        while true {
            // A 429 may arrive while this request waits for its token.
            try await waitOutPause()
            let now = clock.now
            refill(now: now)
            // A hair of slack: the sum of many fractions of a token may fall just short of a whole one.
            if minted >= place - 1e-9 { return }
            let wait = (place - minted) / adaptation.rate(at: now)
            try await clock.sleep(until: now + .microseconds(Int((wait * 1_000_000).rounded(.up))))
        }
    }

    /// Records a 429: cut the rate (see ``RateAdaptation``), drop the tokens saved up (the server has none left), and
    /// pause everyone until `retryAfter` (at most ``maximumPause``) has passed.
    public func throttled(retryAfter: Duration?) {
        throttledCount += 1
        let now = clock.now
        refill(now: now)
        if adaptation.throttled(at: now) { minted = min(minted, Double(taken)) }
        if let retryAfter, retryAfter > .zero {
            let until = now + min(retryAfter, maximumPause)
            pausedUntil = max(pausedUntil ?? until, until)
            adaptation.pause(from: now, until: until)
            minted = min(minted, Double(taken))
        }
    }

    /// Records an answer other than 429: the server let the request through.
    public func admitted() {
        adaptation.admitted(at: clock.now)
    }

    private func waitOutPause() async throws {
        while let pausedUntil, clock.now < pausedUntil {
            try await clock.sleep(until: pausedUntil)
        }
    }

    private func refill(now: Duration) {
        guard now > lastRefill else { return }
        // The rate creeps linearly between cuts: the mean of its ends is what it minted meanwhile.
        let mean = (adaptation.rate(at: lastRefill) + adaptation.rate(at: now)) / 2
        minted = min(Double(taken) + burst, minted + (now - lastRefill).seconds * mean)
        lastRefill = now
    }
}
