extension Duration {
    /// The duration for a message: `120 s`, `0.5 s`, `2.25 s` (at most 3 decimals, no trailing zeros).
    public var secondsText: String {
        let milliseconds = max(0, (seconds * 1000).rounded())
        guard milliseconds < 1e15 else { return "\(components.seconds) s" }
        let whole = Int(milliseconds) / 1000
        var fraction = String(Int(milliseconds) % 1000)
        guard fraction != "0" else { return "\(whole) s" }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction) s"
    }

    /// The duration in seconds as a `Double`.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

extension Duration {
    /// `seconds` as a duration, to the millisecond: 0 for negative or NaN, `.seconds(Int.max)` for more than that
    /// (where `.milliseconds(Int(seconds * 1000))` would trap).
    static func saturating(seconds: Double, roundingUp: Bool = false) -> Duration {
        guard seconds > 0 else { return .zero }
        let milliseconds = (seconds * 1000).rounded(roundingUp ? .up : .toNearestOrEven)
        guard milliseconds < 9.2e18 else { return .seconds(Int.max) }
        return .milliseconds(Int(milliseconds))
    }
}
