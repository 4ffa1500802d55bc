/// The thin shell around a ``WorkSchedule``: one task group, the schedule asked for work whenever a place frees,
/// each work done in a child task, each result handed back to the schedule in the parent task, one at a time.
///
/// All bookkeeping happens in the schedule, between `group.next()` calls; child tasks only do I/O and return
/// values. When the run ends early (an error, a cancellation) the rest of the group is cancelled and awaited, so
/// no request of the run outlives it.
struct WorkLoop<Schedule: WorkSchedule> {
    /// Does one piece of work; runs in a child task.
    var perform: @Sendable (Schedule.Work) async -> Schedule.Result
    /// Asks the run to drain and stop.
    var stop: StopRequest?

    /// Runs the schedule until no work is left or in flight, handing each effect to `apply` in order.
    /// - Throws: the first ``ExportError`` from the schedule or from `apply`; ``ExportError/interrupted`` when the
    ///   task is cancelled.
    func run(
        _ schedule: inout Schedule, apply: (Schedule.Effect) throws(ExportError) -> Void
    ) async throws(ExportError) {
        let perform = self.perform
        let stop = self.stop
        let failure = await withTaskGroup(of: Schedule.Result.self, returning: ExportError?.self) { group in
            var stopping = false
            func fill() {
                if !stopping, stop?.isRequested == true {
                    stopping = true
                    schedule.stop()
                }
                while let work = schedule.nextWork() {
                    group.addTask(operation: { await perform(work) })
                }
            }
            do throws(ExportError) {
                fill()
                while let result = await group.next() {
                    if Task.isCancelled { throw .interrupted }
                    schedule.release(result)
                    fill()
                    for effect in try schedule.record(result) { try apply(effect) }
                    fill()
                }
                return nil
            } catch {
                group.cancelAll()
                return error
            }
        }
        if let failure { throw failure }
    }
}
