import Foundation

/// A job's folder with its lock held: the first step of every run. ``StagingRun`` and
/// ``PreviousSnapshot/latest(in:)`` take one, so nothing under the folder is read before the lock is held: two runs
/// of one job can never both read `latest` and build on it.
package final class LockedJob: Sendable {
    package let layout: OutputLayout
    /// Whether the job's folder was made by this run: a run abandoned before anything was fetched removes it too.
    package let madeJobDirectory: Bool
    private let lock: JobLock

    /// Takes the job's lock without waiting.
    /// - Throws: ``StoreError/locked(_:)`` when another run holds it; ``StoreError/output(_:)``.
    package init(_ layout: OutputLayout) throws(StoreError) {
        self.layout = layout
        madeJobDirectory = !FileManager.default.fileExists(atPath: layout.jobDirectory)
        lock = try JobLock(jobDirectory: layout.jobDirectory)
    }
}
