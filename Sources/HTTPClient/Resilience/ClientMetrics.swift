import Synchronization

/// Counts what a client did on the wire, for manifests and progress: attempts, retries, 429s.
/// Shared by all tasks of a run; a `Mutex` keeps the counters exact.
public final class ClientMetrics: Sendable {
    /// A consistent copy of the counters.
    public struct Snapshot: Sendable, Hashable, Codable {
        /// HTTP attempts sent (first attempts and retries).
        public var requests = 0
        /// Attempts that were retries.
        public var retries = 0
        /// 429 answers received.
        public var throttled = 0

        /// Creates a snapshot.
        public init(requests: Int = 0, retries: Int = 0, throttled: Int = 0) {
            self.requests = requests
            self.retries = retries
            self.throttled = throttled
        }
    }

    private let counters = Mutex(Snapshot())

    /// Creates empty counters.
    public init() {}

    /// The counters now.
    public var snapshot: Snapshot { counters.withLock { $0 } }

    func recordAttempt(isRetry: Bool) {
        counters.withLock {
            $0.requests += 1
            if isRetry { $0.retries += 1 }
        }
    }

    func recordThrottled() {
        counters.withLock { $0.throttled += 1 }
    }
}
