import Synchronization

/// What a client is waiting on right now, and since when: requests on the wire, retries waiting out their delay,
/// the rate limiter's pause after a 429. Shared by a client and its copies (and by the image client of a run), so
/// a progress display can say what a run that seems stuck is waiting for. Also collects notices the client has
/// for the log, such as a `Retry-After` held to its cap.
public final class ClientActivity: Sendable {
    /// One thing being waited for.
    public struct Wait: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// A request sent, its answer not yet complete.
            case onTheWire
            /// A failed request waiting to be tried again.
            case retryDelay
            /// Nobody sends: a 429 asked everyone to wait.
            case rateLimitPause
        }

        public var kind: Kind
        /// The request (`GET movie/popular?page=3`); empty for the rate limiter's pause.
        public var subject: String
        public var since: ContinuousClock.Instant
        /// When the wait is due to end, when that is known.
        public var until: ContinuousClock.Instant?

        /// Reads as a phrase, e.g. `GET movie/popular?page=3 on the wire for 25 s`; the subject's control characters
        /// are escaped and it is cut at 200 characters.
        public func description(at now: ContinuousClock.Instant) -> String {
            let subject = SafeText.excerpt(subject)
            let waited = Self.seconds(now - since)
            let left = until.map { " (\(Self.seconds($0 - now)) left)" } ?? ""
            switch kind {
            case .onTheWire: return "\(subject) on the wire for \(waited)"
            case .retryDelay: return "\(subject) waiting to retry for \(waited)\(left)"
            case .rateLimitPause: return "rate-limit pause after a 429 for \(waited)\(left)"
            }
        }

        static func seconds(_ duration: Duration) -> String { "\(max(0, Int(duration.seconds.rounded()))) s" }
    }

    private struct State {
        var waits: [UInt64: Wait] = [:]
        var nextID: UInt64 = 0
        var pause: Wait?
        var notices: [String] = []
        var noticesDropped = 0
    }

    /// Notices kept until taken; more are counted, not kept, so a misbehaving server cannot grow the log or memory.
    static let noticeLimit = 20

    private let state = Mutex(State())

    /// Creates an empty registry.
    public init() {}

    /// Everything waited for now, the longest-waiting first. The rate limiter's pause is listed until it ends.
    public func waits(at now: ContinuousClock.Instant = .now) -> [Wait] {
        state.withLock { state in
            var waits = Array(state.waits.values)
            if let pause = state.pause, let until = pause.until, until > now { waits.append(pause) }
            return waits.sorted { $0.since < $1.since }
        }
    }

    /// The notices collected since the last call, oldest first, and then how many were left out.
    public func takeNotices() -> [String] {
        state.withLock { state in
            defer {
                state.notices = []
                state.noticesDropped = 0
            }
            guard state.noticesDropped > 0 else { return state.notices }
            return state.notices + ["\(state.noticesDropped) more such notices left out"]
        }
    }

    func begin(_ kind: Wait.Kind, _ subject: String, until: ContinuousClock.Instant? = nil) -> UInt64 {
        let wait = Wait(kind: kind, subject: subject, since: .now, until: until)
        return state.withLock { state in
            state.nextID += 1
            state.waits[state.nextID] = wait
            return state.nextID
        }
    }

    func end(_ id: UInt64) {
        _ = state.withLock { $0.waits.removeValue(forKey: id) }
    }

    /// Records the rate limiter's pause: from now for `duration`, extending one already running.
    func paused(for duration: Duration) {
        let now = ContinuousClock.now
        state.withLock { state in
            let until = now + duration
            if let pause = state.pause, let end = pause.until, end > now {
                state.pause?.until = max(end, until)
            } else {
                state.pause = Wait(kind: .rateLimitPause, subject: "", since: now, until: until)
            }
        }
    }

    func notice(_ text: String) {
        state.withLock { state in
            if state.notices.count < Self.noticeLimit {
                state.notices.append(text)
            } else {
                state.noticesDropped += 1
            }
        }
    }
}
