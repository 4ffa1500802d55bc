import Foundation
import RunStore
import Synchronization
import TMDBSandbox
import TestSupport
import Testing

@testable import ExportCLI

@Suite("Sharded catalogues: shards as separate processes, merged into what one run writes", .timeLimit(.minutes(15)))
struct ShardTests {
    static let job = """
        {"name": "sharded", "concurrency": 6, "rateLimit": 0, "catalogue": [
          {"type": "movie", "append": ["credits", "keywords", "external_ids", "release_dates"]},
          {"type": "tv", "append": ["aggregate_credits", "keywords"]},
          {"type": "person", "append": ["combined_credits", "external_ids"], "limit": 200}]}
        """

    /// A small evolving universe of generated ids only, on one simulated day.
    static var sandbox: SandboxOptions {
        var options = SandboxOptions()
        options.catalogueSize = 240
        options.seriesCatalogueSize = 80
        options.catalogueIncludesLists = false
        options.simulatesDays = true
        options.now = { Date(timeIntervalSince1970: 1_772_712_000) }  // 2026-03-05 12:00 UTC
        return options
    }

    static func export(
        _ server: SandboxServer, job: String, output: String, _ extra: [String] = [],
        environment: [String: String] = [:], date: String = "2026-03-05"
    ) -> [String] {
        [
            "export", "--job", job, "--base-url", server.apiBaseURL.absoluteString, "--files-base-url",
            server.filesBaseURL.absoluteString, "--output", output, "--date", date, "--quiet",
        ] + extra
    }

    static let token = ["TMDB_API_TOKEN": SandboxServer.bearerToken]

    /// The data files of a run (tables, details, the rows collections is derived from), by name.
    static func snapshot(_ run: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for folder in ["", "state"] {
            let path = (run as NSString).appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: path)
            where name.hasSuffix(".csv") || name.hasSuffix(".ndjson") {
                files[folder.isEmpty ? name : "\(folder)/\(name)"] = FileManager.default.contents(
                    atPath: (path as NSString).appendingPathComponent(name))
            }
        }
        return files
    }

    @Test("four shards of movies, series and people, run as separate processes and merged, equal one unsharded run")
    func fourShardsMerge() async throws {
        let temporary = try TemporaryDirectory(prefix: "shards")
        defer { temporary.remove() }
        let job = try temporary.write(Self.job, to: "job.json")
        let sharded = temporary.path + "/sharded"
        try await withSandbox(Self.sandbox) { server in
            let shards = try (0..<4).map { index in
                try BinaryRunner.start(
                    Self.export(
                        server, job: job, output: sharded,
                        ["--shard", "\(index)/4", "--metrics-file", temporary.path + "/shard-\(index).prom"]),
                    environment: Self.token)
            }
            for shard in shards {
                let result = try await shard.finish()
                #expect(result.exitCode == 0, "stderr: \(result.stderr)")
            }
            let whole = try await BinaryRunner.run(
                Self.export(server, job: job, output: temporary.path + "/whole"), environment: Self.token)
            #expect(whole.exitCode == 0, "stderr: \(whole.stderr)")
        }
        let merged = try await BinaryRunner.run([
            "merge", "--job", job, "--shards", "4", "--output", sharded, "--metrics-file",
            temporary.path + "/merge.prom",
        ])
        #expect(merged.exitCode == 0, "stderr: \(merged.stderr)")
        #expect(merged.stdout.contains("sharded: merged 4 shards"))
        // Each shard's metrics carry its shard label, so the files of one host never repeat a series; the merge's
        // describe the whole job.
        let shard2 = try PrometheusText(try temporary.read("shard-2.prom"))
        #expect(shard2.value("tmdb_export_run_status", ["job": "sharded", "shard": "2/4", "status": "complete"]) == 1)
        let merge = try PrometheusText(try temporary.read("merge.prom"))
        #expect(merge.samples.allSatisfy { $0.labels["job"] == "sharded" && $0.labels["shard"] == nil })
        #expect(merge.value("tmdb_export_run_status", ["status": "complete"]) == 1)
        let movies = try #require(merge.value("tmdb_export_table_rows", ["table": "movies"]))
        #expect(merge.value("tmdb_export_catalogue_ids", ["type": "movie", "outcome": "in_snapshot"]) == movies)
        #expect(merge.value("tmdb_export_oldest_fetched_at_timestamp_seconds", ["type": "movie"]) != nil)
        let expected = try Self.snapshot(temporary.path + "/whole/sharded/latest")
        let got = try Self.snapshot(sharded + "/sharded/latest")
        #expect(got.keys.sorted() == expected.keys.sorted())
        for name in expected.keys.sorted() { #expect(got[name] == expected[name], "\(name) differs") }
        // Each shard holds its own ids only, and they add up (read from the NDJSON twin: an overview may hold a line
        // feed inside a CSV field).
        var shardIDs: [Set<Int>] = []
        for index in 0..<4 {
            let movies = try String(
                contentsOfFile: "\(sharded)/sharded/shards/\(index)-of-4/latest/movies.ndjson", encoding: .utf8)
            let ids = try movies.split(separator: "\n").map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return try #require(object?["id"] as? Int)
            }
            #expect(!ids.isEmpty && ids.allSatisfy { $0 % 4 == index })
            shardIDs.append(Set(ids))
        }
        #expect(shardIDs.map(\.count).reduce(0, +) == Set(shardIDs.flatMap { $0 }).count)
    }

    /// The noon a sandbox serves, moved between nights.
    final class Noon: Sendable {
        private let date = Mutex(Date(timeIntervalSince1970: 1_772_712_000))  // 2026-03-05 12:00 UTC
        var now: Date { date.withLock { $0 } }
        func advance() { date.withLock { $0 += 86_400 } }
    }

    static let refreshedJob = """
        {"name": "sharded", "concurrency": 6, "rateLimit": 0, "catalogue": [
          {"type": "movie", "append": ["credits", "keywords"], "refresh": {"maxAgeDays": 2, "top": 60}}]}
        """

    @Test("two shards' incremental nights, each refreshing its own ids, keep the guarantee; a day one cut is named")
    func shardedNightsKeepTheGuarantee() async throws {
        let temporary = try TemporaryDirectory(prefix: "shard-nights")
        defer { temporary.remove() }
        let job = try temporary.write(Self.refreshedJob, to: "job.json")
        let sharded = temporary.path + "/sharded"
        let noon = Noon()
        var options = Self.sandbox
        options.now = { noon.now }
        // Shard 1 reads a server whose middle day claims 501 pages: it cuts that day on nights 2 and 3, shard 0 does
        // not, and the merged catalogue names the day.
        var busy = options
        busy.faults.changeFeedFault = .dayClaimsPages("2026-03-06", 501)
        let days = ["2026-03-05", "2026-03-06", "2026-03-07"]
        try await withSandbox(options) { server in
            try await withSandbox(busy) { busyServer in
                for (night, day) in days.enumerated() {
                    if night > 0 { noon.advance() }
                    let shards = try [server, busyServer].enumerated().map { index, server in
                        try BinaryRunner.start(
                            Self.export(server, job: job, output: sharded, ["--shard", "\(index)/2"], date: day),
                            environment: Self.token)
                    }
                    for shard in shards {
                        let result = try await shard.finish()
                        #expect(result.exitCode == 0, "night \(night + 1): \(result.stderr)")
                    }
                }
            }
            let whole = try await BinaryRunner.run(
                Self.export(server, job: job, output: temporary.path + "/whole", date: days[2]),
                environment: Self.token)
            #expect(whole.exitCode == 0, "stderr: \(whole.stderr)")
        }
        let merged = try await BinaryRunner.run(["merge", "--job", job, "--shards", "2", "--output", sharded])
        #expect(merged.exitCode == 0, "stderr: \(merged.stderr)")
        var fromDiscover = 0
        for index in 0..<2 {
            let path = "\(sharded)/sharded/shards/\(index)-of-2/latest/manifest.json"
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            let catalogue = try #require(((manifest as? [String: Any])?["catalogue"] as? [[String: Any]])?.first)
            #expect(catalogue["mode"] as? String == "incremental")
            fromDiscover += (catalogue["freshness"] as? [String: Any])?["votesFromDiscover"] as? Int ?? 0
        }
        #expect(fromDiscover > 0)
        let mergedManifest = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: sharded + "/sharded/latest/manifest.json")))
        let catalogues = try #require((mergedManifest as? [String: Any])?["catalogue"] as? [[String: Any]])
        #expect(catalogues.first?["changeFeedDaysCut"] as? [String] == ["2026-03-06"])
        let guarantee = try SnapshotGuarantee(
            incremental: sharded + "/sharded/latest", full: temporary.path + "/whole/sharded/latest",
            tonight: noon.now, maxAgeDays: 2)
        #expect(guarantee.problems.isEmpty, "\(guarantee.problems.prefix(10))")
        #expect(guarantee.rowsWithTonightsVotes > 0 && guarantee.rowsFetchedBefore > 0)
    }

    @Test("a missing and a partial shard: merge exits 1 naming both, and publishes nothing")
    func refusesMissingAndPartial() async throws {
        let temporary = try TemporaryDirectory(prefix: "shards")
        defer { temporary.remove() }
        let job = try temporary.write(Self.job, to: "job.json")
        let output = temporary.path + "/out"
        try await withSandbox(Self.sandbox) { server in
            for index in [0, 1, 3] {
                let result = try await BinaryRunner.run(
                    Self.export(server, job: job, output: output, ["--shard", "\(index)/4"]), environment: Self.token)
                #expect(result.exitCode == 0, "stderr: \(result.stderr)")
            }
        }
        // Shard 1 finished with failures (published with --allow-partial): its manifest says partial.
        let manifest = "\(output)/sharded/shards/1-of-4/latest/manifest.json"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "\"status\" : \"complete\"", with: "\"status\" : \"partial\"")
            .write(toFile: manifest, atomically: true, encoding: .utf8)

        let result = try await BinaryRunner.run([
            "merge", "--job", job, "--shards", "4", "--output", output, "--metrics-file",
            temporary.path + "/merge.prom",
        ])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("shard 2/4"), "stderr: \(result.stderr)")
        let metrics = try PrometheusText(try temporary.read("merge.prom"))
        #expect(metrics.value("tmdb_export_run_status", ["job": "sharded", "status": "failed"]) == 1)
        #expect(metrics.value("tmdb_export_run_exit_code") == 1)
        #expect(metrics.value("tmdb_export_last_complete_run_timestamp_seconds") == 0)
        #expect(result.stderr.contains("no complete run"))
        #expect(result.stderr.contains("shard 1/4") && result.stderr.contains("is partial"))
        #expect(!result.stderr.contains("shard 0/4") && !result.stderr.contains("shard 3/4"))
        #expect(!FileManager.default.fileExists(atPath: "\(output)/sharded/latest"))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: "\(output)/sharded/runs")) ?? []).isEmpty)
    }

    @Test("--shards N takes the shard's index from JOB_COMPLETION_INDEX, and says what is missing without it")
    func shardFromEnvironment() async throws {
        let temporary = try TemporaryDirectory(prefix: "shards")
        defer { temporary.remove() }
        let job = try temporary.write(Self.job, to: "job.json")
        try await withSandbox(Self.sandbox) { server in
            let output = temporary.path + "/out"
            let result = try await BinaryRunner.run(
                Self.export(server, job: job, output: output, ["--shards", "3"]),
                environment: Self.token.merging(["JOB_COMPLETION_INDEX": "2"]) { $1 })
            #expect(result.exitCode == 0, "stderr: \(result.stderr)")
            let manifest = try String(
                contentsOfFile: "\(output)/sharded/shards/2-of-3/latest/manifest.json", encoding: .utf8)
            #expect(manifest.contains("\"shard\" : \"2\\/3\"") || manifest.contains("\"shard\" : \"2/3\""))

            let missing = try await BinaryRunner.run(
                Self.export(server, job: job, output: output, ["--shards", "3"]), environment: Self.token)
            #expect(missing.exitCode == 2)
            #expect(missing.stderr.contains("JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX"))
            let wrong = try await BinaryRunner.run(
                Self.export(server, job: job, output: output, ["--shards", "3"]),
                environment: Self.token.merging(["AWS_BATCH_JOB_ARRAY_INDEX": "3"]) { $1 })
            #expect(wrong.exitCode == 2)
            #expect(wrong.stderr.contains("AWS_BATCH_JOB_ARRAY_INDEX=\"3\" is not a shard index of --shards 3"))
        }
    }
}
