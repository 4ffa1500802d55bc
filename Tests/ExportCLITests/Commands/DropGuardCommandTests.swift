import Foundation
import RunStore
import TMDBSandbox
import TestSupport
import Testing

@testable import ExportCLI

@Suite(
    "The drop guard from the command line: exit 1, one line naming the file, --accept-drop", .timeLimit(.minutes(15)))
struct DropGuardCommandTests {
    static let job = """
        {"name": "guarded", "concurrency": 6, "rateLimit": 0, "catalogue": [
          {"type": "movie", "append": ["keywords"]}]}
        """

    @Test("a shard's empty night exits 1 naming the shard, the file and its latest, which stays; --accept-drop runs it")
    func shardRefusedThenAccepted() async throws {
        let temporary = try TemporaryDirectory(prefix: "drop-guard")
        defer { temporary.remove() }
        let job = try temporary.write(Self.job, to: "job.json")
        let output = temporary.path + "/out"
        let noon = ShardTests.Noon()
        var options = ShardTests.sandbox
        options.now = { noon.now }
        options.faults.exportLineShare = ["2026-03-06": 0]
        let latest = "\(output)/guarded/shards/0-of-2/latest"
        try await withSandbox(options) { server in
            let night1 = try await BinaryRunner.run(
                ShardTests.export(server, job: job, output: output, ["--shard", "0/2"]), environment: ShardTests.token)
            #expect(night1.exitCode == 0, "stderr: \(night1.stderr)")
            let published = try #require(FileSystem.symlinkTarget(latest))

            noon.advance()
            let night2 = ["--shard", "0/2"]
            let refused = try await BinaryRunner.run(
                ShardTests.export(server, job: job, output: output, night2, date: "2026-03-06"),
                environment: ShardTests.token)
            #expect(refused.exitCode == 1)
            #expect(
                refused.stderr.contains(
                    "movie catalogue (shard 0/2): tonight's export movie_ids_03_06_2026.json.gz has no lines (an "
                        + "empty export is never a real TMDB night); nothing published, latest kept (pass "
                        + "--accept-drop if the drop is expected)"), "stderr: \(refused.stderr)")
            #expect(FileSystem.symlinkTarget(latest) == published)

            let accepted = try await BinaryRunner.run(
                ShardTests.export(server, job: job, output: output, night2 + ["--accept-drop"], date: "2026-03-06"),
                environment: ShardTests.token)
            #expect(accepted.exitCode == 0, "stderr: \(accepted.stderr)")
            #expect(FileSystem.symlinkTarget(latest) != published)
        }
    }
}
