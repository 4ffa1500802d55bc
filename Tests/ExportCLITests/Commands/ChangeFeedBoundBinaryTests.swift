import Foundation
import RunStore
import TMDBSandbox
import TestSupport
import Testing

@Suite("The built binary on a change feed without an end", .timeLimit(.minutes(10)))
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
        options.changeFeedFault = fault
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

    @Test("a night whose feed claims 10⁹ pages exits 1 naming feed, window and bound; the next night publishes")
    func nightStopsThenRuns() async throws {
        let temporary = try TemporaryDirectory(prefix: "feed-bound")
        defer { temporary.remove() }
        let job = try temporary.write(Self.job, to: "job.json")
        let output = temporary.path + "/out"
        let latest = output + "/feed/latest"

        let first = try await withSandbox(Self.sandbox("2026-03-05")) { server in
            try await BinaryRunner.run(
                Self.export(server, job: job, output: output, date: "2026-03-05", ["--quiet"]), environment: Self.token)
        }
        #expect(first.exitCode == 0, "stderr: \(first.stderr)")
        let firstRun = FileSystem.symlinkTarget(latest)

        let stopped = try await withSandbox(Self.sandbox("2026-03-06", fault: .claimsPages(1_000_000_000))) { server in
            let result = try await BinaryRunner.run(
                Self.export(server, job: job, output: output, date: "2026-03-06"), environment: Self.token)
            #expect(server.requestLog().filter { $0.path == "/3/movie/changes" }.count == 1)
            return result
        }
        #expect(stopped.exitCode == 1)
        #expect(
            stopped.stderr.contains(
                "error: the movie change feed 2026-03-06…2026-03-06 claims 1000000000 pages (page 1 of it); a window "
                    + "holds at most 500 (TMDB's page cap): stopped, latest kept\n"), "stderr: \(stopped.stderr)")
        #expect(FileSystem.symlinkTarget(latest) == firstRun)

        // The lock is free and latest still the first night's: the next night builds on it, counting feed pages.
        let next = try await withSandbox(Self.sandbox("2026-03-06")) { server in
            try await BinaryRunner.run(
                Self.export(server, job: job, output: output, date: "2026-03-06", ["--log-format", "json"]),
                environment: Self.token)
        }
        #expect(next.exitCode == 0, "stderr: \(next.stderr)")
        #expect(next.stderr.contains(#""event":"changeFeedPage","feed":"movie/changes","page":1}"#))
        #expect(next.stderr.contains("incremental on \(firstRun ?? "?")"), "stderr: \(next.stderr)")
        #expect(FileSystem.symlinkTarget(latest) != firstRun)
    }
}
