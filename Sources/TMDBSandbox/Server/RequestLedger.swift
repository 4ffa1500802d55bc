import Synchronization

/// The server state that every connection thread shares: request numbers, the rate limiter, the 5xx rotation and the
/// request log.
///
/// Sendable because every stored property is either immutable or inside a `Mutex`; the lock is held only for a few
/// assignments, never across I/O or sleeps.
final class RequestLedger: Sendable {
    private struct State {
        var nextRequest: UInt64 = 0
        var bucket: TokenBucket?
        var serverErrors = 0
        var log: [SandboxRequestRecord] = []
    }

    /// A request's place in the run, and whether the rate limiter turned it away.
    struct Ticket {
        /// 0-based arrival number, the stream of its ``FaultDraws``.
        var number: UInt64
        /// `Retry-After` seconds when over the rate limit.
        var retryAfter: Int?
    }

    private let state: Mutex<State>
    private let recordsRequests: Bool
    private let observer: (@Sendable (SandboxRequestRecord) -> Void)?
    private static let serverErrorStatuses = [500, 502, 503]

    init(
        rateLimit: Double?, recordsRequests: Bool, observer: (@Sendable (SandboxRequestRecord) -> Void)? = nil
    ) {
        let bucket = rateLimit.flatMap { TokenBucket(rate: $0, now: .now) }
        state = Mutex(State(bucket: bucket))
        self.recordsRequests = recordsRequests
        self.observer = observer
    }

    /// Numbers the next request and, for API paths, takes a token from the bucket.
    func ticket(rateLimited: Bool) -> Ticket {
        let now = ContinuousClock.now
        return state.withLock { state in
            defer { state.nextRequest += 1 }
            let retryAfter = rateLimited ? state.bucket?.take(now: now) : nil
            return Ticket(number: state.nextRequest, retryAfter: retryAfter)
        }
    }

    /// 500, 502, 503, 500, …: the next status of the server-error fault.
    func nextServerErrorStatus() -> Int {
        state.withLock { state in
            defer { state.serverErrors += 1 }
            return Self.serverErrorStatuses[state.serverErrors % Self.serverErrorStatuses.count]
        }
    }

    /// Appends to the log (unless ``SandboxOptions/recordsRequests`` is off), then tells the observer.
    func record(_ record: SandboxRequestRecord) {
        if recordsRequests {
            state.withLock { $0.log.append(record) }
        }
        observer?(record)
    }

    /// Every record since the start or the last reset, in order.
    func records() -> [SandboxRequestRecord] {
        state.withLock { $0.log }
    }

    /// Empties the log; request numbering and the rate limiter go on.
    func resetRecords() {
        state.withLock { $0.log.removeAll() }
    }
}
