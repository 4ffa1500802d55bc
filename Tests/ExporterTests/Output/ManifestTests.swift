import Foundation
import HTTPClient
import RunStore
import TestSupport
import Testing

@testable import Exporter
@testable import TMDBSandbox

@Suite("The manifest", .timeLimit(.minutes(15)))
struct ManifestTests {
    @Test("names the tool version the caller gave in the options")
    func toolVersion() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        var exporter = ExportHarness.exporter(CountingTMDBTransport(totalPages: 1), outputRoot: output.path)
        exporter.options.toolVersion = "9.8.7"
        let job = Job(name: "version", requests: [.init(list: .topRated, pages: .range(1...1))], posters: nil)
        let report = try await exporter.run(job)
        #expect(report.manifest.toolVersion == "9.8.7")
        let written = try String(
            contentsOfFile: (report.runDirectory as NSString).appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(written.contains(#""toolVersion" : "9.8.7""#))
        // A list-only run has no snapshot, so no snapshot version.
        #expect(report.manifest.snapshotVersion == nil && !written.contains("snapshotVersion"))
    }
}

@Suite("The manifest's account of each list, as TMDB gave it", .timeLimit(.minutes(15)))
struct ManifestListTotalsTests {
    @Test("records total_results, total_pages and now_playing's dates per request, and the job's region at the top")
    func totalsAndDates() async throws {
        let sandbox = try SandboxHarness()
        try await sandbox.closing {
            let catalogue = sandbox.server.catalogue
            let job = Job(
                name: "totals",
                requests: [
                    .init(list: .upcoming, pages: .range(1...50)), .init(list: .popular, pages: .range(1...1)),
                ], region: "US", posters: nil)
            let report = try await sandbox.exporter().run(job)
            #expect(report.manifest.status == .complete, "\(report.manifest.failures)")
            #expect(report.manifest.region == "US")
            let upcoming = report.manifest.requests[0]
            #expect(upcoming.totalResults == catalogue.totalResults(.upcoming))
            #expect(upcoming.totalPages == catalogue.totalPages(.upcoming))
            // The window the sandbox sends with now_playing and upcoming.
            #expect(upcoming.dates == Manifest.DateWindow(minimum: "2026-10-20", maximum: "2026-12-01"))
            let popular = report.manifest.requests[1]
            #expect(popular.totalPages == catalogue.totalPages(.popular), "as TMDB said, beyond the 500 it serves")
            #expect(popular.totalResults == catalogue.totalResults(.popular))
            #expect(popular.dates == nil)

            let written = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: report.runDirectory + "/manifest.json")))
            let object = try #require(written as? [String: Any])
            #expect(object["region"] as? String == "US")
            let requests = try #require(object["requests"] as? [[String: Any]])
            #expect(requests[0]["dates"] as? [String: String] == ["minimum": "2026-10-20", "maximum": "2026-12-01"])
            #expect(requests[0]["totalPages"] as? Int == catalogue.totalPages(.upcoming))
            #expect(requests[1]["dates"] == nil, "absent, not null, for lists without dates")
        }
    }

    @Test("stops an explicit page range at the list's last page, and says how many pages were asked and planned")
    func rangeStopsAtTotalPages() async throws {
        let sandbox = try SandboxHarness()
        try await sandbox.closing {
            let lastPage = sandbox.server.catalogue.totalPages(.upcoming)
            try #require(lastPage < 50, "the test needs a list shorter than the range")
            let job = Job(name: "short", requests: [.init(list: .upcoming, pages: .range(1...50))], posters: nil)
            let report = try await sandbox.exporter().run(job)
            let summary = report.manifest.requests[0]
            #expect(summary.pagesAsked == 50)
            #expect(summary.pagesPlanned == lastPage)
            #expect(summary.pagesFetched == lastPage)
            #expect(summary.rowsWritten == sandbox.server.catalogue.totalResults(.upcoming))
            let pagesAskedFor = sandbox.server.requestLog().filter { $0.path == "/3/movie/upcoming" }.compactMap {
                URLComponents(string: $0.target)?.queryItems?.first { $0.name == "page" }?.value.flatMap(Int.init)
            }
            #expect(pagesAskedFor.sorted() == Array(1...lastPage), "no page past the list's end was requested")
        }
    }
}
