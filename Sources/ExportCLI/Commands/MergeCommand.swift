import Dispatch
import Exporter
import Foundation
import HTTPClient
import RunStore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `tmdb-export merge --job PATH --shards N`: the shards' latest snapshots of a job merged into one run of the job.
struct MergeCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "merge", abstract: "Merge a job's shard snapshots into one run", usage: "--job PATH --shards N [options]",
        discussion: """
            Reads the latest snapshot of each shard of the job (<output>/<name>/shards/<I>-of-<N>/latest, written by
            export --shard I/N), checks that every shard is there and complete, made from the same export day, job,
            sub-resources and filters, and that its files match their SHA-256s; then interleaves every table in id
            order into one run of the job, byte-identical to a run over every id, and moves <output>/<name>/latest.
            Nothing is published when a shard is missing, partial or does not fit: each one is named.
            """,
        options: [
            .option("job", value: "PATH", help: "The job file the shards ran (required)"),
            .option("shards", value: "N", help: "How many shards the job was split into (required)"),
            .option("output", value: "DIR", help: "The output directory", default: ExportOptions().outputRoot),
            .option(
                "keep", value: "N", help: "After merging, keep only the newest N complete runs of the job"),
            MetricsFile.option,
        ],
        sections: [
            HelpSection(
                "EXIT CODES",
                prose: "0 merged and published, 1 a shard is missing, partial or does not fit, or writing failed "
                    + "(nothing published), 2 bad usage or job file, 130 interrupted (SIGINT), 143 terminated "
                    + "(SIGTERM)."),
            HelpSection(
                "SIGNALS",
                prose: "SIGINT or SIGTERM stops the merge within a few thousand ids, removes its staging run and "
                    + "publishes nothing; a second one stops at once. A merge that could not clean up (killed, or "
                    + "signalled twice) leaves staging/<id>, which the next merge of the job removes."),
        ],
        examples: ["tmdb-export merge --job jobs/catalogue.json --shards 4 --output /data/output"])

    struct Settings: Sendable {
        var job: String
        var shards: Int
        var output: String
        var keep: Int?
        var metricsFile: MetricsFile?
    }

    static func validate(_ arguments: ParsedArguments) throws(UsageError) -> Settings {
        guard arguments.positionals.isEmpty else {
            throw UsageError("merge: unexpected argument \"\(arguments.positionals[0])\" (expected --job PATH)")
        }
        guard let job = arguments.value("job"), !job.isEmpty else {
            throw UsageError("merge: --job PATH is required (the job file the shards ran)")
        }
        guard let shards = try arguments.integer("shards", in: 1...Shard.maximumCount, command: "merge") else {
            throw UsageError("merge: --shards N is required (how many shards the job was split into)")
        }
        let output = arguments.value("output") ?? ExportOptions().outputRoot
        guard !output.isEmpty else { throw UsageError("merge: --output needs a directory") }
        return Settings(
            job: job, shards: shards, output: output,
            keep: try arguments.integer("keep", in: 1...100_000, command: "merge"),
            metricsFile: try MetricsFile.validated(arguments, command: "merge"))
    }

    /// Merges, then writes `--metrics-file` whatever the outcome, as `export` does.
    static func run(_ settings: Settings, console: Console, environment: [String: String]) async throws(CommandFailure)
    {
        let observation = RunObservation(jobArgument: settings.job, outputRoot: settings.output)
        try await MetricsFile.writing(settings.metricsFile, observation: observation, console: console, format: .text) {
            beforeExit throws(CommandFailure) in
            try await merge(
                settings, console: console, environment: environment, observation: observation, beforeExit: beforeExit)
        }
    }

    private static func merge(
        _ settings: Settings, console: Console, environment: [String: String], observation: RunObservation,
        beforeExit: @escaping @Sendable (Int32) -> Void
    ) async throws(CommandFailure) {
        let job = try JobLoader().commandJob(settings.job)
        observation.read(job, shard: nil)
        guard job.requests.isEmpty, !job.catalogue.isEmpty else {
            throw .usage(UsageError("merge: \(job.name) is not a catalogue-only job, so it cannot have shards"))
        }
        let stop = StopRequest()
        let pause = PauseForTests(environment: environment)
        let signals = SignalWatcher { signal, count in
            stop.request()
            pause.release()
            guard count > 1 else { return }
            let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
            console.err("tmdb-export: \(name) again: stopping now (the next merge removes what this one left)\n")
            beforeExit(signal)
            exit(ExitCode(for: .signalled(signal)).rawValue)
        }
        defer { signals.cancel() }
        let merge = ShardMerge(
            job: job, outputRoot: settings.output, count: settings.shards, keep: settings.keep,
            toolVersion: ToolVersion.current, stop: stop
        ) { event in
            switch event {
            case .removedLeftovers(let folders):
                console.err(
                    "\(job.name): removed \(folders.joined(separator: ", ")), left by a merge that was stopped\n")
            case .merged(let file, let staging):
                pause.pauseOnce { console.err("merge: paused after \(file) in \(staging)\n") }
            }
        }
        do throws(ShardMerge.Failure) {
            let report = try await merge.run()
            observation.finished(with: report.manifest)
            let counts = (report.manifest.catalogue ?? []).map { "\($0.type) \($0.idsInSnapshot ?? 0) ids" }
            console.out(
                "\(job.name): merged \(settings.shards) shards (\(counts.joined(separator: ", "))) into "
                    + "\(report.runDirectory) (latest)\n")
        } catch {
            switch error {
            case .refused(let refusal):
                throw .mergeRefused(refusal)
            case .interrupted:
                console.err("\(error)\n")
                throw .signalled(signals.firstSignal ?? SIGINT)
            case .stopped(let error):
                console.err("error: \(SafeText.escaped("\(error)"))\n")
                throw .exportStopped(error)
            }
        }
    }
}

/// `TMDB_EXPORT_TEST_PAUSE_MERGE=1`, for the tests only: the merge stops after its first merged file, says so on
/// stderr and waits for a signal, so a test signals or kills it mid-merge whatever the machine's speed.
private final class PauseForTests: Sendable {
    static let variable = "TMDB_EXPORT_TEST_PAUSE_MERGE"
    private let enabled: Bool
    private let paused = Atomic(false)
    private let released = DispatchSemaphore(value: 0)

    init(environment: [String: String]) {
        enabled = environment[Self.variable] == "1"
    }

    /// On the first call, when enabled: `announce`, then block this (blocking file lane's) thread until
    /// ``release()``.
    func pauseOnce(announce: () -> Void) {
        guard enabled, !paused.exchange(true, ordering: .acquiringAndReleasing) else { return }
        announce()
        released.wait()
    }

    func release() { released.signal() }
}
