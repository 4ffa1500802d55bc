import Foundation
import RunReport
import TestSupport
import Testing

@testable import Exporter

@Suite("A run's scripts know whether it was published, through the sandbox", .timeLimit(.minutes(15)))
struct UnpublishedRunScriptsTests {
    @Test(
        "a partial run says in its load scripts that it was not published, unless --allow-partial published it",
        arguments: [false, true])
    func partialRun(allowPartial: Bool) async throws {
        let sandbox = try SandboxHarness { $0.faults.malformedJSONPages = [2] }
        try await sandbox.closing {
            let job = Job(name: "partial", requests: [.init(list: .popular, pages: .range(1...3))], concurrency: 4)
            let report = try await sandbox.exporter(
                options: ExportOptions(outputRoot: sandbox.output.path, allowPartial: allowPartial)
            ).run(job)
            #expect(report.manifest.status == .partial)
            #expect(report.publishedAsLatest == allowPartial)
            for name in [RunDescription.loadScriptName, RunDescription.postgresLoadScriptName] {
                let script = try String(contentsOfFile: report.runDirectory + "/" + name, encoding: .utf8)
                #expect(script.contains("-- NOT PUBLISHED: run \(report.manifest.runID) is partial") == !allowPartial)
            }
        }
    }
}
