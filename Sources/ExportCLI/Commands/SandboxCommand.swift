import Foundation
import TMDBSandbox

/// `tmdb-export sandbox [--port N]`: serves the TMDB look-alike on 127.0.0.1 until interrupted.
struct SandboxCommand: Subcommand {
    /// A fixed port, unlike the tests' ephemeral ones, so that benchmarks and curl know where to look.
    static let defaultPort: UInt16 = 8765

    static let configuration = CommandConfiguration(
        name: "sandbox", abstract: "Serve the built-in TMDB look-alike on 127.0.0.1",
        usage: "[--port N] [fault options]",
        discussion: """
            Serves a TMDB look-alike on 127.0.0.1: /3/configuration, /3/genre/movie/list and /3/genre/tv/list, the
            movie and TV lists (10,400 movies and 2,400 shows, deterministic, with hard cases), trending, discover,
            search, movie/{id}/recommendations and /similar, movie/{id} details, and poster images under /t/p/.
            The catalogue: movie/{id} and tv/{id} details with append_to_response for every id of a generated
            universe, and its daily ID exports under /p/exports/ (movie_ids_MM_DD_YYYY.json.gz, tv_series_ids_…,
            adult_…; no credentials), published at 08:00 UTC and kept 90 days.
            With --date, the server lives on that day (at 12:00 UTC) of a universe that changes every day after
            2026-01-01: about 1% of the generated ids are edited, 0.05% added, 0.03% removed and a few turn adult,
            as /3/movie/changes and /3/tv/changes list them (start_date, end_date at most 14 days later, page).
            Without it nothing changes and the change feeds are empty.
            Credentials: "Authorization: Bearer \(SandboxServer.bearerToken)" or "api_key=\(SandboxServer.apiKey)".
            """,
        options: [
            .option(
                "port", value: "N", help: "The port to listen on", default: "\(defaultPort); 0 picks a free one"),
            .option("latency", value: "MS", help: "Added delay before every response, in milliseconds"),
            .option("jitter", value: "MS", help: "Extra random delay, 0 to MS milliseconds, per response"),
            .option("rate-limit", value: "N", help: "Answer 429 with Retry-After above N API requests per second"),
            .option("error-rate", value: "P", help: "Answer this share (0-1) of API requests with 500/502/503"),
            .option("truncate-rate", value: "P", help: "Cut this share (0-1) of API response bodies short"),
            .option(
                "malformed-page", value: "N",
                help: "Answer page N of every list with invalid JSON (repeatable as N,M)"),
            .option(
                "damaged-page", value: "N",
                help: "Damage 3 items on page N of every list: bad UTF-8, 1e400, id 2.5 (repeatable as N,M)"),
            .option(
                "html-poster-rate", value: "P",
                help: "Answer this share (0-1) of poster requests with an HTML page and status 200"),
            .flag("unsafe-poster-paths", help: "Put hostile poster_path values in the catalogue"),
            .flag(
                "hostile-values",
                help:
                    "Serve NUL, lone surrogates, impossible dates, 2^63 and repeated genres for a few fixed ids, daily"),
            .flag("gzip", help: "Compress API answers with gzip when the request accepts it"),
            .option(
                "gzip-bomb-page", value: "N",
                help: "Answer page N of every list with gzip that inflates to 4 GiB (repeatable as N,M)"),
            .option(
                "huge-page", value: "N",
                help: "Answer page N of every list with a 2 GiB chunked body (repeatable as N,M)"),
            .option(
                "failing-id", value: "N",
                help: "Answer every details request of id N (movie, tv or person) with 500 (repeatable as N,M)"),
            .option(
                "oversized-id", value: "N",
                help: "Answer id N's details with valid JSON over the exporter's 8 MiB cap (repeatable as N,M)"),
            .option(
                "catalogue-size", value: "N", help: "Movie ids in the catalogue universe and its export files",
                default: "\(SandboxOptions().catalogueSize)"),
            .option(
                "series-catalogue-size", value: "N", help: "Series ids in the catalogue universe and its export files",
                default: "\(SandboxOptions().seriesCatalogueSize)"),
            .option(
                "uncredited-people", value: "N",
                help: "People credited by no title, after the 20,000 the titles credit",
                default: "\(SandboxOptions().uncreditedPeople)"),
            .flag(
                "no-list-catalogue",
                help: "Leave the list catalogue's items (which never change) out of the universe: every id generated"),
            .option(
                "date", value: "DATE",
                help: "Serve day DATE (YYYY-MM-DD) of the evolving universe, with its change feeds"),
            .option(
                "missing-export-day", value: "DATE",
                help: "Answer 404 for the export files of DATE (YYYY-MM-DD; repeatable as D1,D2)"),
            .flag("chunked", help: "Send API answers with Transfer-Encoding: chunked, as TMDB's CDN does"),
            .flag("no-retry-after", help: "Send the rate limiter's 429 without Retry-After, as TMDB's CDN does"),
            .option(
                "max-client-connections", value: "N",
                help: "Answer 429 and close a client's connections beyond N open ones"),
            .option("seed", value: "N", help: "Seed for every random choice", default: "\(SandboxOptions().seed)"),
            .option(
                "timing-log", value: "FILE",
                help: """
                    Write one line per answered request to FILE (created or emptied): connection
                    number, arrival and answer times (monotonic ns), status and path without query
                    """),
        ],
        examples: [
            "tmdb-export sandbox --port 8765",
            "tmdb-export sandbox --port 8765 --latency 50 --rate-limit 40 --error-rate 0.05",
            "tmdb-export sandbox --catalogue-size 1000000 --gzip --chunked --no-retry-after --max-client-connections 20",
            "tmdb-export sandbox --date 2026-01-05",
            "tmdb-export sandbox --date 2026-01-05 --uncredited-people 81000",
        ])

    static func validate(_ arguments: ParsedArguments) throws(UsageError) -> SandboxOptions {
        guard arguments.positionals.isEmpty else {
            throw UsageError("sandbox: unexpected argument \"\(arguments.positionals[0])\"")
        }
        var options = SandboxOptions()
        // A standalone server runs for hours under benchmarks: no per-request log to grow without bound.
        options.recordsRequests = false
        let port = try arguments.integer("port", in: 0...65535, command: "sandbox")
        options.port = port.map { UInt16($0) } ?? defaultPort
        if let latency = try arguments.integer("latency", in: 0...600_000, command: "sandbox") {
            options.faults.latency = .milliseconds(latency)
        }
        if let jitter = try arguments.integer("jitter", in: 0...600_000, command: "sandbox") {
            options.faults.latencyJitter = .milliseconds(jitter)
        }
        if let seed = try arguments.integer("seed", in: 0...Int.max, command: "sandbox") { options.seed = UInt64(seed) }
        if let text = arguments.value("rate-limit") {
            guard let rate = Double(text), rate > 0 else {
                throw UsageError("sandbox: --rate-limit \"\(text)\" is not valid (expected requests per second > 0)")
            }
            options.faults.rateLimit = rate
        }
        options.faults.serverErrorRate = try share("error-rate", arguments) ?? 0
        options.faults.truncatedBodyRate = try share("truncate-rate", arguments) ?? 0
        options.faults.htmlPosterRate = try share("html-poster-rate", arguments) ?? 0
        options.faults.malformedJSONPages = try pages("malformed-page", arguments)
        options.faults.damagedItemPages = try pages("damaged-page", arguments)
        options.faults.gzipBombPages = try pages("gzip-bomb-page", arguments)
        options.faults.hugePages = try pages("huge-page", arguments)
        options.faults.failingIDs = try ids("failing-id", arguments)
        options.faults.oversizedIDs = try ids("oversized-id", arguments)
        options.gzip = arguments.isSet("gzip")
        options.chunked = arguments.isSet("chunked")
        options.faults.retryAfterOn429 = !arguments.isSet("no-retry-after")
        if let size = try arguments.integer("catalogue-size", in: 0...100_000_000, command: "sandbox") {
            options.catalogueSize = size
        }
        if let size = try arguments.integer("series-catalogue-size", in: 0...100_000_000, command: "sandbox") {
            options.seriesCatalogueSize = size
        }
        if let count = try arguments.integer("uncredited-people", in: 0...100_000_000, command: "sandbox") {
            options.uncreditedPeople = count
        }
        options.catalogueIncludesLists = !arguments.isSet("no-list-catalogue")
        options.faults.maximumConnectionsPerClient = try arguments.integer(
            "max-client-connections", in: 1...100_000, command: "sandbox")
        options.faults.missingExportDays = try days("missing-export-day", arguments)
        if let text = arguments.value("date") {
            guard let day = ExportDay(isoDate: text) else {
                throw UsageError("sandbox: --date \"\(text)\" is not valid (expected a date like 2026-01-05)")
            }
            let noon = Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 12 * 3_600)
            options.now = { noon }
            options.simulatesDays = true
        }
        options.faults.unsafePosterPaths = arguments.isSet("unsafe-poster-paths")
        options.faults.hostileValues = arguments.isSet("hostile-values")
        // The hostile ids are list catalogue items: without them, the flag would serve nothing hostile, silently.
        if options.faults.hostileValues && !options.catalogueIncludesLists {
            throw UsageError(
                "sandbox: --hostile-values and --no-list-catalogue do not go together (the hostile ids, movies "
                    + "\(SandboxFaultPlan.hostileMovieIDs.map(String.init).joined(separator: ", ")), are the list "
                    + "catalogue's items)")
        }
        if let path = arguments.value("timing-log") {
            guard !path.isEmpty else {
                throw UsageError("sandbox: --timing-log \"\" is not valid (expected a file path)")
            }
            options.timingLogPath = path
        }
        return options
    }

    /// Page numbers given as `3` or `3,7`; none when the option is absent.
    private static func pages(_ name: String, _ arguments: ParsedArguments) throws(UsageError) -> Set<Int> {
        try numbers(name, arguments, expected: "page numbers like 3 or 3,7")
    }

    /// Ids given as `550` or `550,551`; none when the option is absent.
    private static func ids(_ name: String, _ arguments: ParsedArguments) throws(UsageError) -> Set<Int> {
        try numbers(name, arguments, expected: "ids like 550 or 550,551")
    }

    /// Whole numbers of at least 1, comma-separated; none when the option is absent.
    private static func numbers(
        _ name: String, _ arguments: ParsedArguments, expected: String
    ) throws(UsageError) -> Set<Int> {
        guard let text = arguments.value(name) else { return [] }
        let numbers = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !numbers.isEmpty, numbers.allSatisfy({ ($0 ?? 0) >= 1 }) else {
            throw UsageError("sandbox: --\(name) \"\(text)\" is not valid (expected \(expected))")
        }
        return Set(numbers.compactMap { $0 })
    }

    /// Days given as `2024-05-15` or `2024-05-15,2024-05-16`; none when the option is absent.
    private static func days(_ name: String, _ arguments: ParsedArguments) throws(UsageError) -> Set<String> {
        guard let text = arguments.value(name) else { return [] }
        let days = text.split(separator: ",").map { ExportDay(isoDate: $0.trimmingCharacters(in: .whitespaces)) }
        guard !days.isEmpty, days.allSatisfy({ $0 != nil }) else {
            throw UsageError("sandbox: --\(name) \"\(text)\" is not valid (expected dates like 2024-05-15 or D1,D2)")
        }
        return Set(days.compactMap { $0?.isoDate })
    }

    private static func share(_ name: String, _ arguments: ParsedArguments) throws(UsageError) -> Double? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Double(text), (0...1).contains(value) else {
            throw UsageError("sandbox: --\(name) \"\(text)\" is not valid (expected a share from 0 to 1)")
        }
        return value
    }

    static func run(
        _ options: SandboxOptions, console: Console, environment: [String: String]
    ) async throws(CommandFailure) {
        let server = SandboxServer(options: options)
        do {
            let port = try server.start()
            console.out("sandbox: serving TMDB look-alike on http://127.0.0.1:\(port)/3 (images under /t/p/)\n")
            console.out("sandbox: credentials: Authorization: Bearer \(SandboxServer.bearerToken)\n")
            try await server.serveUntilStopped()
        } catch {
            throw .sandboxFailed(error)
        }
    }
}
