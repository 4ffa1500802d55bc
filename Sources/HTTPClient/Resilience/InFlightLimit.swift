import Synchronization

/// An async counting semaphore: at most `limit` holders at once, the rest wait in FIFO order.
///
/// ``APIClient`` builds one from `maximumInFlight` and holds one slot while a request takes its rate token and is on
/// the wire, not while its body is decoded or a retry waits. A scheduler can therefore queue more tasks than
/// `limit`: when an answer arrives, the slot passes straight to the next waiting request, without a round trip
/// through the scheduler, and the answer is decoded while the next request is already out.
///
/// ``APIClient/stopSending()`` calls ``halt()``: requests still waiting for a slot are then never sent.
public final class InFlightLimit: Sendable {
    /// Thrown by ``acquire()`` once the limit is halted.
    public struct Halted: Error, Sendable {}

    /// The most holders at once.
    public let limit: Int

    private struct Waiter {
        var id: UInt64
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// A task in ``waitUntilWaiting(_:)``.
    private struct Watcher {
        var id: UInt64
        var count: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var available: Int
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
        var halted = false
        var watchers: [Watcher] = []

        /// Removes and returns the watchers that have their waiters now.
        mutating func satisfiedWatchers() -> [Watcher] {
            guard !watchers.isEmpty else { return [] }
            let count = waiters.count
            defer { watchers.removeAll { $0.count <= count } }
            return watchers.filter { $0.count <= count }
        }
    }

    private let state: Mutex<State>

    /// What a waiter that found no free slot at first is told once it holds the lock.
    private enum Admission {
        case granted
        case refused(any Error)
        case queued
    }

    /// Creates a limit of `limit` (at least 1) holders.
    public init(_ limit: Int) {
        self.limit = max(1, limit)
        state = Mutex(State(available: max(1, limit)))
    }

    /// The holders now (for tests and diagnostics).
    public var holders: Int { state.withLock { limit - $0.available } }

    /// The tasks waiting for a slot now (for tests and diagnostics).
    public var waiting: Int { state.withLock { $0.waiters.count } }

    /// Waits for a slot. Cancellation ends the wait with `CancellationError`, a halt with ``Halted``; either way
    /// nothing is held.
    public func acquire() async throws {
        let (acquired, id) = try state.withLock { state throws -> (Bool, UInt64) in
            if state.halted { throw Halted() }
            if state.available > 0 {
                state.available -= 1
                return (true, 0)
            }
            state.nextID += 1
            return (false, state.nextID)
        }
        if acquired { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (admission, watchers) = state.withLock { state -> (Admission, [Watcher]) in
                    // Cancelled before the handler could find this waiter: do not queue.
                    if Task.isCancelled { return (.refused(CancellationError()), []) }
                    if state.halted { return (.refused(Halted()), []) }
                    if state.available > 0 {
                        state.available -= 1
                        return (.granted, [])
                    }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return (.queued, state.satisfiedWatchers())
                }
                switch admission {
                case .granted: continuation.resume()
                case .refused(let error): continuation.resume(throwing: error)
                case .queued: break
                }
                for watcher in watchers { watcher.continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once `count` tasks wait for a slot, resumed by the ``acquire()`` that makes them `count`: a test hook
    /// that lets a test await "the request is queued" without polling. Cancellation ends the wait with
    /// `CancellationError`.
    package func waitUntilWaiting(_ count: Int) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready = state.withLock { state -> Bool in
                    if Task.isCancelled || state.waiters.count >= count { return true }
                    state.watchers.append(Watcher(id: id, count: count, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let watcher = state.withLock { state -> Watcher? in
                guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.watchers.remove(at: index)
            }
            watcher?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Gives a slot back: to the longest waiter, or to the pool.
    public func release() {
        let next = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty || state.halted {
                state.available = min(limit, state.available + 1)
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.continuation.resume()
    }

    /// Stops granting slots for good: every waiter, and every later ``acquire()``, throws ``Halted``. Holders keep
    /// their slots until they release them.
    public func halt() {
        let waiters = state.withLock { state -> [Waiter] in
            state.halted = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.continuation.resume(throwing: Halted()) }
    }
}
