import Exporter
import Foundation
import HTTPClient
import TMDBAPI
import TMDBSandbox

#if canImport(Glibc)
    import Glibc
#endif

/// `tmdb-export export --job PATH …`: runs one job against TMDB or the built-in sandbox.
public struct ExportCommand: Sendable {
    /// The help text.
    public static let help = """
        USAGE: tmdb-export export --job PATH [options]

        Runs a job file and writes CSV, NDJSON and posters under <output>/<name>/.

        OPTIONS:
          --job PATH            The job file; a bare name also finds jobs/NAME.json (required).
          --sandbox             Run against the built-in TMDB look-alike on 127.0.0.1 (no network, no key).
          --output DIR          The output directory (default: output).
          --base-url URL        The TMDB API base URL (default: https://api.themoviedb.org/3).
          --concurrency N       API requests in flight at most, 1-64 (default: the job's, else 8).
          --retries N           Retries per request after the first attempt, 0-20 (default: the job's, else 4).
          --rate-limit N        API requests per second at most; 0 for no limit (default: the job's, else 40).
          --timeout SECONDS     Per-request timeout (default: 30).
          --no-posters          Do not download posters, whatever the job says.
          --allow-partial       Point latest at the run even if something failed.
          --resume              Continue the newest unfinished run of this job, reusing the pages it fetched.
          --keep N              After a run that updates latest, keep only the newest N complete runs.
          --quiet               Print only errors and the final summary.
          --log-format FORMAT   text (default) or json: one JSON object per event on stderr, summary as JSON.
          -h, --help            Show this help.

        CREDENTIALS (not needed with --sandbox):
          TMDB_API_TOKEN        A TMDB v4 read access token, sent as Authorization: Bearer.
          TMDB_API_KEY          A TMDB v3 API key, sent as the api_key query item.

        EXIT CODES:
          0 everything exported, 1 finished with failures (or could not write, or the job is already running),
          2 bad usage or job file, 3 credentials rejected, 130 interrupted (SIGINT), 143 terminated (SIGTERM).

        SIGNALS:
          The first SIGINT or SIGTERM stops starting work and lets requests in flight finish (at most 10 s), then
          writes the unfinished run's manifest as "interrupted"; a second one stops at once.

        EXAMPLES:
          tmdb-export export --job jobs/top_rated.json --sandbox
          TMDB_API_TOKEN=… tmdb-export export --job top_rated --output /data/tmdb
        """

    static let specification = ParsedArguments.Specification(
        options: ["job", "output", "base-url", "concurrency", "retries", "rate-limit", "timeout", "keep", "log-format"],
        flags: ["sandbox", "no-posters", "allow-partial", "quiet", "help", "resume"])

    /// The validated settings of one invocation.
    struct Settings: Sendable {
        var jobArgument: String
        var useSandbox: Bool
        var options: ExportOptions
        var baseURL: URL?
        var quiet: Bool
        var retries: Int?
        var rateLimit: Double?
        var timeout: Duration
        var logFormat: ProgressReporter.Format
    }

    /// Parses and checks the arguments without touching the network or the output.
    static func validate(_ arguments: ParsedArguments) throws(UsageError) -> Settings {
        guard arguments.positionals.isEmpty else {
            throw UsageError("export: unexpected argument \"\(arguments.positionals[0])\" (expected --job PATH)")
        }
        guard let job = arguments.options["job"], !job.isEmpty else {
            throw UsageError("export: --job PATH is required (e.g. --job jobs/top_rated.json)")
        }
        var options = ExportOptions(toolVersion: ToolVersion.current)
        if let output = arguments.options["output"] {
            guard !output.isEmpty else { throw UsageError("export: --output needs a directory") }
            options.outputRoot = output
        }
        options.concurrency = try arguments.integer("concurrency", in: 1...Job.maximumConcurrency, command: "export")
        options.postersEnabled = !arguments.flags.contains("no-posters")
        options.allowPartial = arguments.flags.contains("allow-partial")
        options.resume = arguments.flags.contains("resume")
        options.keep = try arguments.integer("keep", in: 1...100_000, command: "export")
        var baseURL: URL?
        if let text = arguments.options["base-url"] {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                url.host != nil
            else {
                throw UsageError("export: --base-url \"\(text)\" is not an http(s) URL (expected e.g. https://api.themoviedb.org/3)")
            }
            guard url.query == nil else {
                throw UsageError("export: --base-url must not carry a query (credentials go in TMDB_API_TOKEN or TMDB_API_KEY)")
            }
            baseURL = url
        }
        let retries = try arguments.integer("retries", in: 0...Job.maximumRetries, command: "export")
        let rateLimit = try arguments.rateLimit(command: "export")
        var timeout = Duration.seconds(30)
        if let text = arguments.options["timeout"] {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError("export: --timeout \"\(text)\" is not valid (expected seconds, more than 0 and at most 3600)")
            }
            timeout = .milliseconds(Int(seconds * 1000))
        }
        var logFormat = ProgressReporter.Format.text
        if let text = arguments.options["log-format"] {
            guard let format = ProgressReporter.Format(rawValue: text) else {
                throw UsageError("export: --log-format \"\(text)\" is not valid (expected text or json)")
            }
            logFormat = format
        }
        return Settings(
            jobArgument: job, useSandbox: arguments.flags.contains("sandbox"), options: options, baseURL: baseURL,
            quiet: arguments.flags.contains("quiet"), retries: retries, rateLimit: rateLimit, timeout: timeout,
            logFormat: logFormat)
    }

    /// Runs the command and returns its exit code.
    static func run(_ arguments: [String], console: Console, environment: [String: String]) async -> ExitCode {
        let settings: Settings
        let job: Job
        switch CommandStart.parse(
            arguments, command: "export", specification: specification, help: help, console: console,
            validate: validate)
        {
        case .exit(let code): return code
        case .run(let parsed): settings = parsed
        }
        do {
            job = try JobLoader().load(settings.jobArgument)
        } catch {
            for line in error.lines { console.err("error: \(line)\n") }
            return .usage
        }

        var sandbox: SandboxServer?
        let credentials: Credentials
        let baseURL: URL
        if settings.useSandbox {
            var sandboxOptions = SandboxOptions()
            sandboxOptions.recordsRequests = false
            let server = SandboxServer(options: sandboxOptions)
            do {
                _ = try server.start()
            } catch {
                console.err("error: cannot start the sandbox: \(error)\n")
                return .partialFailure
            }
            sandbox = server
            credentials = .bearerToken(SandboxServer.bearerToken)
            baseURL = settings.baseURL ?? server.apiBaseURL
        } else {
            guard let found = EnvironmentCredentials.read(from: environment) else {
                console.err(
                    "error: no TMDB credentials: set \(EnvironmentCredentials.tokenVariable) (read access token) or "
                        + "\(EnvironmentCredentials.keyVariable) (API key), "
                        + "or add --sandbox to run against the built-in sandbox\n")
                return .usage
            }
            credentials = found
            baseURL = settings.baseURL ?? TMDB.apiBaseURL
        }
        defer { sandbox?.stop() }

        let concurrency = settings.options.concurrency ?? job.concurrency
        let rate = settings.rateLimit ?? job.rateLimit
        let api = APIClient(
            baseURL: baseURL, credentials: credentials,
            transport: URLSessionTransport(maximumConnectionsPerHost: concurrency, maximumBodyBytes: 8 << 20),
            userAgent: ToolVersion.userAgent, timeout: settings.timeout,
            retryPolicy: RetryPolicy(maximumAttempts: (settings.retries ?? job.retries) + 1),
            rateLimiter: rate > 0 ? RateLimiter(rate: rate) : nil, errorMessage: TMDB.errorMessage(of:))
        let imageTransport = URLSessionTransport(
            maximumConnectionsPerHost: job.posters?.concurrency ?? Job.defaultConcurrency, maximumBodyBytes: 16 << 20)
        let metrics = api.metrics
        let reporter = ProgressReporter(
            console: console, quiet: settings.quiet, format: settings.logFormat, retries: { metrics.snapshot.retries })
        let stop = StopRequest()
        let exporter = Exporter(
            api: api, imageTransport: imageTransport, options: settings.options, stop: stop, onEvent: reporter.handle)

        let started = ContinuousClock.now
        let task = Task { try await exporter.run(job) }
        let signals = SignalWatcher { signal, count in
            let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
            let code = signal == SIGTERM ? ExitCode.terminated : .interrupted
            if count == 1 {
                stop.request()
                console.err("\ntmdb-export: \(name) received: finishing requests in flight (signal again to stop at once)\n")
                // Bound the drain: a request in a long Retry-After must not hold the process for minutes. If even
                // cancelling does not end the run, exit anyway: files only ever exist under temporary names until
                // committed, so this is no worse than kill -9, which the next run cleans up after.
                Task {
                    try? await Task.sleep(for: .seconds(10))
                    task.cancel()
                    try? await Task.sleep(for: .seconds(5))
                    console.err("tmdb-export: the run did not stop after cancelling; exiting\n")
                    exit(code.rawValue)
                }
            } else {
                console.err("tmdb-export: \(name) again: stopping now (rerun with --resume to continue)\n")
                exit(code.rawValue)
            }
        }
        defer { signals.cancel() }
        let result = await task.result
        reporter.finish()
        switch result {
        case .success(let report):
            let elapsed = ContinuousClock.now - started
            console.out(
                settings.logFormat == .json
                    ? Summary.json(for: report, elapsed: elapsed) : Summary.text(for: report, elapsed: elapsed))
            return report.manifest.failures.isEmpty ? .success : .partialFailure
        case .failure(let failure):
            // The task only throws ExportError; a bare cancellation can only come from a signal.
            let error = (failure as? ExportError) ?? .interrupted
            let prefix = if case .invalidPosterSize = error { "\(job.name): " } else { "" }
            if settings.logFormat == .json {
                console.err(JSONLine.encode([("time", Manifest.timestamp(Date())), ("event", "error"), ("message", "\(prefix)\(error)")]))
            } else {
                console.err("error: \(prefix)\(error)\n")
            }
            if case .interrupted = error, signals.firstSignal == SIGTERM { return .terminated }
            return ExitCode.for(error)
        }
    }
}

extension ExitCode {
    /// The exit code for a run that stopped: the one place errors become numbers.
    static func `for`(_ error: ExportError) -> ExitCode {
        switch error {
        case .authentication: .credentialsRejected
        case .invalidPosterSize: .usage
        case .setup, .output, .locked: .partialFailure
        case .interrupted: .interrupted
        }
    }
}
