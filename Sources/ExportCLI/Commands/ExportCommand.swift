import Exporter
import Foundation
import HTTPClient
import RunStore
import Synchronization
import TMDBAPI

#if canImport(Glibc)
    import Glibc
#endif

/// `tmdb-export export --job PATH …`: runs one job against TMDB or the built-in sandbox.
struct ExportCommand: Subcommand {
    static let defaultTimeout = Duration.seconds(30)
    static let defaultMaximumRetryAfter = RetryPolicy().maximumRetryAfter

    static let configuration = CommandConfiguration(
        name: "export", abstract: "Run a job file", usage: "--job PATH [options]",
        discussion: "Runs a job file and writes CSV, NDJSON and posters under <output>/<name>/.",
        options: [
            .option("job", value: "PATH", help: "The job file; a bare name also finds jobs/NAME.json (required)"),
            .flag("sandbox", help: "Run against the built-in TMDB look-alike on 127.0.0.1 (no network, no key)"),
            .option("output", value: "DIR", help: "The output directory", default: ExportOptions().outputRoot),
            .option(
                "base-url", value: "URL", help: "The TMDB API base URL", default: TMDB.apiBaseURL.absoluteString),
            .option(
                "files-base-url", value: "URL", help: "Where TMDB's daily ID export files are, for catalogues",
                default: ExportOptions.defaultFilesBaseURL.absoluteString),
            .option(
                "concurrency", value: "N", help: "API requests in flight at most, 1-\(Job.maximumConcurrency)",
                default: "the job's, else \(Job.defaultConcurrency)"),
            .option(
                "retries", value: "N", help: "Retries per request after the first attempt, 0-\(Job.maximumRetries)",
                default: "the job's, else \(Job.defaultRetries)"),
            .option(
                "rate-limit", value: "N", help: "API requests per second at most; 0 for no limit",
                default: "the job's, else \(Int(Job.defaultRateLimit))"),
            .option(
                "timeout", value: "SECONDS", help: "Total time one attempt of a request may take, connecting included",
                default: "\(defaultTimeout.components.seconds)"),
            .option(
                "max-retry-after", value: "SECONDS",
                help: "Longest Retry-After wait honoured, for retries and rate-limit pauses, 0-3600",
                default: "\(defaultMaximumRetryAfter.components.seconds)"),
            .flag("no-posters", help: "Do not download posters, whatever the job says"),
            .flag("allow-partial", help: "Point latest at the run even if something failed"),
            .flag("strict", help: "Fail the run (exit 1, latest not moved) if any list item cannot be read"),
            .flag("resume", help: "Continue the newest unfinished run of this job, reusing the pages it fetched"),
            .flag("full", help: "Fetch catalogues whole instead of building on the latest snapshot"),
            .flag(
                "accept-drop",
                help: "Publish a catalogue whose ID export drops more of the snapshot than its maxDropPercent, or is "
                    + "empty"),
            .option(
                "shard", value: "I/N",
                help: "Fetch only the catalogue ids of shard I of N (id mod N = I), into shards/I-of-N/"),
            .option(
                "shards", value: "N",
                help: "Like --shard I/N, I from JOB_COMPLETION_INDEX (Kubernetes) or AWS_BATCH_JOB_ARRAY_INDEX"),
            .option(
                "date", value: "DATE",
                help: "Run as if today were DATE (YYYY-MM-DD, 12:00 UTC): the latest export and the change window's "
                    + "end; with --sandbox, the sandbox's simulated day"),
            .option(
                "keep", value: "N", help: "After a run that updates latest, keep only the newest N complete runs"),
            .flag("quiet", help: "Print only errors, warnings and the final summary"),
            .option(
                "log-format", value: "FORMAT",
                help: "text (default) or json: one JSON object per event on stderr, summary as JSON"),
            MetricsFile.option,
        ],
        sections: [credentials, exitCodes, signals, stalls],
        examples: [
            "tmdb-export export --job jobs/top_rated.json --sandbox",
            "TMDB_API_TOKEN=… tmdb-export export --job top_rated --output /data/tmdb",
        ])

    private static let credentials = HelpSection(
        "CREDENTIALS (not needed with --sandbox)",
        rows: [
            HelpRow(
                EnvironmentCredentials.tokenVariable, "A TMDB v4 read access token, sent as Authorization: Bearer."),
            HelpRow(EnvironmentCredentials.keyVariable, "A TMDB v3 API key, sent as the api_key query item."),
        ])

    private static let exitCodes = HelpSection(
        "EXIT CODES",
        prose: """
            0 everything exported (a catalogue's failed ids within its maxFailedPercent carried), 1 finished with
            failures (or could not write, the job is already running, the run stalled, --strict and an item could
            not be read, or a catalogue's ID export would drop more of the snapshot than its maxDropPercent: nothing
            published), 2 bad usage or job file, 3 credentials rejected, 130 interrupted (SIGINT), 143 terminated
            (SIGTERM).
            """)

    private static let stalls = HelpSection(
        "STALLS",
        prose: """
            A run in which requests are in flight but none finishes for attempts x (timeout + the longer of 30 s and
            --max-retry-after) stops with exit 1, naming what it waited on (750 s with the defaults); rerun with
            --resume to continue it.
            """)

    private static let signals = HelpSection(
        "SIGNALS",
        prose: """
            The first SIGINT or SIGTERM stops starting work and lets requests in flight finish (at most 10 s), then
            writes the unfinished run's manifest as "interrupted"; a second one stops at once.
            """)

    struct Settings: Sendable {
        var jobArgument: String
        var useSandbox: Bool
        var options: ExportOptions
        var baseURL: URL?
        /// Set by `--files-base-url`; else the sandbox's with `--sandbox`, else TMDB's.
        var filesBaseURL: URL?
        var quiet: Bool
        var retries: Int?
        var rateLimit: Double?
        var timeout: Duration
        var maximumRetryAfter: Duration
        var logFormat: ProgressReporter.Format
        /// `--shard I/N`, or N of `--shards N` with I still to be read from the environment.
        var shard: Shard?
        var shardCount: Int?
        /// `--metrics-file`.
        var metricsFile: MetricsFile?
    }

    /// The variables batch engines set to a task's index in an array of tasks, in the order they are read.
    static let shardIndexVariables = ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"]

    /// The shard `--shards N` means in this environment.
    static func shard(count: Int, environment: [String: String]) throws(UsageError) -> Shard {
        guard
            let (name, text) = shardIndexVariables.lazy.compactMap({ name in environment[name].map { (name, $0) } })
                .first
        else {
            throw UsageError(
                "export: --shards \(count) needs the shard's index in \(shardIndexVariables.joined(separator: " or ")) "
                    + "(set by Kubernetes Indexed Jobs and AWS Batch array jobs), or use --shard I/\(count)")
        }
        guard let index = Int(text), let shard = Shard(index: index, count: count) else {
            throw UsageError(
                "export: \(name)=\"\(text)\" is not a shard index of --shards \(count) (expected 0 to \(count - 1))")
        }
        return shard
    }

    static func validate(_ arguments: ParsedArguments) throws(UsageError) -> Settings {
        guard arguments.positionals.isEmpty else {
            throw UsageError("export: unexpected argument \"\(arguments.positionals[0])\" (expected --job PATH)")
        }
        guard let job = arguments.value("job"), !job.isEmpty else {
            throw UsageError("export: --job PATH is required (e.g. --job jobs/top_rated.json)")
        }
        var options = ExportOptions(toolVersion: ToolVersion.current)
        if let output = arguments.value("output") {
            guard !output.isEmpty else { throw UsageError("export: --output needs a directory") }
            options.outputRoot = output
        }
        options.concurrency = try arguments.integer("concurrency", in: 1...Job.maximumConcurrency, command: "export")
        options.postersEnabled = !arguments.isSet("no-posters")
        options.allowPartial = arguments.isSet("allow-partial")
        options.strict = arguments.isSet("strict")
        options.resume = arguments.isSet("resume")
        options.full = arguments.isSet("full")
        options.acceptDrop = arguments.isSet("accept-drop")
        if let text = arguments.value("date") {
            guard let day = ExportDay(text) else {
                throw UsageError("export: --date \"\(text)\" is not a day (expected YYYY-MM-DD, e.g. 2026-03-05)")
            }
            options.now = day.noon
        }
        options.keep = try arguments.integer("keep", in: 1...100_000, command: "export")
        let baseURL = try APITarget.baseURL(in: arguments, command: "export")
        var filesBaseURL: URL?
        if let text = arguments.value("files-base-url") {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme), url.host != nil, url.query == nil
            else {
                throw UsageError(
                    "export: --files-base-url \"\(text)\" is not an http(s) URL without a query (expected e.g. "
                        + "\(ExportOptions.defaultFilesBaseURL.absoluteString))")
            }
            filesBaseURL = url
            options.filesBaseURL = url
        }
        let retries = try arguments.integer("retries", in: 0...Job.maximumRetries, command: "export")
        let rateLimit = try arguments.rateLimit(command: "export")
        var timeout = defaultTimeout
        if let text = arguments.value("timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError(
                    "export: --timeout \"\(text)\" is not valid (expected seconds, more than 0 and at most 3600)")
            }
            timeout = .milliseconds(Int(seconds * 1000))
        }
        var maximumRetryAfter = defaultMaximumRetryAfter
        if let text = arguments.value("max-retry-after") {
            guard let seconds = Double(text), seconds >= 0, seconds <= 3600 else {
                throw UsageError(
                    "export: --max-retry-after \"\(text)\" is not valid (expected seconds, from 0 to 3600)")
            }
            maximumRetryAfter = .milliseconds(Int(seconds * 1000))
        }
        var shard: Shard?
        if let text = arguments.value("shard") {
            guard let parsed = Shard(text) else {
                throw UsageError(
                    "export: --shard \"\(text)\" is not valid (expected I/N with 0 <= I < N <= \(Shard.maximumCount), "
                        + "e.g. 0/4)")
            }
            shard = parsed
        }
        let shardCount = try arguments.integer("shards", in: 1...Shard.maximumCount, command: "export")
        if shard != nil && shardCount != nil {
            throw UsageError("export: give --shard I/N or --shards N, not both")
        }
        var logFormat = ProgressReporter.Format.text
        if let text = arguments.value("log-format") {
            guard let format = ProgressReporter.Format(rawValue: text) else {
                throw UsageError("export: --log-format \"\(text)\" is not valid (expected text or json)")
            }
            logFormat = format
        }
        let metricsFile = try MetricsFile.validated(arguments, command: "export")
        return Settings(
            jobArgument: job, useSandbox: arguments.isSet("sandbox"), options: options, baseURL: baseURL,
            filesBaseURL: filesBaseURL, quiet: arguments.isSet("quiet"), retries: retries, rateLimit: rateLimit,
            timeout: timeout,
            maximumRetryAfter: maximumRetryAfter, logFormat: logFormat, shard: shard, shardCount: shardCount,
            metricsFile: metricsFile)
    }

    /// Runs the export, then writes `--metrics-file` whatever the outcome: success, failures, an error, a signal, or
    /// a job file that could not be read.
    static func run(
        _ settings: Settings, console: Console, environment: [String: String]
    ) async throws(CommandFailure) {
        let observation = RunObservation(jobArgument: settings.jobArgument, outputRoot: settings.options.outputRoot)
        try await MetricsFile.writing(
            settings.metricsFile, observation: observation, console: console, format: settings.logFormat
        ) { beforeExit throws(CommandFailure) in
            try await export(
                settings, console: console, environment: environment, observation: observation, beforeExit: beforeExit)
        }
    }

    private static func export(
        _ settings: Settings, console: Console, environment: [String: String], observation: RunObservation,
        beforeExit: @escaping @Sendable (Int32) -> Void
    ) async throws(CommandFailure) {
        let job = try JobLoader().commandJob(settings.jobArgument)

        // Read twice: a --shard that does not fit the job is reported under the job's name too.
        observation.read(job, shard: nil)
        var options = settings.options
        options.shard = try shard(of: job, settings: settings, environment: environment)
        observation.read(job, shard: options.shard)
        let target = try APITarget(
            sandbox: settings.useSandbox, baseURL: settings.baseURL, now: options.now, environment: environment)
        if let sandbox = target.sandbox, settings.filesBaseURL == nil {
            options.filesBaseURL = sandbox.filesBaseURL
        }

        let rate = settings.rateLimit ?? job.rateLimit
        var api = target.client(connections: settings.options.concurrency ?? job.concurrency)
        api.timeout = settings.timeout
        api.retryPolicy = RetryPolicy(
            maximumAttempts: (settings.retries ?? job.retries) + 1, maximumRetryAfter: settings.maximumRetryAfter)
        api.rateLimiter = rate > 0 ? RateLimiter(rate: rate, maximumPause: settings.maximumRetryAfter) : nil
        let imageTransport = CurlTransport(
            maximumConnectionsPerHost: job.posters?.concurrency ?? Job.defaultConcurrency, maximumBodyBytes: 16 << 20)
        let metrics = api.metrics
        observation.sending(through: metrics)
        let reporter = ProgressReporter(
            console: console, quiet: settings.quiet, format: settings.logFormat, retries: { metrics.snapshot.retries },
            activity: api.activity)
        let stop = StopRequest()
        let exporter = Exporter(
            api: api, imageTransport: imageTransport, options: options, stop: stop,
            onEvent: { event in
                observation.see(event)
                reporter.handle(event)
            })

        let started = ContinuousClock.now
        // The handlers go in before the run starts: a signal in its first milliseconds must drain it like any other,
        // not meet the default action and kill the process.
        let run = RunCancellation()
        let signals = watchSignals(stop: stop, run: run, console: console, beforeExit: beforeExit)
        defer { signals.cancel() }
        let task = Task { try await exporter.run(job) }
        run.attach(task)
        // The heartbeat: progress (and what waits) even while no event comes, ended when the run is.
        let result = await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while (try? await Task.sleep(for: .seconds(1))) != nil { reporter.tick() }
            }
            let result = await task.result
            group.cancelAll()
            return result
        }
        reporter.finish()
        await target.stop()
        if case .success(let report) = result { observation.finished(with: report.manifest) }
        try report(result, of: job, started: started, settings: settings, signals: signals, console: console)
    }

    /// The shard this run fetches (`--shard`, or `--shards` with the index from the environment), or nil.
    ///
    /// - Throws: ``CommandFailure/usage(_:)`` when the index is missing, or the job has list requests or no catalogue.
    private static func shard(
        of job: Job, settings: Settings, environment: [String: String]
    ) throws(CommandFailure) -> Shard? {
        let shard: Shard?
        do throws(UsageError) {
            shard =
                try settings.shardCount.map { count throws(UsageError) in
                    try Self.shard(count: count, environment: environment)
                } ?? settings.shard
        } catch {
            throw .usage(error)
        }
        if shard != nil && !job.requests.isEmpty {
            throw .usage(
                UsageError(
                    "export: --shard splits catalogues; \(job.name)'s \(job.requests.count) list request(s) are at most "
                        + "500 pages each: run them in a job of their own, unsharded"))
        }
        if shard != nil && job.catalogue.isEmpty {
            throw .usage(UsageError("export: --shard splits catalogues, and \(job.name) has none"))
        }
        return shard
    }

    /// The first SIGINT or SIGTERM drains the run (bounded), the second exits at once, after `beforeExit` (which writes
    /// the metrics file).
    private static func watchSignals(
        stop: StopRequest, run: RunCancellation, console: Console, beforeExit: @escaping @Sendable (Int32) -> Void
    ) -> SignalWatcher {
        SignalWatcher { signal, count in
            let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
            let code = ExitCode(for: .signalled(signal))
            if count == 1 {
                stop.request()
                console.err(
                    "\ntmdb-export: \(name) received: finishing requests in flight (signal again to stop at once)\n")
                // Bound the drain: a request in a long Retry-After must not hold the process for minutes. If even
                // cancelling does not end the run, exit anyway: files only ever exist under temporary names until
                // committed, so this is no worse than kill -9, which the next run cleans up after.
                Task {
                    try? await Task.sleep(for: .seconds(10))
                    run.cancel()
                    try? await Task.sleep(for: .seconds(5))
                    console.err("tmdb-export: the run did not stop after cancelling; exiting\n")
                    beforeExit(signal)
                    exit(code.rawValue)
                }
            } else {
                console.err("tmdb-export: \(name) again: stopping now (rerun with --resume to continue)\n")
                beforeExit(signal)
                exit(code.rawValue)
            }
        }
    }

    /// Prints the summary, or the error that stopped the run, in the chosen log format.
    ///
    /// - Throws: ``CommandFailure/finishedWithFailures``, ``CommandFailure/exportStopped(_:)``, or
    ///   ``CommandFailure/signalled(_:)`` when a signal interrupted the run.
    private static func report(
        _ result: Result<ExportReport, any Error>, of job: Job, started: ContinuousClock.Instant, settings: Settings,
        signals: SignalWatcher, console: Console
    ) throws(CommandFailure) {
        switch result {
        case .success(let report):
            let elapsed = ContinuousClock.now - started
            console.out(
                settings.logFormat == .json
                    ? Summary.json(for: report, elapsed: elapsed) : Summary.text(for: report, elapsed: elapsed))
            // Failed ids carried within a catalogue's maxFailedPercent leave the run complete, and exit 0.
            guard report.manifest.status == .complete || report.manifest.failuresTotal == 0 else {
                throw .finishedWithFailures
            }
        case .failure(let failure):
            // The task only throws ExportError; a bare cancellation can only come from a signal.
            let error = (failure as? ExportError) ?? .interrupted
            let prefix = if case .invalidPosterSize = error { "\(job.name): " } else { "" }
            let message = SafeText.escaped("\(prefix)\(error)")
            if settings.logFormat == .json {
                console.err(
                    JSONLine.encode([("time", Manifest.timestamp(Date())), ("event", "error"), ("message", message)]))
            } else {
                console.err("error: \(message)\n")
            }
            if case .interrupted = error, let signal = signals.firstSignal { throw .signalled(signal) }
            throw .exportStopped(error)
        }
    }
}

/// The export task, for a signal handler that is installed before the task exists.
private final class RunCancellation: Sendable {
    private let state = Mutex<(task: Task<ExportReport, any Error>?, cancelled: Bool)>((nil, false))

    func attach(_ task: Task<ExportReport, any Error>) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
