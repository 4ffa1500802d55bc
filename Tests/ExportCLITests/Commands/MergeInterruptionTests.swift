import Foundation
import Synchronization
import TMDBSandbox
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Stopping the built binary's merge mid-merge, then merging again", .timeLimit(.minutes(15)))
struct MergeInterruptionTests {
    static let job = """
        {"name": "sharded", "rateLimit": 0, "catalogue": [
          {"type": "movie", "append": ["credits", "keywords"]}]}
        """

    /// An `export`'s unfinished run of the same job, kept for `--resume`: no merge may remove it.
    static let exportResumeKey =
        "v5 requests= catalogue=movie+credits+keywords@2026-03-05 adult=false min=- limit=- language=en-US "
        + "region=- formats=csv,ndjson posters=- base=-\n"

    /// Two shards exported by the built binary against the sandbox, merged once (so `latest` has a run to keep
    /// pointing at), and an export's resumable run planted in the merged job's `staging/`.
    struct Workspace {
        let directory: TemporaryDirectory
        let job: String
        var output: String { directory.path + "/out" }
        var jobDirectory: String { output + "/sharded" }
        var exportStaging: String { jobDirectory + "/staging/20260305T020000Z" }

        static func make() async throws -> Workspace {
            let directory = try TemporaryDirectory(prefix: "merge-stop")
            let job = try directory.write(MergeInterruptionTests.job, to: "job.json")
            let workspace = Workspace(directory: directory, job: job)
            try await withSandbox(ShardTests.sandbox) { server in
                let shards = try (0..<2).map { index in
                    try BinaryRunner.start(
                        ShardTests.export(server, job: job, output: workspace.output, ["--shard", "\(index)/2"]),
                        environment: ShardTests.token)
                }
                for shard in shards {
                    let result = try await shard.finish()
                    #expect(result.exitCode == 0, "stderr: \(result.stderr)")
                }
            }
            let first = try await BinaryRunner.run(workspace.merge())
            #expect(first.exitCode == 0, "stderr: \(first.stderr)")
            try FileManager.default.createDirectory(atPath: workspace.exportStaging, withIntermediateDirectories: true)
            try Data(exportResumeKey.utf8).write(to: URL(fileURLWithPath: workspace.exportStaging + "/resume-key"))
            try Data("id\n1\n".utf8).write(to: URL(fileURLWithPath: workspace.exportStaging + "/movies.csv"))
            return workspace
        }

        func merge(_ extra: [String] = []) -> [String] {
            ["merge", "--job", job, "--shards", "2", "--output", output] + extra
        }

        var latest: String? { try? FileManager.default.destinationOfSymbolicLink(atPath: jobDirectory + "/latest") }
        var runs: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: jobDirectory + "/runs")) ?? []).sorted()
        }
        var staging: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: jobDirectory + "/staging")) ?? []).sorted()
        }
    }

    /// What a paused merge showed before it was signalled, and how it ended.
    struct Stopped {
        var stderr: String
        /// `staging/<id>`, as the merge announced it when it paused.
        var staging: String
        /// The files in the staging run when the signal was sent.
        var stagedFiles: [String]
        var process: Process
    }

    /// Starts a merge that pauses after its first merged file (`TMDB_EXPORT_TEST_PAUSE_MERGE`), sends `signal` once
    /// it has said so on stderr, and waits for it to end: the signal lands mid-merge however busy the machine is.
    func mergeStopped(by signal: Int32, in workspace: Workspace) async throws -> Stopped {
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = workspace.merge()
        var environment = ProcessInfo.processInfo.environment
        environment["TMDB_EXPORT_TEST_PAUSE_MERGE"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let pid = process.processIdentifier
        let reader = errors.fileHandleForReading
        let jobDirectory = workspace.jobDirectory
        // The reads block until the child exits: on a thread of their own, not one of the few the tests' tasks share.
        let (stderr, staging, staged) = try await onOwnThread { () -> (String, String, [String]) in
            var stderr = ""
            var staging = ""
            var staged: [String] = []
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                stderr += String(decoding: chunk, as: UTF8.self)
                if staging.isEmpty,
                    let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix("merge: paused") }),
                    let range = line.range(of: " in staging/")
                {
                    staging = String(line[line.index(range.lowerBound, offsetBy: 4)...])
                    staged = (try? FileManager.default.contentsOfDirectory(atPath: jobDirectory + "/" + staging)) ?? []
                    kill(pid, signal)
                }
            }
            return (stderr, staging, staged)
        }
        try await onOwnThread { process.waitUntilExit() }
        return Stopped(stderr: stderr, staging: staging, stagedFiles: staged, process: process)
    }

    @Test(
        "SIGINT and SIGTERM mid-merge remove its staging run, say so in one line, exit 130 or 143 and keep latest",
        arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func signalled(signal: Int32, exitCode: Int32) async throws {
        let workspace = try await Workspace.make()
        defer { workspace.directory.remove() }
        let (latest, runs) = (workspace.latest, workspace.runs)
        #expect(latest != nil && runs.count == 1)

        let stopped = try await mergeStopped(by: signal, in: workspace)
        #expect(!stopped.staging.isEmpty, "the merge never paused: \(stopped.stderr)")
        #expect(
            stopped.stagedFiles.contains { $0.hasSuffix(".csv") || $0.hasSuffix(".ndjson") },
            "the signal was sent before anything was merged: \(stopped.stagedFiles)")
        #expect(stopped.process.terminationReason == .exit)
        #expect(stopped.process.terminationStatus == exitCode, "stderr: \(stopped.stderr)")
        let lines = stopped.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { !$0.hasPrefix("merge: paused") } == [
                "merge interrupted: nothing published, \(stopped.staging) removed"
            ])
        #expect(!FileManager.default.fileExists(atPath: workspace.jobDirectory + "/" + stopped.staging))
        #expect(workspace.staging == [(workspace.exportStaging as NSString).lastPathComponent])
        #expect(workspace.latest == latest && workspace.runs == runs)
        // The locks went with the merge: the next one runs and publishes.
        let again = try await BinaryRunner.run(workspace.merge())
        #expect(again.exitCode == 0, "stderr: \(again.stderr)")
        #expect(!again.stderr.contains("removed"))
        #expect(workspace.latest != latest && workspace.runs.count == 2)
    }

    @Test("after kill -9 mid-merge the next merge removes what it left, keeps an export's run to resume, and publishes")
    func killedThenMergedAgain() async throws {
        let workspace = try await Workspace.make()
        defer { workspace.directory.remove() }
        let (latest, runs) = (workspace.latest, workspace.runs)

        let killed = try await mergeStopped(by: SIGKILL, in: workspace)
        #expect(!killed.staging.isEmpty, "the merge never paused: \(killed.stderr)")
        #expect(killed.process.terminationReason == .uncaughtSignal)
        #expect(killed.process.terminationStatus == SIGKILL)
        let leftover = workspace.jobDirectory + "/" + killed.staging
        #expect(FileManager.default.fileExists(atPath: leftover + "/resume-key"), "nothing was left to clean up")
        #expect(workspace.latest == latest && workspace.runs == runs)

        let again = try await BinaryRunner.run(workspace.merge(["--keep", "1"]))
        #expect(again.exitCode == 0, "stderr: \(again.stderr)")
        #expect(
            again.stderr.split(separator: "\n").map(String.init) == [
                "sharded: removed \(killed.staging), left by a merge that was stopped"
            ])
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(workspace.staging == [(workspace.exportStaging as NSString).lastPathComponent])
        #expect(
            try String(contentsOfFile: workspace.exportStaging + "/resume-key", encoding: .utf8)
                == Self.exportResumeKey)
        // --keep 1 pruned the first merge's run; latest points at the one just published.
        #expect(workspace.runs.count == 1)
        #expect(workspace.latest != latest && workspace.latest == workspace.runs.first.map { "runs/" + $0 })
    }
}
