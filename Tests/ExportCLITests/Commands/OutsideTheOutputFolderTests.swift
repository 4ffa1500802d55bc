import Foundation
import RunStore
import TMDBSandbox
import TestSupport
import Testing

@testable import ExportCLI

/// Hostile manifests in the output folder, the way a shard pod or anyone with the shared volume could write them, and
/// the binary run under strace: no file outside the output folder is created, changed, linked or even opened.
@Suite(
    "No byte is written outside the output folder and nothing outside it is read, whatever a manifest lists",
    .enabled(if: SystemCallTrace.strace != nil || SystemCallTrace.isRequired, "strace is not installed"),
    .timeLimit(.minutes(15)))
struct OutsideTheOutputFolderTests {
    static let job = """
        {"name": "sharded", "concurrency": 6, "rateLimit": 0, "catalogue": [
          {"type": "movie", "append": ["credits", "keywords"], "limit": 60}]}
        """

    /// A path that leads from anywhere under the output folder to `target`.
    static func escape(to target: String) -> String {
        String(repeating: "../", count: 24) + target.drop { $0 == "/" }
    }

    /// Rewrites the first catalogue of the manifest at `path`: a table's path and the export file's name lead to
    /// files in `bait`.
    static func poison(_ path: String, bait: String) throws {
        var manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var catalogues = try #require(manifest["catalogue"] as? [[String: Any]])
        var files = try #require(catalogues[0]["files"] as? [[String: Any]])
        files[0]["path"] = escape(to: bait + "/evil.csv")
        catalogues[0]["files"] = files
        catalogues[0]["exportFiles"] = [escape(to: bait + "/ids.json.gz")]
        var kept = try #require(catalogues[0]["keptExportFiles"] as? [[String: Any]])
        kept[0]["path"] = escape(to: bait + "/ids.json.gz")
        catalogues[0]["keptExportFiles"] = kept
        manifest["catalogue"] = catalogues
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: path))
    }

    /// Runs the binary under strace in `directory` and returns what it printed and did.
    static func traced(_ arguments: [String], in directory: String, environment: [String: String] = [:])
        async throws -> (BinaryRunner.Result, SystemCallTrace)
    {
        let trace = directory + "/strace.txt"
        let result = try await BinaryRunner.start(
            arguments, environment: environment, directory: directory,
            tracer: SystemCallTrace.tracer(writingTo: trace)
        ).finish()
        let calls = try SystemCallTrace(contentsOf: trace, directory: directory)
        #expect(calls.calls.contains { $0.name == "openat" }, "strace recorded no openat: \(result.stderr)")
        return (result, calls)
    }

    @Test(
        "merge refuses a shard whose manifest lists ../ in files and exportFiles, naming it, and touches nothing outside"
    )
    func mergeOfPoisonedShard() async throws {
        let temporary = try TemporaryDirectory(prefix: "outside")
        defer { temporary.remove() }
        let job = try temporary.write(Self.job, to: "job.json")
        let output = temporary.path + "/out"
        let bait = temporary.path + "/bait"
        try FileManager.default.createDirectory(atPath: bait, withIntermediateDirectories: true)
        try await withSandbox(ShardTests.sandbox) { server in
            for index in 0..<2 {
                let result = try await BinaryRunner.run(
                    ShardTests.export(server, job: job, output: output, ["--shard", "\(index)/2"]),
                    environment: ShardTests.token)
                #expect(result.exitCode == 0, "stderr: \(result.stderr)")
            }
        }
        try Self.poison("\(output)/sharded/shards/0-of-2/latest/manifest.json", bait: bait)

        let (result, trace) = try await Self.traced(
            ["merge", "--job", job, "--shards", "2", "--output", output], in: temporary.path)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("shard 0/2"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("a file its snapshot does not hold"), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("shard 1/2"), "stderr: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(output)/sharded/latest"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: bait).isEmpty)
        #expect(trace.calls(naming: bait).isEmpty, "\(trace.calls(naming: bait))")
        let writes = trace.writes(outside: [output, "/dev"])
        #expect(writes.isEmpty, "\(writes.prefix(5))")
        // The trace saw the merge read the shards it checked.
        #expect(!trace.calls(naming: "\(output)/sharded/shards/1-of-2").isEmpty)
    }

    @Test("a night on a previous manifest that lists ../ is a full run, and opens nothing outside the output folder")
    func nightOnPoisonedSnapshot() async throws {
        let temporary = try TemporaryDirectory(prefix: "outside")
        defer { temporary.remove() }
        let job = try temporary.write(Self.job.replacingOccurrences(of: "sharded", with: "nightly"), to: "job.json")
        let output = temporary.path + "/out"
        let bait = temporary.path + "/bait"
        try FileManager.default.createDirectory(atPath: bait, withIntermediateDirectories: true)
        // Files a night would read if it took the manifest's word: sound CSV and gzip.
        try Data("id\n1\n".utf8).write(to: URL(fileURLWithPath: bait + "/evil.csv"))
        let noon = ShardTests.Noon()
        var options = ShardTests.sandbox
        options.now = { noon.now }
        try await withSandbox(options) { server in
            let first = try await BinaryRunner.run(
                ShardTests.export(server, job: job, output: output), environment: ShardTests.token)
            #expect(first.exitCode == 0, "stderr: \(first.stderr)")
            try Self.poison("\(output)/nightly/latest/manifest.json", bait: bait)
            noon.advance()
            let (night, trace) = try await Self.traced(
                ShardTests.export(server, job: job, output: output, date: "2026-03-06"), in: temporary.path,
                environment: ShardTests.token)
            #expect(night.exitCode == 0, "stderr: \(night.stderr)")
            let manifest = try String(contentsOfFile: "\(output)/nightly/latest/manifest.json", encoding: .utf8)
            #expect(manifest.contains("a file its snapshot does not hold"))
            #expect(manifest.contains("\"mode\" : \"full\""))
            #expect(try FileManager.default.contentsOfDirectory(atPath: bait) == ["evil.csv"])
            #expect(trace.calls(naming: bait).isEmpty, "\(trace.calls(naming: bait))")
            let writes = trace.writes(outside: [output, "/dev"])
            #expect(writes.isEmpty, "\(writes.prefix(5))")
            // The trace saw the night write its run.
            #expect(!trace.writes(outside: [bait]).isEmpty)
        }
    }
}
