import HTTPClient
import Synchronization

/// The thin shell around a ``WorkSchedule``: one task group, the schedule asked for work whenever a place frees,
/// each work done in a child task, each result handed back to the schedule in the parent task, one at a time.
///
/// All bookkeeping happens in the schedule, between `group.next()` calls; child tasks only do I/O and return
/// values. When the run ends early (an error, a cancellation, a stall) the rest of the group is cancelled and
/// awaited, so no request of the run outlives it.
struct WorkLoop<Schedule: WorkSchedule> {
    /// Does one piece of work; runs in a child task.
    var perform: @Sendable (Schedule.Work) async -> Schedule.Result
    /// Asks the run to drain and stop.
    var stop: StopRequest?
    /// Ends the run with ``ExportError/stalled(after:waiting:)`` when work is in flight but none has finished for
    /// this long; nil waits for ever.
    var stallLimit: Duration?
    /// What the run waits on, for the stall's error; asked before the rest of the group is cancelled.
    var waiting: @Sendable () -> [String] = { [] }
    /// The watchdog's clock; tests pass one they advance by hand.
    var clock = ElapsedClock(ContinuousClock())

    /// Runs the schedule until no work is left or in flight, handing each effect to `apply` in order.
    /// - Throws: the first ``ExportError`` from the schedule or from `apply`; ``ExportError/interrupted`` when the
    ///   task is cancelled; ``ExportError/stalled(after:waiting:)`` when nothing finished for `stallLimit`.
    func run(
        _ schedule: inout Schedule, apply: (Schedule.Effect) throws(ExportError) -> Void
    ) async throws(ExportError) {
        let perform = self.perform
        let stop = self.stop
        let stallLimit = self.stallLimit
        let waiting = self.waiting
        let clock = self.clock
        let lastFinish = LastFinish(clock)
        let failure = await withTaskGroup(of: Schedule.Result?.self, returning: ExportError?.self) { group in
            var stopping = false
            var working = 0
            func fill() {
                if !stopping, stop?.isRequested == true {
                    stopping = true
                    schedule.stop()
                }
                while let work = schedule.nextWork() {
                    working += 1
                    group.addTask(operation: { await perform(work) })
                }
            }
            // The watchdog is the one child that answers nil: when it does, nothing has finished for the limit.
            if let stallLimit {
                group.addTask(operation: { await watchForStall(lastFinish, limit: stallLimit, clock: clock) })
            }
            do throws(ExportError) {
                fill()
                while working > 0, let arrival = await group.next() {
                    if Task.isCancelled { throw .interrupted }
                    guard let result = arrival else { throw .stalled(after: stallLimit ?? .zero, waiting: waiting()) }
                    working -= 1
                    lastFinish.record()
                    schedule.release(result)
                    fill()
                    for effect in try schedule.record(result) { try apply(effect) }
                    fill()
                }
                group.cancelAll()
                return nil
            } catch {
                group.cancelAll()
                return error
            }
        }
        if let failure { throw failure }
    }

}

/// Returns nil once `limit` has passed since the last finish, or when cancelled (the loop is over by then, or
/// itself cancelled, and checks that first).
private func watchForStall<Result>(_ lastFinish: LastFinish, limit: Duration, clock: ElapsedClock) async -> Result? {
    while true {
        let deadline = lastFinish.elapsed + limit
        if clock.now >= deadline { return nil }
        do { try await clock.sleep(until: deadline) } catch { return nil }
    }
}

/// When a work last finished (or the loop started), shared between the loop and its watchdog.
private final class LastFinish: Sendable {
    private let clock: ElapsedClock
    private let last: Mutex<Duration>

    init(_ clock: ElapsedClock) {
        self.clock = clock
        last = Mutex(clock.now)
    }

    var elapsed: Duration { last.withLock { $0 } }

    func record() { last.withLock { $0 = clock.now } }
}
