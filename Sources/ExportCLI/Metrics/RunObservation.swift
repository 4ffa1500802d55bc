import Exporter
import Foundation
import HTTPClient
import RunReport
import RunStore
import Synchronization

/// What the export command learns about a run as it goes, for `--metrics-file` at its end, however it ends: the
/// job's name once the file is read, the staging folder once the run starts, the client's counters, the manifest
/// once the run returns. Events arrive from the run's task and a signal may end the process from another: a `Mutex`
/// keeps it whole.
final class RunObservation: Sendable {
    private struct State {
        var job: String
        var layout: OutputLayout?
        var stagingDirectory: String?
        var client: ClientMetrics?
        var manifest: Manifest?
    }

    let started: Date
    private let outputRoot: String
    private let state: Mutex<State>

    /// - Parameter jobArgument: `--job`; its file's name is the `job` label until the job file is read.
    init(jobArgument: String, outputRoot: String, started: Date = Date()) {
        self.started = started
        self.outputRoot = outputRoot
        let name = ((jobArgument as NSString).lastPathComponent as NSString).deletingPathExtension
        state = Mutex(State(job: name.isEmpty ? jobArgument : name))
    }

    /// The job was read: its name labels the metrics, and its folder (the shard's, for a shard run) holds its runs.
    func read(_ job: Job, shard: Shard?) {
        let layout = OutputLayout(root: outputRoot, jobName: job.name, shard: shard)
        state.withLock {
            $0.job = job.name
            $0.layout = layout
        }
    }

    func sending(through client: ClientMetrics) {
        state.withLock { $0.client = client }
    }

    func see(_ event: ExportEvent) {
        guard case .started(_, let directory, _) = event else { return }
        state.withLock { $0.stagingDirectory = directory }
    }

    func finished(with manifest: Manifest) {
        state.withLock { $0.manifest = manifest }
    }

    /// The metrics of the run ended by `failure` (nil: success), now.
    /// - Parameter readingTables: whether to read the kept snapshot's main tables for its oldest `fetched_at` and
    ///   `votes_at` (seconds for a catalogue of a million rows); false when the process exits at once.
    func metrics(endedBy failure: CommandFailure?, exitCode: ExitCode, readingTables: Bool = true) -> RunMetrics {
        let finished = Date()
        let state = state.withLock { $0 }
        let manifest = state.manifest ?? state.stagingDirectory.flatMap(stagingManifest)
        let status: Manifest.Status =
            switch failure {
            case nil, .finishedWithFailures: manifest?.status ?? .failed
            case .signalled, .exportStopped(.interrupted): .interrupted
            default: .failed
            }
        let client = state.client?.snapshot
        let history = state.layout.map(RunHistory.init(layout:))
        let latest = readingTables ? history?.latest() : nil
        return RunMetrics(
            job: state.job, shard: state.layout?.shard?.description, status: status, exitCode: exitCode.rawValue,
            started: started, finished: finished, manifest: manifest,
            requests: RunMetrics.Requests(
                attempts: client?.requests ?? 0, retries: client?.retries ?? 0, throttled: client?.throttled ?? 0),
            freshness: readingTables
                ? latest.flatMap { try? SnapshotFreshness.read($0.manifest, in: $0.directory) } ?? [] : [],
            lastCompleteRun: history?.lastComplete().flatMap { Self.date($0.manifest.finishedAt) })
    }

    /// The manifest a stopped run left in its staging folder, if this run wrote it (a resumed run's folder may hold
    /// the manifest of the run it continues, until this one writes its own).
    private func stagingManifest(_ directory: String) -> Manifest? {
        let path = (directory as NSString).appendingPathComponent("manifest.json")
        guard let data = try? ManifestFile.contents(at: path),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data),
            let startedAt = Self.date(manifest.startedAt),
            startedAt.timeIntervalSince1970 >= started.timeIntervalSince1970.rounded(.down)
        else { return nil }
        return manifest
    }

    private static func date(_ text: String) -> Date? {
        UTCTime.seconds(iso8601: text.utf8).map { Date(timeIntervalSince1970: Double($0)) }
    }
}
