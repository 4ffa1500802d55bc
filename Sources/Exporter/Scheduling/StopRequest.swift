import Synchronization

/// A request to stop a run gracefully: start nothing new, let what is in flight finish, then end as `interrupted`.
/// Set from a signal handler's queue, read by the run's scheduler between completions.
public final class StopRequest: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Creates an unset request.
    public init() {}

    /// Asks the run to stop.
    public func request() { flag.store(true, ordering: .releasing) }

    /// Whether a stop was asked for.
    public var isRequested: Bool { flag.load(ordering: .acquiring) }
}
