import Foundation
import RunStore
import TMDBSandbox
import TestSupport
import Testing

@Suite("The built binary on a change feed without an end", .timeLimit(.minutes(15)))
struct ChangeFeedBoundBinaryTests {
    static let job = """
        {"name": "feed", "concurrency": 6, "rateLimit": 0, "catalogue": [
          {"type": "movie", "append": ["credits"], "limit": 20}]}
        """

    /// A small evolving universe on `day` (at noon UTC), its change feeds lying as `fault` says.
    static func sandbox(_ day: String, fault: ChangeFeedFault? = nil) -> SandboxOptions {
        var options = SandboxOptions()
        options.catalogueSize = 240
        options.seriesCatalogueSize = 80
        options.catalogueIncludesLists = false
        options.simulatesDays = true
        let noon = ISO8601DateFormatter().date(from: day + "T12:00:00Z")!
        options.now = { noon }
        options.faults.changeFeedFault = fault
        return options
    }

    static func export(_ server: SandboxServer, job: String, output: String, date: String, _ extra: [String] = [])
        -> [String]
    {
        [
            "export", "--job", job, "--base-url", server.apiBaseURL.absoluteString, "--files-base-url",
            server.filesBaseURL.absoluteString, "--output", output, "--date", date,
        ] + extra
    }

    static let token = ["TMDB_API_TOKEN": SandboxServer.bearerToken]

    @Test(
        "a night whose feed claims 10⁹ pages exits 0 and publishes, warning of each day cut, counting them as a metric")
    func nightGoesOnWarning() async throws {
        let temporary = try TemporaryDirectory(prefix: "feed-bound")
        defer { temporary.remove() }
        let job = try temporary.write(Self.job, to: "job.json")
        let output = temporary.path + "/out"
        let latest = output + "/feed/latest"
        let metrics = temporary.path + "/feed.prom"

        let first = try await withSandbox(Self.sandbox("2026-03-05")) { server in
            try await BinaryRunner.run(
                Self.export(server, job: job, output: output, date: "2026-03-05", ["--quiet"]), environment: Self.token)
        }
        #expect(first.exitCode == 0, "stderr: \(first.stderr)")
        let firstRun = FileSystem.symlinkTarget(latest)

        let cut = try await withSandbox(Self.sandbox("2026-03-06", fault: .claimsPages(1_000_000_000))) { server in
            let result = try await BinaryRunner.run(
                Self.export(server, job: job, output: output, date: "2026-03-06", ["--metrics-file", metrics]),
                environment: Self.token)
            // Two days (the snapshot's and today), each read to TMDB's 500 pages and no further.
            #expect(server.requestLog().filter { $0.path == "/3/movie/changes" }.count == 1_000)
            return result
        }
        #expect(cut.exitCode == 0, "stderr: \(cut.stderr)")
        for day in ["2026-03-05", "2026-03-06"] {
            #expect(
                cut.stderr.contains(
                    "warning: the movie change feed of \(day) claims 1000000000 pages (page 1 of it), more than TMDB "
                        + "serves: read to page 500; the ids on its pages not read wait for the rolling refresh "
                        + "(refresh.maxAgeDays)\n"), "stderr: \(cut.stderr)")
        }
        #expect(cut.stderr.contains("incremental on \(firstRun ?? "?")"), "stderr: \(cut.stderr)")
        #expect(FileSystem.symlinkTarget(latest) != firstRun)
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: latest + "/manifest.json"))) as? [String: Any]
        let catalogue = (manifest?["catalogue"] as? [[String: Any]])?.first
        #expect(catalogue?["changeFeedDaysCut"] as? [String] == ["2026-03-05", "2026-03-06"])
        let exposition = try String(contentsOfFile: metrics, encoding: .utf8)
        #expect(exposition.contains(#"tmdb_export_change_feed_cuts{job="feed",type="movie"} 2"#), "\(exposition)")
    }
}
