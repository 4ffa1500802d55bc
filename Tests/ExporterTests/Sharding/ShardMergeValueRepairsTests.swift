import Foundation
import RunStore
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite("Shard merges of nights with hostile values", .timeLimit(.minutes(15)))
struct ShardMergeValueRepairsTests {
    static let job = HostileValuesEndToEndTests.job

    @Test("the merged manifest counts what every shard's rows changed in TMDB's values")
    func sumsShards() async throws {
        let harness = try SandboxHarness(HostileValuesEndToEndTests.hostileUniverse)
        try await harness.closing {
            var shards: [Manifest.ValueRepairs] = []
            for index in 0..<2 {
                let options = DimensionEndToEndTests.options(harness, folder: "v", shard: Shard(index: index, count: 2))
                let report = try await harness.exporter(options: options).run(Self.job)
                #expect(report.manifest.status == .complete)
                shards.append(try #require(report.manifest.catalogue?.first { $0.type == .movie }?.valueRepairs))
            }
            let merged = try await ShardMerge(
                job: Self.job, outputRoot: (harness.output.path as NSString).appendingPathComponent("v"), count: 2
            ).run()
            let repairs = try #require(merged.manifest.catalogue?.first { $0.type == .movie }?.valueRepairs)
            #expect(repairs.datesNulled == shards[0].datesNulled + shards[1].datesNulled)
            #expect(repairs.stringsRepaired == shards[0].stringsRepaired + shards[1].stringsRepaired)
            #expect(shards.allSatisfy { $0.datesNulled > 0 }, "each shard has a hostile movie: \(shards)")
        }
    }
}
