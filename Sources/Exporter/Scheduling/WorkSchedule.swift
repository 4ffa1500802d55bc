/// The decisions of a run, apart from its I/O: what to start next, what a finished piece of work unlocks, and
/// what can be written. ``WorkLoop`` drives a schedule; the schedule never waits and never touches the network.
protocol WorkSchedule {
    associatedtype Work: Sendable
    associatedtype Result: Sendable
    /// What the run's output does with a decision (an event to report, rows to write).
    associatedtype Effect

    /// The next work to start now, or nil when none can start until something finishes.
    mutating func nextWork() -> Work?
    /// Frees the place a finished work held, before its result is processed, so that the next work can be on
    /// its way while this result is decoded and written.
    mutating func release(_ result: Result)
    /// Processes a finished work's result.
    /// - Throws: ``ExportError`` when the result ends the run (rejected credentials, a write failure).
    mutating func record(_ result: Result) throws(ExportError) -> [Effect]
    /// Starts nothing new from now on; what is in flight drains.
    mutating func stop()
}
