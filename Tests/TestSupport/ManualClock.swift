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

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
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
                let admission = state.withLock { state -> Admission in
                    // Cancelled before the handler could find this sleeper: do not queue.
                    if Task.isCancelled { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return .queued
                }
                switch admission {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due: continuation.resume()
                case .queued: break
                }
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

    /// Thrown by ``waitForSleepers(_:)`` when the sleepers never come.
    public struct TooFewSleepers: Error, CustomStringConvertible {
        public var expected: Int
        public var description: String { "expected \(expected) sleepers on the clock within 10 s" }
    }

    /// Returns once `count` tasks sleep on this clock (by yielding, not by sleeping), or throws after 10 s of real
    /// time, so code that never sleeps fails the test instead of hanging it.
    public func waitForSleepers(_ count: Int) async throws {
        let giveUp = ContinuousClock.now + .seconds(10)
        while state.withLock({ $0.sleepers.count }) < count {
            guard ContinuousClock.now < giveUp else { throw TooFewSleepers(expected: count) }
            await Task.yield()
        }
    }
}
