import Exporter
import Foundation
import RunStore
import TMDBAPI

/// `tmdb-export plan JOB`: prints the requests a run would make and an estimate of how long it would take.
struct PlanCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "plan", abstract: "Print the requests a job would make and how long it would take",
        usage: "JOB [--resolve [--sandbox | --base-url URL]] [options]",
        discussion: """
            Prints the requests a run of JOB would make, how many, and the estimated time at the configured rate limit
            and concurrency (assuming a 250 ms round trip). Without --resolve nothing is fetched, and "all" page counts
            are shown as at most 500; --resolve fetches page 1 of each "all" request to learn its size.
            """,
        options: [
            .flag("resolve", help: "Fetch page 1 of \"all\" requests (needs credentials, or --sandbox)"),
            .flag("sandbox", help: "Resolve against the built-in sandbox"),
            .option(
                "base-url", value: "URL", help: "The TMDB API base URL", default: TMDB.apiBaseURL.absoluteString),
            .option("concurrency", value: "N", help: "Plan with this concurrency instead of the job's"),
            .option("rate-limit", value: "N", help: "Plan with this rate limit instead of the job's (0: none)"),
            .flag("no-posters", help: "Plan without posters"),
        ],
        examples: ["tmdb-export plan jobs/top_rated.json", "tmdb-export plan top_rated --resolve --sandbox"])

    struct Settings: Sendable {
        var jobArgument: String
        var concurrency: Int?
        var rateLimit: Double?
        var posters: Bool
        var resolve: Bool
        var useSandbox: Bool
        var baseURL: URL?
    }

    static func validate(_ arguments: ParsedArguments) throws(UsageError) -> Settings {
        guard arguments.positionals.count == 1 else {
            throw UsageError("plan: name one job file (e.g. tmdb-export plan jobs/top_rated.json)")
        }
        return Settings(
            jobArgument: arguments.positionals[0],
            concurrency: try arguments.integer("concurrency", in: 1...Job.maximumConcurrency, command: "plan"),
            rateLimit: try arguments.rateLimit(command: "plan"), posters: !arguments.isSet("no-posters"),
            resolve: arguments.isSet("resolve"), useSandbox: arguments.isSet("sandbox"),
            baseURL: try APITarget.baseURL(in: arguments, command: "plan"))
    }

    static func run(
        _ settings: Settings, console: Console, environment: [String: String]
    ) async throws(CommandFailure) {
        let job = try JobLoader().commandJob(settings.jobArgument)
        var plan = JobPlan(
            job: job, concurrency: settings.concurrency, rateLimit: settings.rateLimit, posters: settings.posters)

        if settings.resolve, !plan.isResolved {
            let target = try APITarget(
                sandbox: settings.useSandbox, baseURL: settings.baseURL, environment: environment)
            let api = target.client(connections: 2)
            do {
                try await plan.resolve(with: api)
            } catch {
                await target.stop()
                throw .resolveFailed(error)
            }
            await target.stop()
        }
        console.out(text(for: plan, file: JobLoader().resolve(settings.jobArgument)))
    }

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
        for line in plan.catalogueLines {
            let request = line.request
            let append = request.append.isEmpty ? "" : " + \(request.append.map(\.rawValue).joined(separator: ","))"
            var text = "  catalogue \(request.type.rawValue)\(append), export \(request.exportDate): "
            let perID = request.episodes ? "1 + ⌈seasons / 20⌉ requests per series (about 2)" : "one request per id"
            if let ids = line.ids {
                text +=
                    "the \(ids) most popular ids, \(perID) -> \(request.episodes ? "about" : "up to") \(line.assumedRequests) requests"
            } else {
                text += "\(perID) of the export (about \(line.assumedIDs) in TMDB's"
                text += request.minPopularity == nil ? ")" : ", fewer above minPopularity)"
            }
            let mainTable = CatalogueTable.tables(for: request.type, appending: [])[0].name
            text += " -> \(mainTable).csv and its child tables"
            lines.append(text)
            let refresh = request.refresh
            if request.type == .person {
                // People have no votes; their credits follow the job's titles.
                let follows = plan.job.catalogue.contains { $0.type != .person }
                lines.append(
                    "    each incremental night: the changed and new people, + \(line.nightlyRefetches) details of the "
                        + "oldest rows (refresh.maxAgeDays \(refresh.maxAgeDays))"
                        + (follows ? " + the people whose credits moved in tonight's titles" : "")
                        + " = \(line.nightlyRefetches) requests a night beyond the changes")
                if request.minPopularity != nil {
                    lines.append(
                        "    minPopularity keeps only the export's lines at or above it: the requests and the time "
                            + "shrink with the share of people it keeps, which the export's popularity column gives")
                }
                continue
            }
            lines.append(
                "    each incremental night: the changed and new ids, + \(line.nightlyRefetches) details of the oldest "
                    + "rows (refresh.maxAgeDays \(refresh.maxAgeDays)) + \(line.nightlyDiscoverPages) discover pages "
                    + "(votes of the \(refresh.top) most popular\(line.nightlyDiscoverPages > 500 ? ", in release-date windows" : "")) = "
                    + "\(line.nightlyRefetches + line.nightlyDiscoverPages) "
                    + "requests a night beyond the changes")
        }
        for line in plan.dimensionLines {
            let request = line.request
            lines.append(
                "  catalogue \(request.type.rawValue), export \(request.exportDate): \(line.exportFile) read whole "
                    + "(about \(line.typicalLines) lines in TMDB's), no API request -> \(request.type.tableName).csv")
        }
        if plan.watchProviderRequests > 0 {
            lines.append(
                "  watch providers: \(plan.watchProviderRequests) requests (watch/providers/movie and /tv, once) -> "
                    + "watch_providers.csv; each title's offers come with its details, at no request of their own")
        }
        let bound = plan.isResolved ? "" : "up to "
        if plan.setupRequests > 0 {
            lines.append("  setup: \(plan.setupRequests) requests (configuration, genre lists)")
        }
        lines.append("  API requests: \(bound)\(plan.apiRequests)")
        if plan.posters && plan.maximumPosters > 0 {
            lines.append(
                "  posters: up to \(plan.maximumPosters) from the image CDN (not rate-limited; present ones skipped)")
        }
        let rate = plan.rateLimit > 0 ? String(format: "%g req/s", plan.rateLimit) : "no rate limit"
        let seconds = plan.estimatedDuration.seconds
        let duration =
            seconds >= 7_200
            ? String(format: "%.1f h", seconds / 3_600)
            : seconds >= 120 ? String(format: "%.1f min", seconds / 60) : String(format: "%.1f s", seconds)
        lines.append(
            "  estimated time: \(bound)\(duration) at \(rate) with \(plan.concurrency) in flight "
                + "(assuming \(Int(plan.assumedRoundTrip.seconds * 1000)) ms per request)")
        return lines.joined(separator: "\n") + "\n"
    }
}
