import Foundation
import RunStore
import Testing

@testable import ExportCLI
@testable import Exporter

@Suite("The summary printed when a run ends")
struct SummaryTests {
    /// A published catalogue night that carried two failed ids and left one out.
    static func report() -> ExportReport {
        var summary = Manifest.CatalogueSummary(
            type: .movie, append: [], exportDateRequested: "latest", exportDate: "2026-03-10", exportFiles: [],
            idsInExport: 1_000, idsDroppedAsAdult: 0, idsBelowMinPopularity: 0, idsCutByLimit: 0,
            duplicateIDsInExport: 0, idsPlanned: 1_000, idsFetched: 997, idsRemoved: 0, idsFailed: 3, files: [])
        summary.idsCarried = 2
        summary.idsLeftOut = 1
        var manifest = Manifest(
            job: "nightly", runID: "20260310T120000Z", resumed: false, status: .complete, startedAt: "",
            finishedAt: "", elapsedSeconds: 1, toolVersion: "", apiBaseURL: "", language: "en", concurrency: 8,
            requests: [], failures: [Manifest.Failure(.details(.movie, 550), reason: "HTTP 500")], apiRequests: 0,
            apiRetries: 0, throttled: 0, posterRequests: 0, posterRetries: 0, unsafePosterPaths: [],
            catalogue: [summary])
        manifest.failureCount = 3
        manifest.failuresFile = Manifest.DataFile(
            path: "failures.ndjson", format: "ndjson", rows: 3, bytes: 120, sha256: "")
        return ExportReport(
            manifest: manifest, runDirectory: "/out/nightly/runs/20260310T120000Z", publishedAsLatest: true,
            jobDirectory: "/out/nightly")
    }

    @Test("counts every failure, says how many catalogue ids were carried or left out, and where they are named")
    func carriedIDs() {
        let text = Summary.text(for: Self.report(), elapsed: .seconds(2))
        #expect(text.hasPrefix("nightly: complete in 2.0 s\n"))
        #expect(
            text.contains(
                "\n  failures: 3 (catalogue ids: 2 carried with their previous rows, 1 left out), named in "
                    + "failures.ndjson\n"), "\(text)")
        let json = Summary.json(for: Self.report(), elapsed: .seconds(2))
        #expect(json.contains(#""failures":3,"idsCarried":2,"idsLeftOut":1"#), "\(json)")
    }
}
