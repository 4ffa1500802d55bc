import Foundation
import TMDBSandbox
import TestSupport
import Testing

@testable import ExportCLI

@Suite("The built tmdb-export binary", .timeLimit(.minutes(15)))
struct BinaryTests {
    @Test(
        "prints each command's help text exactly and exits 0",
        arguments: [
            (["--help"], "help.txt"), (["export", "--help"], "export-help.txt"),
            (["sandbox", "--help"], "sandbox-help.txt"), (["validate", "--help"], "validate-help.txt"),
            (["plan", "--help"], "plan-help.txt"), (["export", "-h"], "export-help.txt"),
            (["merge", "--help"], "merge-help.txt"),
        ])
    func help(arguments: [String], snapshot: String) async throws {
        let result = try await BinaryRunner.run(arguments)
        #expect(result.exitCode == 0)
        #expect(result.stdout == (try Snapshot.text(snapshot)))
    }

    @Test("exports a job from the sandbox, prints a summary and exits 0")
    func sandboxExport() async throws {
        let temporary = try TemporaryDirectory(prefix: "cli")
        defer { temporary.remove() }
        let directory = temporary.path
        let job = try temporary.write(
            #"{"name": "cli", "requests": [{"endpoint": "movie/upcoming", "pages": "1-2"}], "posters": {"size": "w92"}}"#,
            to: "job.json")
        let output = (directory as NSString).appendingPathComponent("out")
        let result = try await BinaryRunner.run(["export", "--job", job, "--sandbox", "--output", output])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("cli: complete"))
        #expect(result.stdout.contains("movie/upcoming: 40 rows from 2/2 pages"))
        #expect(result.stdout.contains("output: \(output)/cli/runs/"))
        #expect(FileManager.default.fileExists(atPath: output + "/cli/latest/movie_movie_upcoming.csv") == false)
        #expect(FileManager.default.fileExists(atPath: output + "/cli/latest/movie_upcoming.csv"))
        #expect(!result.stderr.contains("\u{1B}"), "no control characters when stderr is not a terminal")
    }

    @Test("finds a job by bare name in jobs/ relative to the working directory")
    func bareJobName() async throws {
        let temporary = try TemporaryDirectory(prefix: "cli")
        defer { temporary.remove() }
        let directory = temporary.path
        try temporary.write(
            #"{"name": "bare", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "posters": false}"#,
            to: "jobs/bare.json")
        let result = try await BinaryRunner.run(["export", "--job", "bare", "--sandbox"], directory: directory)
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory + "/output/bare/latest/movie_popular.ndjson"))
    }

    @Test("exits 2 with the file, line and field for an invalid job file, and writes nothing")
    func invalidJob() async throws {
        let temporary = try TemporaryDirectory(prefix: "cli")
        defer { temporary.remove() }
        let directory = temporary.path
        let job = try temporary.write(
            "{\n  \"name\": \"bad\",\n  \"requests\": [{\"endpoint\": \"movie/popular\", \"pages\": \"5-2\"}]\n}",
            to: "job.json")
        let result = try await BinaryRunner.run(["export", "--job", job, "--sandbox", "--output", directory + "/out"])
        #expect(result.exitCode == 2)
        #expect(
            result.stderr == "error: \(job):3: requests[0].pages: \"5-2\": the range ends before it starts "
                + "(expected \"N\", \"A-B\" with 1 ≤ A ≤ B ≤ 500, or \"all\")\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
    }

    @Test("exits 3 with TMDB's message when the credentials are rejected, never printing them")
    func rejectedCredentials() async throws {
        let temporary = try TemporaryDirectory(prefix: "cli")
        defer { temporary.remove() }
        let directory = temporary.path
        // The first 401 stops the client, so a request whose task has not started by then is never sent. Answers
        // that take 100 ms give every request of the first wave time to start, however loaded the machine.
        var slow = SandboxOptions()
        slow.faults.latency = .milliseconds(100)
        try await withSandbox(slow) { server in
            let job = try temporary.write(
                #"{"name": "auth", "requests": [{"endpoint": "movie/popular", "pages": "all"}]}"#, to: "job.json")
            for environment in [["TMDB_API_TOKEN": "not-the-token-123"], ["TMDB_API_KEY": "not-the-key-456"]] {
                let result = try await BinaryRunner.run(
                    [
                        "export", "--job", job, "--base-url", server.apiBaseURL.absoluteString, "--output",
                        directory + "/out",
                    ],
                    environment: environment)
                #expect(result.exitCode == 3)
                #expect(result.stderr.contains("Invalid API key: You must be granted a valid key."))
                let secret = environment.values.first!
                #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret))
            }
            // Per run, the two setup requests and page 1 (the size of an `all` list is unknown before it), sent
            // together; nothing after the 401.
            let setup = ["/3/configuration", "/3/genre/movie/list"]
            let paths = server.requestLog().map(\.path)
            #expect(paths.filter { $0 != "/3/movie/popular" }.sorted() == (setup + setup).sorted())
            #expect(paths.filter { $0 == "/3/movie/popular" }.count <= 2)
        }
    }

    @Test("exits 1 when a page fails, naming it on stderr and in the manifest, and leaves latest alone")
    func partialFailure() async throws {
        var options = SandboxOptions()
        options.faults.malformedJSONPages = [2]
        let temporary = try TemporaryDirectory(prefix: "cli")
        defer { temporary.remove() }
        let directory = temporary.path
        try await withSandbox(options) { server in
            let job = try temporary.write(
                #"{"name": "part", "requests": [{"endpoint": "movie/popular", "pages": "1-3"}], "posters": false}"#,
                to: "job.json")
            let result = try await BinaryRunner.run(
                [
                    "export", "--job", job, "--base-url", server.apiBaseURL.absoluteString, "--output",
                    directory + "/out",
                ],
                environment: ["TMDB_API_TOKEN": SandboxServer.bearerToken])
            #expect(result.exitCode == 1)
            #expect(result.stderr.contains("movie/popular?page=2"))
            #expect(result.stdout.contains("finished with failures"))
            #expect(!FileManager.default.fileExists(atPath: directory + "/out/part/latest"))
            let runs = try FileManager.default.contentsOfDirectory(atPath: directory + "/out/part/runs")
            #expect(runs.count == 1)
            let manifest = try String(
                contentsOfFile: directory + "/out/part/runs/\(runs[0])/manifest.json", encoding: .utf8)
            #expect(manifest.contains("\"status\" : \"partial\""))
            #expect(manifest.contains("\"page\" : 2"))
            #expect(!manifest.contains(SandboxServer.bearerToken))
        }
    }

    @Test("says what it repaired and rejected; with --strict a rejection fails the run, exit 1, latest left alone")
    func rejectedItems() async throws {
        var options = SandboxOptions()
        options.faults.damagedItemPages = [2]
        let temporary = try TemporaryDirectory(prefix: "cli")
        defer { temporary.remove() }
        let directory = temporary.path
        try await withSandbox(options) { server in
            let job = try temporary.write(
                #"{"name": "dmg", "requests": [{"endpoint": "movie/popular", "pages": "1-3"}], "posters": false}"#,
                to: "job.json")
            func export(_ output: String, _ extra: [String] = []) async throws -> BinaryRunner.Result {
                let base = server.apiBaseURL.absoluteString
                return try await BinaryRunner.run(
                    ["export", "--job", job, "--base-url", base, "--output", output] + extra,
                    environment: ["TMDB_API_TOKEN": SandboxServer.bearerToken])
            }
            let lenient = try await export(directory + "/lenient")
            #expect(lenient.exitCode == 0, "stderr: \(lenient.stderr)")
            #expect(lenient.stdout.contains("dmg: complete"))
            #expect(
                lenient.stdout.contains(
                    "movie/popular: 58 rows from 3/3 pages, 2 items rejected, 1 string repaired"), "\(lenient.stdout)")
            #expect(lenient.stdout.contains("rejected: 2 items that could not be read, in rejected.ndjson"))
            #expect(FileManager.default.fileExists(atPath: directory + "/lenient/dmg/latest/rejected.ndjson"))

            let strict = try await export(directory + "/strict", ["--strict", "--allow-partial"])
            #expect(strict.exitCode == 1)
            #expect(strict.stdout.contains("dmg: failed: --strict, and 2 items rejected"), "\(strict.stdout)")
            #expect(strict.stderr.contains("movie/popular page 2: item rejected (rank 23): id: cannot be read as Int"))
            #expect(!FileManager.default.fileExists(atPath: directory + "/strict/dmg/latest"))
            let runs = try FileManager.default.contentsOfDirectory(atPath: directory + "/strict/dmg/runs")
            let manifest = try String(
                contentsOfFile: directory + "/strict/dmg/runs/\(runs[0])/manifest.json", encoding: .utf8)
            #expect(manifest.contains("\"status\" : \"failed\""))
            #expect(manifest.contains("\"itemsRejected\" : 2"))
        }
    }

    @Test("never prints the API key on stderr or stdout, even when failures quote the URLs that carried it")
    func keyNeverPrinted() async throws {
        var options = SandboxOptions()
        options.faults.serverErrorRate = 0.5
        options.faults.malformedJSONPages = [2]
        let temporary = try TemporaryDirectory(prefix: "cli")
        defer { temporary.remove() }
        let directory = temporary.path
        try await withSandbox(options) { server in
            let job = try temporary.write(
                #"{"name": "key", "requests": [{"endpoint": "movie/popular", "pages": "1-6"}], "posters": false}"#,
                to: "job.json")
            let result = try await BinaryRunner.run(
                [
                    "export", "--job", job, "--base-url", server.apiBaseURL.absoluteString, "--output",
                    directory + "/out",
                    "--retries", "1", "--rate-limit", "0",
                ],
                environment: ["TMDB_API_KEY": SandboxServer.apiKey])
            #expect(result.exitCode == 1)
            #expect(result.stderr.contains("error: "))
            #expect(!result.stderr.contains(SandboxServer.apiKey) && !result.stdout.contains(SandboxServer.apiKey))
            #expect(
                server.requestLog().contains { $0.target.contains("api_key=\(SandboxServer.apiKey)") },
                "the key was used")
        }
    }

    @Test("every help text has examples")
    func helpHasExamples() {
        for help in [
            TMDBExportCommand.help, ExportCommand.help, SandboxCommand.help, ValidateCommand.help, PlanCommand.help,
        ] {
            #expect(help.contains("EXAMPLES:\n  tmdb-export "))
        }
    }

    @Test("validates job files without network: 0 when all are valid, 2 with every problem otherwise")
    func validate() async throws {
        let temporary = try TemporaryDirectory(prefix: "cli")
        defer { temporary.remove() }
        let good = try temporary.write(
            #"{"name": "good", "requests": [{"endpoint": "tv/popular", "pages": "1-2"}]}"#, to: "good.json")
        let bad = try temporary.write(
            "{\n  \"name\": \"bad\",\n  \"requests\": [{\"endpoint\": \"tv/popularr\", \"pages\": \"0\"}],\n  \"concurency\": 2\n}",
            to: "bad.json")
        let ok = try await BinaryRunner.run(["validate", good])
        #expect(ok.exitCode == 0)
        #expect(ok.stdout == "\(good): ok: good: tv/popular 1-2\n")
        let result = try await BinaryRunner.run(["validate", good, bad])
        #expect(result.exitCode == 2)
        #expect(result.stdout.contains("good.json: ok"))
        #expect(
            result.stderr == """
                error: \(bad):3: requests[0].endpoint: unknown endpoint "tv/popularr" (did you mean "tv/popular"?) (expected one of: \(ListSourcePatterns.text))
                error: \(bad):3: requests[0].pages: "0": pages start at 1 (expected "N", "A-B" with 1 ≤ A ≤ B ≤ 500, or "all")
                error: \(bad):4: concurency: unknown key (did you mean "concurrency"?) (expected one of: name, requests, catalogue, language, region, posters, formats, concurrency, retries, rateLimit, history)

                """)
    }

    @Test("plans a job offline, and resolves all-page counts against the sandbox when asked")
    func plan() async throws {
        let offline = try await BinaryRunner.run(["plan", "jobs/top_rated.json"], directory: packageRoot)
        #expect(offline.exitCode == 0, "stderr: \(offline.stderr)")
        #expect(
            offline.stdout.contains(
                "movie/top_rated pages all: up to 500 pages (unknown until page 1 is fetched; use --resolve)"))
        #expect(offline.stdout.contains("API requests: up to 502"))
        let resolved = try await BinaryRunner.run(
            ["plan", "top_rated", "--resolve", "--sandbox", "--no-posters"], directory: packageRoot)
        #expect(resolved.exitCode == 0, "stderr: \(resolved.stderr)")
        #expect(resolved.stdout.contains("movie/top_rated pages all: 500 pages (resolved from page 1) -> 500 requests"))
        #expect(resolved.stdout.contains("API requests: 502\n"))
        #expect(resolved.stdout.contains("estimated time: 15.7 s at 40 req/s with 8 in flight"))
        let noCredentials = try await BinaryRunner.run(["plan", "top_rated", "--resolve"], directory: packageRoot)
        #expect(noCredentials.exitCode == 2)
        #expect(noCredentials.stderr.contains("TMDB_API_TOKEN") && noCredentials.stderr.contains("--sandbox"))
    }

    @Test("plans a full person catalogue from TMDB's export size, and its nights without votes")
    func planPeople() async throws {
        let temporary = try TemporaryDirectory(prefix: "cli")
        defer { temporary.remove() }
        let job = try temporary.write(
            #"{"name": "p", "catalogue": [{"type": "movie", "append": ["credits"]}, {"type": "person", "append": ["combined_credits"], "minPopularity": 1}], "rateLimit": 40, "concurrency": 20}"#,
            to: "job.json")
        let plan = try await BinaryRunner.run(["plan", job])
        #expect(plan.exitCode == 0, "stderr: \(plan.stderr)")
        #expect(
            plan.stdout.contains(
                "catalogue person + combined_credits, export latest: one request per id of the export (about 4500000 in TMDB's, fewer above minPopularity) -> people.csv"
            ))
        #expect(
            plan.stdout.contains(
                "each incremental night: the changed and new people, + 150000 details of the oldest rows (refresh.maxAgeDays 30) + the people whose credits moved in tonight's titles = 150000 requests"
            ))
        #expect(plan.stdout.contains("minPopularity keeps only the export's lines at or above it"))
        #expect(plan.stdout.contains("API requests: up to 5800000"))
    }

    @Test("prints the summary as JSON with --log-format json, and no control characters")
    func jsonLog() async throws {
        let temporary = try TemporaryDirectory(prefix: "cli")
        defer { temporary.remove() }
        let directory = temporary.path
        let job = try temporary.write(
            #"{"name": "j", "requests": [{"endpoint": "movie/popular", "pages": "1-2"}], "posters": false}"#,
            to: "job.json")
        let result = try await BinaryRunner.run([
            "export", "--job", job, "--sandbox", "--output", directory + "/out", "--log-format", "json",
        ])
        #expect(result.exitCode == 0)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(
            summary["event"] as? String == "finished" && summary["rows"] as? Int == 40
                && summary["status"] as? String == "complete")
        #expect(summary["itemsRejected"] as? Int == 0 && summary["stringsRepaired"] as? Int == 0)
        let events = try result.stderr.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        #expect(events.filter { $0["event"] as? String == "page" }.count == 2)
    }
}

/// The endpoint list as the loader prints it.
enum ListSourcePatterns {
    static let text =
        "movie/popular, movie/top_rated, movie/now_playing, movie/upcoming, tv/popular, tv/top_rated, "
        + "tv/on_the_air, tv/airing_today, trending/movie/day, trending/movie/week, trending/tv/day, trending/tv/week, "
        + "discover/movie, discover/tv, search/movie, search/tv, movie/{id}/recommendations, movie/{id}/similar"
}
