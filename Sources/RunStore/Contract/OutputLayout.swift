import Foundation

/// Where everything of one job lives under the output directory (a contract; see README):
///
/// ```
/// <root>/<name>/runs/<run-id>/<slug>.csv|.ndjson, manifest.json
/// <root>/<name>/staging/<run-id>/…      a run being written; renamed into runs/ when complete
/// <root>/<name>/latest → runs/<run-id>  switched atomically after a complete run
/// <root>/<name>/posters/<size>/<file>   shared by all runs of the job
/// <root>/<name>/shards/<I>-of-<N>/…       a shard's own runs/, staging/, latest (posters stay shared)
/// ```
package struct OutputLayout: Sendable, Hashable {
    /// The output directory (`output` unless `--output` says otherwise).
    package var root: String
    /// The job's name.
    package var jobName: String
    /// The part of the job's catalogues this layout's runs hold; nil for whole runs.
    package var shard: Shard?

    /// Creates a layout.
    package init(root: String, jobName: String, shard: Shard? = nil) {
        self.root = root
        self.jobName = jobName
        self.shard = shard
    }

    /// `<root>/<name>`, or a shard's folder under it: where runs, staging, `latest` and the lock are.
    package var jobDirectory: String { shard.map { join(sharedDirectory, $0.folder) } ?? sharedDirectory }
    /// `<root>/<name>`, whatever the shard: where the posters are.
    package var sharedDirectory: String { join(root, jobName) }
    /// `<root>/<name>/runs`
    package var runsDirectory: String { join(jobDirectory, "runs") }
    /// `<root>/<name>/staging`
    package var stagingDirectory: String { join(jobDirectory, "staging") }
    /// `<root>/<name>/latest`
    package var latestLink: String { join(jobDirectory, "latest") }
    /// `<root>/<name>/runs/<run-id>`
    package func runDirectory(_ runID: String) -> String { join(runsDirectory, runID) }
    /// `<root>/<name>/staging/<run-id>`
    package func stagingRunDirectory(_ runID: String) -> String { join(stagingDirectory, runID) }
    /// `<root>/<name>/posters/<size>`
    package func postersDirectory(size: String) -> String { join(join(sharedDirectory, "posters"), size) }
    /// The poster's path relative to the job directory, as written in `poster_file`: `posters/<size>/<file>`.
    package static func posterRelativePath(size: String, fileName: String) -> String { "posters/\(size)/\(fileName)" }

    private func join(_ base: String, _ component: String) -> String {
        (base as NSString).appendingPathComponent(component)
    }
}
