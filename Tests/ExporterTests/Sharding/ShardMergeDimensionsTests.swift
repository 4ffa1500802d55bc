import Foundation
import RunStore
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite("Shard merges of a job with dimension tables", .timeLimit(.minutes(15)))
struct ShardMergeDimensionsTests {
    /// Runs both shards of ``DimensionEndToEndTests/job`` into `folder`; their run folders, in shard order.
    static func runShards(_ harness: SandboxHarness, folder: String) async throws -> [String] {
        var runs: [String] = []
        for index in 0..<2 {
            let options = DimensionEndToEndTests.options(harness, folder: folder, shard: Shard(index: index, count: 2))
            let report = try await harness.exporter(options: options).run(DimensionEndToEndTests.job)
            #expect(report.manifest.status == .complete && report.manifest.dimensions?.count == 3)
            runs.append(report.runDirectory)
        }
        return runs
    }

    static func merge(_ harness: SandboxHarness, folder: String) -> ShardMerge {
        ShardMerge(
            job: DimensionEndToEndTests.job,
            outputRoot: (harness.output.path as NSString).appendingPathComponent(folder),
            count: 2)
    }

    @Test("every shard writes the whole tables; the merge checks they agree and publishes shard 0's, described")
    func mergesDimensions() async throws {
        let harness = try SandboxHarness(CatalogueEndToEndTests.smallUniverse)
        try await harness.closing {
            let shards = try await Self.runShards(harness, folder: "s")
            let merged = try await Self.merge(harness, folder: "s").run()
            let dimensions = try #require(merged.manifest.dimensions)
            #expect(dimensions.map(\.type) == [.keyword, .company, .network])
            for file in dimensions.flatMap(\.files) {
                let mergedBytes = FileManager.default.contents(atPath: "\(merged.runDirectory)/\(file.path)")
                #expect(
                    mergedBytes != nil
                        && mergedBytes == FileManager.default.contents(atPath: "\(shards[1])/\(file.path)"))
                #expect(mergedBytes.map { SHA256.hex(of: $0) } == file.sha256)
            }
            let package = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "\(merged.runDirectory)/datapackage.json")))
            let paths = ((package as? [String: Any])?["resources"] as? [[String: Any]])?.compactMap {
                $0["path"] as? String
            }
            #expect(paths?.contains("companies.ndjson") == true && paths?.contains("networks.csv") == true)
        }
    }

    @Test("a shard's tampered dimension file is caught by its SHA-256: the merge refuses, naming shard and file")
    func refusesTamperedDimension() async throws {
        let harness = try SandboxHarness(CatalogueEndToEndTests.smallUniverse)
        try await harness.closing {
            let shards = try await Self.runShards(harness, folder: "t")
            let path = "\(shards[1])/keywords.csv"
            var text = try String(contentsOfFile: path, encoding: .utf8)
            text = text.replacingOccurrences(of: "time travel", with: "time travle")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            do throws(ShardMerge.Failure) {
                _ = try await Self.merge(harness, folder: "t").run()
                Issue.record("the merge published a shard whose keywords.csv was changed")
            } catch {
                guard case .refused(let refusal) = error else {
                    Issue.record("expected a refusal, got \(error)")
                    return
                }
                #expect(refusal.problems.count == 1)
                #expect(refusal.problems.first?.hasPrefix("shard 1/2 (") == true)
                #expect(
                    refusal.problems.first?.hasSuffix("keywords.csv does not match its SHA-256 in the manifest") == true
                )
            }
            let job = OutputLayout(
                root: (harness.output.path as NSString).appendingPathComponent("t"), jobName: "dimensions")
            #expect(FileSystem.symlinkTarget(job.latestLink) == nil)
        }
    }
}
