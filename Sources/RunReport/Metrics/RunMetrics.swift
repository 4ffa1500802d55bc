import Foundation
import RunStore

/// What `--metrics-file` says about one run, for node_exporter's textfile collector: how it ended, what it sent and
/// wrote, and how fresh the snapshot `latest` keeps is. Made from the run's manifest when it wrote one, and from what
/// the command alone knows when it did not (a bad job file stops the run before anything is written).
package struct RunMetrics: Sendable {
    /// API attempts on the wire, for a run that wrote no manifest (the manifest's own counts win when there is one).
    package struct Requests: Sendable, Hashable {
        package var attempts: Int
        package var retries: Int
        package var throttled: Int

        package init(attempts: Int = 0, retries: Int = 0, throttled: Int = 0) {
            self.attempts = attempts
            self.retries = retries
            self.throttled = throttled
        }
    }

    /// The `job` label: the job's name, or the job file's name when the file could not be read.
    package var job: String
    /// The `shard` label of a shard run (`0/4`), so that the shards' files on one host do not repeat a series.
    package var shard: String?
    package var status: Manifest.Status
    package var exitCode: Int32
    package var started: Date
    package var finished: Date
    /// The run's manifest as written (published, or left in `staging/` by a run that stopped); nil when none was.
    package var manifest: Manifest?
    package var requests: Requests
    /// The snapshot `latest` points at after the run: the oldest `fetched_at` and `votes_at` it keeps.
    package var freshness: [SnapshotFreshness]
    /// When the newest complete run of the job finished; nil when none has.
    package var lastCompleteRun: Date?

    package init(
        job: String, shard: String? = nil, status: Manifest.Status, exitCode: Int32, started: Date, finished: Date,
        manifest: Manifest? = nil, requests: Requests = Requests(), freshness: [SnapshotFreshness] = [],
        lastCompleteRun: Date? = nil
    ) {
        self.job = job
        self.shard = shard
        self.status = status
        self.exitCode = exitCode
        self.started = started
        self.finished = finished
        self.manifest = manifest
        self.requests = requests
        self.freshness = freshness
        self.lastCompleteRun = lastCompleteRun
    }

    /// The statuses a run can end with, each a `status` label of `tmdb_export_run_status`.
    package static let statuses: [Manifest.Status] = [.complete, .partial, .failed, .interrupted]
}
