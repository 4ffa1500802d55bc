import Foundation
import TestSupport
import Testing

@testable import ExportCLI

@Suite("Command-line usage errors")
struct UsageErrorTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) async -> (Int32, CapturedConsole) {
        let captured = CapturedConsole()
        let code = await TMDBExportCommand.main(arguments, console: captured.console, environment: environment)
        return (code, captured)
    }

    @Test(
        "answers bad usage with one line on stderr and exit code 2",
        arguments: [
            (["export"], "export: --job PATH is required"),
            (["export", "--job"], "export: --job needs a value"),
            (
                ["export", "--job", "x", "--concurrency", "0"],
                "--concurrency \"0\" is not valid (expected an integer from 1 to 64)"
            ),
            (
                ["export", "--job", "x", "--concurency", "3"],
                "unknown option --concurency (did you mean \"--concurrency\"?)"
            ),
            (["export", "--job", "x", "--base-url", "ftp://x"], "--base-url \"ftp://x\" is not an http(s) URL"),
            (["export", "--job", "x", "--base-url", "https://x/3?api_key=1"], "--base-url must not carry a query"),
            (["export", "--job", "/nonexistent/job.json"], "/nonexistent/job.json: no such job file"),
            (
                ["export", "--job", "x", "--retries", "21"],
                "--retries \"21\" is not valid (expected an integer from 0 to 20)"
            ),
            (["export", "--job", "x", "--rate-limit", "-1"], "--rate-limit \"-1\" is not valid"),
            (
                ["plan", "x", "--rate-limit", "inf"],
                "plan: --rate-limit \"inf\" is not valid (expected requests per second from 0 to 10000; 0 means no limit)"
            ),
            (
                ["export", "--job", "x", "--timeout", "0"],
                "--timeout \"0\" is not valid (expected seconds, more than 0 and at most 3600)"
            ),
            (
                ["export", "--job", "x", "--max-retry-after", "1e17"],
                "--max-retry-after \"1e17\" is not valid (expected seconds, from 0 to 3600)"
            ),
            (["export", "--job", "x", "--max-retry-after", "-1"], "--max-retry-after \"-1\" is not valid"),
            (["exprot"], "unknown command \"exprot\" (did you mean \"export\"?)"),
            (["sandbox", "--port", "99999"], "--port \"99999\" is not valid"),
            (["sandbox", "--error-rate", "2"], "--error-rate \"2\" is not valid (expected a share from 0 to 1)"),
            (["sandbox", "--timing-log", ""], "--timing-log \"\" is not valid (expected a file path)"),
            (
                ["sandbox", "--gzip-bomb-page", "0"],
                "--gzip-bomb-page \"0\" is not valid (expected page numbers like 3 or 3,7)"
            ),
            (["sandbox", "--huge-page", "x"], "--huge-page \"x\" is not valid (expected page numbers like 3 or 3,7)"),
            (
                ["sandbox", "--hostile-values", "--no-list-catalogue"],
                "--hostile-values and --no-list-catalogue do not go together"
            ),
            (
                ["sandbox", "--failing-id", "550,0"],
                "--failing-id \"550,0\" is not valid (expected ids like 550 or 550,551)"
            ),
            (
                ["sandbox", "--oversized-id", "a"],
                "--oversized-id \"a\" is not valid (expected ids like 550 or 550,551)"
            ),
            (
                ["sandbox", "--date", "2026-02-30"],
                "--date \"2026-02-30\" is not valid (expected a date like 2026-01-05)"
            ),
            (
                ["sandbox", "--date", "01/05/2026"],
                "--date \"01/05/2026\" is not valid (expected a date like 2026-01-05)"
            ),
        ])
    func usageErrors(arguments: [String], expected: String) async {
        let (code, output) = await run(arguments)
        #expect(code == 2)
        #expect(output.err.contains(expected), "stderr: \(output.err)")
        #expect(output.err.hasPrefix("error: "))
        #expect(output.out.isEmpty)
    }

    @Test(
        "plan checks --base-url as export does: the same one-line error, naming the command, and exit code 2",
        arguments: ["ftp://x", "nohost", "https://x/3?api_key=1"])
    func planBaseURL(url: String) async {
        let (exportCode, export) = await run(["export", "--job", "x", "--base-url", url])
        let (planCode, plan) = await run(["plan", "x", "--resolve", "--base-url", url])
        #expect(exportCode == 2 && planCode == 2)
        #expect(export.err.hasPrefix("error: export: --base-url "), "stderr: \(export.err)")
        #expect(plan.err == export.err.replacingOccurrences(of: "error: export: ", with: "error: plan: "))
        #expect(plan.err.split(separator: "\n").count == 1)
        #expect(plan.out.isEmpty)
    }

    @Test("refuses to run without credentials, naming both variables and --sandbox")
    func noCredentials() async throws {
        let directory = try TemporaryDirectory(prefix: "cli")
        defer { directory.remove() }
        let job = try directory.write(
            #"{"name": "x", "requests": [{"endpoint": "movie/popular", "pages": "1"}]}"#, to: "x.json")
        let (code, output) = await run(["export", "--job", job])
        #expect(code == 2)
        #expect(output.err.contains("TMDB_API_TOKEN"))
        #expect(output.err.contains("TMDB_API_KEY"))
        #expect(output.err.contains("--sandbox"))
        #expect(output.err.split(separator: "\n").count == 1)
    }

    @Test("prints the version")
    func version() async {
        let (code, output) = await run(["--version"])
        #expect(code == 0)
        #expect(output.out == "tmdb-export 0.1.0\n")
    }
}
