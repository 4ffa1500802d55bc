import Synchronization

/// A clock that moves only when a test advances it: timing tests neither sleep nor depend on the machine's speed.
public final class ManualClock: Clock {
    public struct Instant: InstantProtocol {
        public var offset: Swift.Duration

        public func advanced(by duration: Swift.Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Swift.Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// A task waiting in ``waitForSleepers(_:)`` for `count` sleepers.
    private struct Watcher {
        var id: Int
        var count: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var watchers: [Watcher] = []
        var nextID = 0

        /// Removes and returns the watchers that have their sleepers now.
        mutating func satisfiedWatchers() -> [Watcher] {
            let count = sleepers.count
            defer { watchers.removeAll { $0.count <= count } }
            return watchers.filter { $0.count <= count }
        }
    }

    private let state = Mutex(State())

    public init() {}

    private enum Admission {
        case cancelled
        case due
        case queued
    }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Swift.Duration { .zero }

    /// How far the clock has been advanced.
    public var elapsed: Swift.Duration { now.offset }

    /// When each task sleeping now wants to wake, as time since the start, earliest first.
    public var deadlines: [Swift.Duration] { state.withLock { $0.sleepers.map(\.deadline.offset).sorted() } }

    public func sleep(until deadline: Instant, tolerance: Swift.Duration?) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (admission, watchers) = state.withLock { state -> (Admission, [Watcher]) in
                    // Cancelled before the handler could find this sleeper: do not queue.
                    if Task.isCancelled { return (.cancelled, []) }
                    if deadline <= state.now { return (.due, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (.queued, state.satisfiedWatchers())
                }
                switch admission {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due: continuation.resume()
                case .queued: break
                }
                for watcher in watchers { watcher.continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    public func advance(by duration: Swift.Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once `count` tasks sleep on this clock: resumed by the sleep that makes them `count`, without polling
    /// and without a give-up of its own. Code that never sleeps leaves it waiting until the suite's time limit
    /// cancels the test, which ends the wait with `CancellationError`.
    public func waitForSleepers(_ count: Int) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let admission = state.withLock { state -> Admission in
                    if Task.isCancelled { return .cancelled }
                    if state.sleepers.count >= count { return .due }
                    state.watchers.append(Watcher(id: id, count: count, continuation: continuation))
                    return .queued
                }
                switch admission {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due: continuation.resume()
                case .queued: break
                }
            }
        } onCancel: {
            let watcher = state.withLock { state -> Watcher? in
                guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.watchers.remove(at: index)
            }
            watcher?.continuation.resume(throwing: CancellationError())
        }
    }
}
