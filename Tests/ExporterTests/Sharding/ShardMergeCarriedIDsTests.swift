import Foundation
import RunStore
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite("Shard merges of nights that carried failed ids", .timeLimit(.minutes(15)))
struct ShardMergeCarriedIDsTests {
    @Test("complete shards whose failed ids were within maxFailedPercent merge, naming every failed id and counting it")
    func mergesCarriedFailures() async throws {
        let calendar = IncrementalEndToEndTests.Calendar(CarriedIDsEndToEndTests.firstDay)
        let failing = CarriedIDsEndToEndTests.failing
        let harness = try CarriedIDsEndToEndTests.harness(calendar, failing: [failing])
        try await harness.closing {
            let root = (harness.output.path as NSString).appendingPathComponent("s")
            let job = CarriedIDsEndToEndTests.job(everyID: false)
            for index in 0..<2 {
                let options = ExportOptions(
                    outputRoot: root, concurrency: 4, filesBaseURL: harness.server.filesBaseURL, now: calendar.noon,
                    shard: Shard(index: index, count: 2))
                let report = try await harness.exporter(options: options).run(job)
                #expect(report.manifest.status == .complete && report.publishedAsLatest)
            }
            let merged = try await ShardMerge(job: job, outputRoot: root, count: 2).run()
            let summary = try #require(merged.manifest.catalogue?.first)
            #expect(summary.idsFailed == 1 && summary.idsLeftOut == 1 && summary.idsCarried == 0)
            #expect(summary.idsAsked == CarriedIDsEndToEndTests.ids.count)
            #expect(merged.manifest.failureCount == 1)
            let named = try merged.manifest.allFailures(in: merged.runDirectory)
            #expect(named.map(\.endpoint) == ["movie/\(failing)"])
        }
    }
}
