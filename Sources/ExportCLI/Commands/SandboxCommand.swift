import Foundation
import TMDBSandbox

/// `tmdb-export sandbox [--port N]`: serves the TMDB look-alike on 127.0.0.1 until interrupted.
public struct SandboxCommand: Sendable {
    /// The help text.
    public static let help = """
        USAGE: tmdb-export sandbox [--port N] [fault options]

        Serves a TMDB look-alike on 127.0.0.1: /3/configuration, /3/genre/movie/list and /3/genre/tv/list, the
        movie and TV lists (10,400 movies and 2,400 shows, deterministic, with hard cases), trending, discover,
        search, movie/{id}/recommendations and /similar, movie/{id} details, and poster images under /t/p/.
        Credentials: "Authorization: Bearer sandbox-token" or "api_key=sandbox-api-key".

        OPTIONS:
          --port N              The port to listen on (default: 8765; 0 picks a free one).
          --latency MS          Added delay before every response, in milliseconds.
          --jitter MS           Extra random delay, 0 to MS milliseconds, per response.
          --rate-limit N        Answer 429 with Retry-After above N API requests per second.
          --error-rate P        Answer this share (0-1) of API requests with 500/502/503.
          --truncate-rate P     Cut this share (0-1) of API response bodies short.
          --malformed-page N    Answer page N of every list with invalid JSON (repeatable as N,M).
          --html-poster-rate P  Answer this share (0-1) of poster requests with an HTML page and status 200.
          --unsafe-poster-paths Put hostile poster_path values in the catalogue.
          --seed N              Seed for every random choice (default: 42).
          --timing-log FILE     Write one line per answered request to FILE (created or emptied): connection
                                number, arrival and answer times (monotonic ns), status and path without query.
          -h, --help            Show this help.

        EXAMPLES:
          tmdb-export sandbox --port 8765
          tmdb-export sandbox --port 8765 --latency 50 --rate-limit 40 --error-rate 0.05
        """

    static let specification = ParsedArguments.Specification(
        options: ["port", "latency", "jitter", "rate-limit", "error-rate", "truncate-rate", "malformed-page",
            "html-poster-rate", "seed", "timing-log"],
        flags: ["unsafe-poster-paths", "help"])

    /// Parses the options into sandbox options.
    static func validate(_ arguments: ParsedArguments) throws(UsageError) -> SandboxOptions {
        guard arguments.positionals.isEmpty else {
            throw UsageError("sandbox: unexpected argument \"\(arguments.positionals[0])\"")
        }
        var options = SandboxOptions()
        // A standalone server runs for hours under benchmarks: no per-request log to grow without bound.
        options.recordsRequests = false
        options.port = UInt16(try arguments.integer("port", in: 0...65535, command: "sandbox") ?? 8765)
        if let latency = try arguments.integer("latency", in: 0...600_000, command: "sandbox") {
            options.latency = .milliseconds(latency)
        }
        if let jitter = try arguments.integer("jitter", in: 0...600_000, command: "sandbox") {
            options.latencyJitter = .milliseconds(jitter)
        }
        if let seed = try arguments.integer("seed", in: 0...Int.max, command: "sandbox") { options.seed = UInt64(seed) }
        if let text = arguments.options["rate-limit"] {
            guard let rate = Double(text), rate > 0 else {
                throw UsageError("sandbox: --rate-limit \"\(text)\" is not valid (expected requests per second > 0)")
            }
            options.rateLimit = rate
        }
        options.serverErrorRate = try share("error-rate", arguments) ?? 0
        options.truncatedBodyRate = try share("truncate-rate", arguments) ?? 0
        options.htmlPosterRate = try share("html-poster-rate", arguments) ?? 0
        if let text = arguments.options["malformed-page"] {
            let pages = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !pages.isEmpty, pages.allSatisfy({ ($0 ?? 0) >= 1 }) else {
                throw UsageError("sandbox: --malformed-page \"\(text)\" is not valid (expected page numbers like 3 or 3,7)")
            }
            options.malformedJSONPages = Set(pages.compactMap { $0 })
        }
        options.unsafePosterPaths = arguments.flags.contains("unsafe-poster-paths")
        if let path = arguments.options["timing-log"] {
            guard !path.isEmpty else {
                throw UsageError("sandbox: --timing-log \"\" is not valid (expected a file path)")
            }
            options.timingLogPath = path
        }
        return options
    }

    private static func share(_ name: String, _ arguments: ParsedArguments) throws(UsageError) -> Double? {
        guard let text = arguments.options[name] else { return nil }
        guard let value = Double(text), (0...1).contains(value) else {
            throw UsageError("sandbox: --\(name) \"\(text)\" is not valid (expected a share from 0 to 1)")
        }
        return value
    }

    /// Runs the command and returns its exit code.
    static func run(_ arguments: [String], console: Console) -> ExitCode {
        let options: SandboxOptions
        switch CommandStart.parse(
            arguments, command: "sandbox", specification: specification, help: help, console: console,
            validate: validate)
        {
        case .exit(let code): return code
        case .run(let parsed): options = parsed
        }
        let server = SandboxServer(options: options)
        do {
            let port = try server.start()
            console.out("sandbox: serving TMDB look-alike on http://127.0.0.1:\(port)/3 (images under /t/p/)\n")
            console.out("sandbox: credentials: Authorization: Bearer \(SandboxServer.bearerToken)\n")
            try server.serveForever()
            return .success
        } catch {
            console.err("error: sandbox: \(error)\n")
            return .partialFailure
        }
    }
}
