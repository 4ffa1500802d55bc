import Foundation
import TestSupport
import Testing

@Suite("--metrics-file from the built binary", .timeLimit(.minutes(15)))
struct MetricsFileBinaryTests {
    static let catalogueJob = """
        {"name": "nightly", "rateLimit": 0, "formats": ["csv"], "catalogue": [
          {"type": "movie", "append": ["keywords"], "limit": 3}]}
        """

    @Test("a complete catalogue run writes its status, rows, ids and the oldest fetched_at of the snapshot")
    func completeRun() async throws {
        let folder = try TemporaryDirectory(prefix: "metrics-cli")
        defer { folder.remove() }
        let job = try folder.write(Self.catalogueJob, to: "job.json")
        let path = folder.path + "/textfile/tmdb_export.prom"
        try FileManager.default.createDirectory(atPath: folder.path + "/textfile", withIntermediateDirectories: true)

        let result = try await BinaryRunner.run([
            "export", "--job", job, "--sandbox", "--output", folder.path + "/out", "--date", "2026-03-05",
            "--metrics-file", path, "--quiet",
        ])

        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let text = try PrometheusText(try folder.read("textfile/tmdb_export.prom"))
        #expect(text.samples.allSatisfy { $0.labels["job"] == "nightly" })
        #expect(text.value("tmdb_export_run_status", ["status": "complete"]) == 1)
        #expect(text.value("tmdb_export_run_exit_code") == 0)
        #expect(text.value("tmdb_export_table_rows", ["table": "movies"]) == 3)
        #expect(text.value("tmdb_export_catalogue_ids", ["type": "movie", "outcome": "planned"]) == 3)
        #expect(text.value("tmdb_export_catalogue_ids", ["type": "movie", "outcome": "fetched"]) == 3)
        #expect((text.value("tmdb_export_api_requests_total", ["attempt": "first"]) ?? 0) >= 3)
        // --date runs as if it were 12:00 UTC that day: every row's fetched_at and votes_at.
        let noon = 1_772_712_000.0
        #expect(text.value("tmdb_export_oldest_fetched_at_timestamp_seconds", ["type": "movie"]) == noon)
        #expect(text.value("tmdb_export_oldest_votes_at_timestamp_seconds", ["type": "movie"]) == noon)
        let start = try #require(text.value("tmdb_export_run_start_timestamp_seconds"))
        let end = try #require(text.value("tmdb_export_run_end_timestamp_seconds"))
        let lastComplete = try #require(text.value("tmdb_export_last_complete_run_timestamp_seconds"))
        #expect(start <= lastComplete && lastComplete <= end)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/textfile") == ["tmdb_export.prom"])
        try await expectPromtoolAccepts(folder.path + "/textfile/tmdb_export.prom")
    }

    @Test("a job file that cannot be read still writes the status and exit code 2, labelled with the file's name")
    func badJobFile() async throws {
        let folder = try TemporaryDirectory(prefix: "metrics-cli")
        defer { folder.remove() }
        let job = try folder.write(#"{"name": "broken", "requests": [{"endpoint": "movie/popular"}"#, to: "broken.json")
        let path = folder.path + "/tmdb_export.prom"

        let result = try await BinaryRunner.run(["export", "--job", job, "--sandbox", "--metrics-file", path])

        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("error: \(job)"))
        let text = try PrometheusText(try folder.read("tmdb_export.prom"))
        #expect(text.value("tmdb_export_run_status", ["job": "broken", "status": "failed"]) == 1)
        #expect(text.value("tmdb_export_run_status", ["job": "broken", "status": "complete"]) == 0)
        #expect(text.value("tmdb_export_run_exit_code", ["job": "broken"]) == 2)
        #expect(text.value("tmdb_export_last_complete_run_timestamp_seconds") == 0)
        #expect(!text.names.contains("tmdb_export_table_rows"))
        try await expectPromtoolAccepts(path)
    }

    @Test("a metrics file that cannot be written is a warning naming it; the exit code is the run's")
    func unwritable() async throws {
        let folder = try TemporaryDirectory(prefix: "metrics-cli")
        defer { folder.remove() }
        let job = try folder.write(
            #"{"name": "lists", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "posters": false}"#,
            to: "job.json")
        let path = folder.path + "/missing/tmdb_export.prom"

        let result = try await BinaryRunner.run([
            "export", "--job", job, "--sandbox", "--output", folder.path + "/out", "--metrics-file", path, "--quiet",
        ])

        #expect(result.exitCode == 0)
        #expect(
            result.stderr.contains(
                "warning: --metrics-file not written: cannot create \(path): No such file or directory (the exit code "
                    + "does not change)\n"), "stderr: \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/out/lists/latest/movie_popular.csv"))
    }

    @Test(
        "a FIFO or a symbolic link as --metrics-file is left as it was, with a warning naming it; the exit code is the run's",
        arguments: [PathOccupant.fifo, .symbolicLinkToRegularFile])
    func otherKindOfFile(occupant: PathOccupant) async throws {
        let folder = try TemporaryDirectory(prefix: "metrics-cli")
        defer { folder.remove() }
        let job = try folder.write(
            #"{"name": "lists", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "posters": false}"#,
            to: "job.json")
        let path = folder.path + "/tmdb_export.prom"
        try occupant.make(at: path)
        let before = PathOccupant.state(at: path)

        let result = try await BinaryRunner.run([
            "export", "--job", job, "--sandbox", "--output", folder.path + "/out", "--metrics-file", path, "--quiet",
        ])

        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: --metrics-file not written: cannot write \(path): it is \(occupant.kindName), not a regular "
                    + "file, and is left as it is (the exit code does not change)\n"), "stderr: \(result.stderr)")
        #expect(PathOccupant.state(at: path) == before)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/out/lists/latest/movie_popular.csv"))
    }

    @Test("a write that fails halfway (file size limit) leaves the previous file whole and no temporary file")
    func previousFileStays() async throws {
        let folder = try TemporaryDirectory(prefix: "metrics-cli")
        defer { folder.remove() }
        let previous = String(repeating: "# the previous night's metrics\n", count: 10)
        let path = try folder.write(previous, to: "tmdb_export.prom")
        let job = try folder.write("{", to: "bad.json")

        // 1 KiB at most per file: less than the metrics take, so the write fails partway.
        let result = try await BinaryRunner.start(
            ["export", "--job", job, "--metrics-file", path], shellPrefix: "ulimit -f 1"
        ).finish()

        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("warning: --metrics-file not written: cannot write \(path): File too large"))
        #expect(try folder.read("tmdb_export.prom") == previous)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "bad.json", "tmdb_export.prom",
            ])
    }

    @Test(
        "promtool accepts the alert rules, and they fire when they should (promtool test rules)",
        .enabled(if: Promtool.path != nil || Promtool.isRequired, "promtool is not installed (CI installs prometheus)"))
    func rules() async throws {
        let folder = packageRoot + "/deploy/prometheus"
        let checked = try await Promtool.run(["check", "rules", folder + "/tmdb-export.rules.yml"])
        #expect(checked.status == 0, "promtool: \(checked.output)")
        #expect(checked.output.contains("SUCCESS: 3 rules found"), "promtool: \(checked.output)")
        let tested = try await Promtool.run(["test", "rules", folder + "/tmdb-export.rules.test.yml"])
        #expect(tested.status == 0, "promtool: \(tested.output)")
    }

    @Test("docs/operations.md shows the alert expressions of the rules file")
    func readmeRules() throws {
        let page = try documentationPage("operations")
        let rules = try String(
            contentsOfFile: packageRoot + "/deploy/prometheus/tmdb-export.rules.yml", encoding: .utf8)
        let section = try #require(page.components(separatedBy: "\n## Monitoring\n").dropFirst().first)
        let expressions = { (text: String) in
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                $0.hasPrefix("- alert:") || $0.hasPrefix("expr:")
            }
        }
        let shown = expressions(section.components(separatedBy: "\n## ")[0])
        #expect(shown.count == 6)
        #expect(shown == expressions(rules))
    }

    /// `promtool check metrics` (Prometheus' own linter) reads the file without a problem; skipped without promtool
    /// unless CI requires it.
    private func expectPromtoolAccepts(_ path: String) async throws {
        guard Promtool.path != nil || Promtool.isRequired else { return }
        let result = try await Promtool.run(["check", "metrics"], input: path)
        #expect(result.status == 0 && result.output.isEmpty, "promtool check metrics: \(result.output)")
    }
}
