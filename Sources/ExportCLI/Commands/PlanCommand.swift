import Exporter
import Foundation
import HTTPClient
import TMDBAPI
import TMDBSandbox

/// `tmdb-export plan JOB`: prints the requests a run would make and an estimate of how long it would take.
public struct PlanCommand: Sendable {
    /// The help text.
    public static let help = """
        USAGE: tmdb-export plan JOB [--resolve [--sandbox | --base-url URL]] [options]

        Prints the requests a run of JOB would make, how many, and the estimated time at the configured rate limit
        and concurrency (assuming a 250 ms round trip). Without --resolve nothing is fetched, and "all" page counts
        are shown as at most 500; --resolve fetches page 1 of each "all" request to learn its size.

        OPTIONS:
          --resolve             Fetch page 1 of "all" requests (needs credentials, or --sandbox).
          --sandbox             Resolve against the built-in sandbox.
          --base-url URL        The TMDB API base URL (default: https://api.themoviedb.org/3).
          --concurrency N       Plan with this concurrency instead of the job's.
          --rate-limit N        Plan with this rate limit instead of the job's (0: none).
          --no-posters          Plan without posters.
          -h, --help            Show this help.

        EXAMPLES:
          tmdb-export plan jobs/top_rated.json
          tmdb-export plan top_rated --resolve --sandbox
        """

    /// Runs the command and returns its exit code.
    static func run(_ arguments: [String], console: Console, environment: [String: String]) async -> ExitCode {
        let parsed: ParsedArguments
        var concurrency: Int?
        var rateLimit: Double?
        let specification = ParsedArguments.Specification(
            options: ["base-url", "concurrency", "rate-limit"], flags: ["resolve", "sandbox", "no-posters", "help"])
        switch CommandStart.parse(
            arguments, command: "plan", specification: specification, help: help, console: console,
            validate: { parsed throws(UsageError) in
                guard parsed.positionals.count == 1 else {
                    throw UsageError("plan: name one job file (e.g. tmdb-export plan jobs/top_rated.json)")
                }
                let concurrency = try parsed.integer("concurrency", in: 1...Job.maximumConcurrency, command: "plan")
                return (parsed, concurrency, try parsed.rateLimit(command: "plan"))
            })
        {
        case .exit(let code): return code
        case .run(let settings): (parsed, concurrency, rateLimit) = settings
        }
        let job: Job
        do {
            job = try JobLoader().load(parsed.positionals[0])
        } catch {
            for line in error.lines { console.err("error: \(line)\n") }
            return .usage
        }
        var plan = JobPlan(
            job: job, concurrency: concurrency, rateLimit: rateLimit, posters: !parsed.flags.contains("no-posters"))

        if parsed.flags.contains("resolve"), !plan.isResolved {
            var sandbox: SandboxServer?
            defer { sandbox?.stop() }
            let credentials: Credentials
            var baseURL = parsed.options["base-url"].flatMap(URL.init(string:)) ?? TMDB.apiBaseURL
            if parsed.flags.contains("sandbox") {
                var options = SandboxOptions()
                options.recordsRequests = false
                let server = SandboxServer(options: options)
                do { try server.start() } catch {
                    console.err("error: cannot start the sandbox: \(error)\n")
                    return .partialFailure
                }
                sandbox = server
                baseURL = server.apiBaseURL
                credentials = .bearerToken(SandboxServer.bearerToken)
            } else if let found = EnvironmentCredentials.read(from: environment) {
                credentials = found
            } else {
                console.err(
                    "error: plan --resolve needs TMDB credentials: set \(EnvironmentCredentials.tokenVariable) or "
                        + "\(EnvironmentCredentials.keyVariable), or add --sandbox\n")
                return .usage
            }
            let api = APIClient(
                baseURL: baseURL, credentials: credentials,
                transport: URLSessionTransport(maximumConnectionsPerHost: 2), userAgent: ToolVersion.userAgent, errorMessage: TMDB.errorMessage(of:))
            do {
                try await plan.resolve(with: api)
            } catch {
                console.err("error: plan: \(error)\n")
                return error.isAuthenticationFailure ? .credentialsRejected : .partialFailure
            }
        }
        console.out(text(for: plan, file: JobLoader().resolve(parsed.positionals[0])))
        return .success
    }

    /// The plan as printed.
    static func text(for plan: JobPlan, file: String) -> String {
        var lines = ["\(plan.job.name) (\(file))"]
        for line in plan.lines {
            var text = "  \(line.request.endpoint) pages \(line.request.pages): "
            if let pages = line.pages {
                text += "\(pages) page\(pages == 1 ? "" : "s")"
                if line.totalPages != nil, case .all = line.request.pages { text += " (resolved from page 1)" }
            } else {
                text += "up to \(TMDB.maximumPage) pages (unknown until page 1 is fetched; use --resolve)"
            }
            if line.request.details { text += ", + details for up to \(TMDB.pageSize) movies per page" }
            text += " -> \(line.apiRequests.map(String.init) ?? "up to \(line.maximumAPIRequests)") requests"
            text += " -> \(line.request.slug).csv"
            lines.append(text)
        }
        let bound = plan.isResolved ? "" : "up to "
        lines.append("  setup: \(plan.setupRequests) requests (configuration, genre lists)")
        lines.append("  API requests: \(bound)\(plan.apiRequests)")
        if plan.posters {
            lines.append("  posters: up to \(plan.maximumPosters) from the image CDN (not rate-limited; present ones skipped)")
        }
        let rate = plan.rateLimit > 0 ? String(format: "%g req/s", plan.rateLimit) : "no rate limit"
        let seconds = plan.estimatedDuration.seconds
        let duration = seconds >= 120 ? String(format: "%.1f min", seconds / 60) : String(format: "%.1f s", seconds)
        lines.append(
            "  estimated time: \(bound)\(duration) at \(rate) with \(plan.concurrency) in flight "
                + "(assuming \(Int(plan.assumedRoundTrip.seconds * 1000)) ms per request)")
        return lines.joined(separator: "\n") + "\n"
    }
}
