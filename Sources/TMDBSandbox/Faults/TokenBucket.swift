/// A token bucket: `rate` tokens per second, holding at most one second's worth (at least one token).
struct TokenBucket: Sendable {
    /// Tokens added per second.
    let rate: Double
    /// Most tokens the bucket holds; the burst a fresh bucket allows.
    let capacity: Double
    private var tokens: Double
    private var updated: ContinuousClock.Instant

    /// A full bucket; nil when `rate` is not a positive finite number (no limit).
    init?(rate: Double, now: ContinuousClock.Instant) {
        guard rate.isFinite, rate > 0 else { return nil }
        self.rate = rate
        capacity = max(1, rate)
        tokens = capacity
        updated = now
    }

    /// Takes one token if there is one.
    /// - Returns: nil when the request may go ahead, else the whole seconds (at least 1) until a token is back,
    ///   for `Retry-After`.
    mutating func take(now: ContinuousClock.Instant) -> Int? {
        let elapsed = updated.duration(to: now)
        if elapsed > .zero {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            tokens = min(capacity, tokens + seconds * rate)
            updated = now
        }
        if tokens >= 1 {
            tokens -= 1
            return nil
        }
        let wait = (1 - tokens) / rate
        return max(1, Int(min(wait, 86_400).rounded(.up)))
    }
}
