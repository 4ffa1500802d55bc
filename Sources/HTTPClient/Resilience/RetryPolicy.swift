import Foundation

/// How often to try a request again, and how long to wait first. A value with defaults you can read in one screen.
///
/// What is worth another attempt is decided in one place, `RetryPolicy.decision(for:)` in `RetryDecision.swift`:
/// 408, 429, 500, 502, 503, 504, bodies cut short or reset, and the transient libcurl codes listed there, each
/// with its reason. Never retried: 400, 401, 403, 404 and every other status (the answer
/// would not change). A `Retry-After` header (seconds or an HTTP date) is honoured; otherwise the wait is
/// exponential backoff with full jitter, capped.
public struct RetryPolicy: Sendable, Hashable {
    /// Most attempts per request, the first included. 1 means no retries.
    public var maximumAttempts: Int
    /// The backoff before the second attempt; doubled for each later one.
    public var baseDelay: Duration
    /// The longest backoff between two attempts.
    public var maximumDelay: Duration
    /// The longest `Retry-After` honoured; a server asking for more gets this much (and the attempt still counts).
    public var maximumRetryAfter: Duration
    /// Extra attempts for a 2xx body that does not decode or is not acceptable (e.g. HTML instead of an image).
    public var undecodableBodyRetries: Int

    /// The statuses ``decision(forStatus:)`` retries, each with the reason.
    public static let retryableStatuses: [Int: String] = Dictionary(
        uniqueKeysWithValues: (100...599).compactMap { status in
            let decision = decision(forStatus: status)
            return decision.retries ? (status, decision.reason) : nil
        })

    /// The libcurl codes ``decision(forCurlCode:)`` retries, each with the reason.
    public static let retryableCurlCodes: [Int: String] = curlCodeDecisions.filter(\.value.retries)
        .mapValues(\.reason)

    /// Creates a policy; the defaults are the ones documented in the README.
    public init(
        maximumAttempts: Int = 5, baseDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30),
        maximumRetryAfter: Duration = .seconds(120), undecodableBodyRetries: Int = 1
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
        self.undecodableBodyRetries = max(0, undecodableBodyRetries)
    }

    /// No retries at all.
    public static let none = RetryPolicy(maximumAttempts: 1, undecodableBodyRetries: 0)

    public func isRetryable(status: Int) -> Bool { Self.decision(forStatus: status).retries }

    public func isRetryable(_ error: TransportError) -> Bool { Self.decision(for: error).retries }

    /// The wait before attempt `attempt + 1`, after attempt `attempt` (1-based) failed.
    /// - Parameters:
    ///   - retryAfter: the response's `Retry-After` header, if any; it wins over backoff, held to
    ///     `0...maximumRetryAfter`.
    ///   - now: the current time, for HTTP-date values.
    ///   - random: a uniform draw in 0..<1, for jitter (injectable so tests are exact).
    public func delay(
        afterAttempt attempt: Int, retryAfter: String? = nil, now: Date = Date(),
        random: Double = Double.random(in: 0..<1)
    ) -> Duration {
        if let retryAfter, let wait = self.retryAfter(retryAfter, now: now) { return wait.wait }
        // Full jitter: uniformly between 0 and the capped exponential step, so clients that failed together
        // do not retry together.
        let exponent = Double(1 << min(max(attempt - 1, 0), 20))
        let ceiling = min(baseDelay.seconds * exponent, maximumDelay.seconds)
        return .milliseconds(Int((ceiling * random * 1000).rounded()))
    }

    /// The longest wait between two attempts: the backoff's cap or the `Retry-After` cap, whichever is longer.
    public var longestWait: Duration { max(maximumDelay, maximumRetryAfter) }

    /// The longest one request may take by these settings, each attempt bounded by `timeout`:
    /// attempts × (timeout + ``longestWait``). A run in which nothing completes for this long is stalled.
    public func longestRequest(timeout: Duration) -> Duration { (timeout + longestWait) * maximumAttempts }

    /// A `Retry-After` value as the client uses it: what the server asked for and the wait actually honoured.
    public struct RetryAfter: Sendable, Hashable {
        /// What the header asked for (saturated at about 292 billion years).
        public var requested: Duration
        /// The wait honoured: `requested`, held to `0...maximumRetryAfter`.
        public var wait: Duration
        /// Whether the server asked for more than the cap.
        public var isClamped: Bool { requested > wait }
    }

    /// Reads a `Retry-After` header and holds it to `0...maximumRetryAfter`; nil when it is neither form.
    public func retryAfter(_ header: String, now: Date = Date()) -> RetryAfter? {
        guard let requested = Self.parseRetryAfter(header, now: now) else { return nil }
        return RetryAfter(requested: requested, wait: min(max(requested, .zero), maximumRetryAfter))
    }

    /// Reads `Retry-After` (RFC 9110): delta-seconds, only ASCII digits (`"3"`), or an HTTP date
    /// (`"Wed, 21 Oct 2026 07:28:00 GMT"`, or the two obsolete forms). Anything else (`"1e17"`, `"-3"`, `"1.5"`) is
    /// not a `Retry-After` and gives nil; a date in the past means no wait. Nothing is capped here (see
    /// ``retryAfter(_:now:)``), but nothing overflows either: huge values saturate.
    public static func parseRetryAfter(_ value: String, now: Date = Date()) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
        if trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return .seconds(Int(trimmed) ?? .max)
        }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) {
                return .saturating(seconds: date.timeIntervalSince(now), roundingUp: true)
            }
        }
        return nil
    }
}
