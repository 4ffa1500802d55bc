import Foundation
import RunStore
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite("Shard merges of a job appending watch/providers", .timeLimit(.minutes(15)))
struct ShardMergeWatchProvidersTests {
    static let job = WatchProvidersEndToEndTests.job

    /// Runs both shards of ``job`` into `folder`; their run folders, in shard order.
    static func runShards(_ harness: SandboxHarness, folder: String) async throws -> [String] {
        var runs: [String] = []
        for index in 0..<2 {
            let options = DimensionEndToEndTests.options(harness, folder: folder, shard: Shard(index: index, count: 2))
            let report = try await harness.exporter(options: options).run(Self.job)
            #expect(report.manifest.status == .complete && report.manifest.watchProviders != nil)
            runs.append(report.runDirectory)
        }
        return runs
    }

    static func merge(_ harness: SandboxHarness, folder: String) -> ShardMerge {
        ShardMerge(job: job, outputRoot: (harness.output.path as NSString).appendingPathComponent(folder), count: 2)
    }

    @Test("every shard writes watch_providers whole; the merge publishes shard 0's, listed and described")
    func merges() async throws {
        let harness = try SandboxHarness(CatalogueEndToEndTests.smallUniverse)
        try await harness.closing {
            let shards = try await Self.runShards(harness, folder: "s")
            let merged = try await Self.merge(harness, folder: "s").run()
            let providers = try #require(merged.manifest.watchProviders)
            #expect(providers.files.map(\.path) == ["watch_providers.csv", "watch_providers.ndjson"])
            for file in providers.files {
                let bytes = FileManager.default.contents(atPath: "\(merged.runDirectory)/\(file.path)")
                #expect(bytes != nil && bytes == FileManager.default.contents(atPath: "\(shards[1])/\(file.path)"))
                #expect(bytes.map { SHA256.hex(of: $0) } == file.sha256)
            }
            let script = try String(contentsOfFile: "\(merged.runDirectory)/load.sql", encoding: .utf8)
            #expect(script.contains("CREATE TABLE \"watch_providers\""))
        }
    }

    @Test("a shard's tampered watch_providers.csv is caught by its SHA-256: the merge refuses, naming shard and file")
    func refusesTampered() async throws {
        let harness = try SandboxHarness(CatalogueEndToEndTests.smallUniverse)
        try await harness.closing {
            let shards = try await Self.runShards(harness, folder: "t")
            let path = "\(shards[1])/watch_providers.csv"
            var text = try String(contentsOfFile: path, encoding: .utf8)
            text = text.replacingOccurrences(of: "Netflix", with: "Netflex")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            do throws(ShardMerge.Failure) {
                _ = try await Self.merge(harness, folder: "t").run()
                Issue.record("the merge published a shard whose watch_providers.csv was changed")
            } catch {
                guard case .refused(let refusal) = error else {
                    Issue.record("expected a refusal, got \(error)")
                    return
                }
                #expect(refusal.problems.count == 1, "\(refusal.problems)")
                #expect(refusal.problems.first?.hasPrefix("shard 1/2 (") == true)
                #expect(
                    refusal.problems.first?.hasSuffix("watch_providers.csv does not match its SHA-256 in the manifest")
                        == true, "\(refusal.problems)")
            }
            let layout = OutputLayout(
                root: (harness.output.path as NSString).appendingPathComponent("t"), jobName: Self.job.name)
            #expect(FileSystem.symlinkTarget(layout.latestLink) == nil)
        }
    }
}
