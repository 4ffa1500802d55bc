import Foundation
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

@Suite(
    "report.html in headless Chromium: it loads without a console message and its charts are drawn",
    .enabled(
        if: HeadlessChromium.shouldRun,
        "no chromium on PATH: install Debian's (apt-get install chromium) to render report.html; .ci/run does"),
    .timeLimit(.minutes(15)))
struct ReportInChromiumTests {
    static func chromium() throws -> HeadlessChromium {
        try #require(HeadlessChromium.onPath, "TMDB_EXPORT_REQUIRE_CHROMIUM is set, but there is no chromium on PATH")
    }

    /// The `data-chart` names of the charts in a DOM, in page order.
    static func charts(in dom: String) -> [String] {
        dom.components(separatedBy: #"<svg class="chart"#).dropFirst().compactMap { svg in
            guard let name = svg.components(separatedBy: #"data-chart=""#).dropFirst().first else { return nil }
            return String(name.prefix { $0 != "\"" })
        }
    }

    @Test("a list run's report: charts of both lists, posters from posters/, and the same page through latest")
    func listRun() async throws {
        let chromium = try Self.chromium()
        let harness = try SandboxHarness()
        try await harness.closing {
            let job = Job(
                name: "report",
                requests: [
                    .init(list: .topRated, pages: .range(1...5)),
                    .init(source: .tvList(.popular), pages: .range(1...2)),
                ], posters: Job.PosterSettings(size: "w92"))
            let report = try await harness.exporter().run(job)
            #expect(report.manifest.status == .complete)
            let page = (report.runDirectory as NSString).appendingPathComponent("report.html")

            let loaded = try await chromium.dumpDOM(of: page)
            #expect(loaded.consoleMessages == [])
            #expect(
                Self.charts(in: loaded.output) == ["votes", "genres", "years", "votes", "genres", "years", "timings"])
            #expect(occurrences(of: #"<rect class="bar""#, in: loaded.output) > 60)
            #expect(loaded.output.contains(#"<img src="../../posters/w92/"#))
            #expect(!loaded.output.contains("<base "))

            // Through the latest symlink, the page's script points its links at the run.
            let latest = (report.jobDirectory as NSString).appendingPathComponent("latest/report.html")
            let throughLatest = try await chromium.dumpDOM(of: latest)
            #expect(throughLatest.consoleMessages == [])
            #expect(throughLatest.output.contains(#"<base href="../runs/\#(report.manifest.runID)/">"#))

            let png = (HeadlessChromium.artifacts as NSString).appendingPathComponent("report.png")
            try? FileManager.default.removeItem(atPath: png)
            let drawn = try await chromium.screenshot(of: latest, to: png)
            #expect(drawn.consoleMessages == [])
            let image = try #require(FileManager.default.contents(atPath: png))
            #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test("a catalogue night's report: the night's changes, the tables' rows, the movies' charts and posters")
    func catalogueNight() async throws {
        let chromium = try Self.chromium()
        let universe = SandboxCatalogueUniverse(movieCount: 320, seriesCount: 110, evolves: true, includesLists: false)
        let first = IncrementalEndToEndTests.eventfulStretch(universe)
        let calendar = IncrementalEndToEndTests.Calendar(TMDBAPI.ExportDay(first.isoDate)!)
        let harness = try IncrementalEndToEndTests.harness(calendar)
        try await harness.closing {
            let job = Job(
                name: "nightly", requests: [],
                catalogue: [
                    Job.CatalogueRequest(type: .movie, append: [.credits, .keywords], posters: true),
                    Job.CatalogueRequest(type: .tv, append: [.keywords]),
                ], posters: Job.PosterSettings(size: "w92"))
            let options = IncrementalEndToEndTests.options(harness, folder: "nightly", calendar: calendar)
            _ = try await harness.exporter(options: options).run(job)
            calendar.set(calendar.today.adding(days: 4))
            let night = try await harness.exporter(
                options: IncrementalEndToEndTests.options(harness, folder: "nightly", calendar: calendar)
            ).run(job)
            #expect(night.manifest.catalogue?.map(\.mode) == [.incremental, .incremental])
            let page = (night.runDirectory as NSString).appendingPathComponent("report.html")

            let loaded = try await chromium.dumpDOM(of: page)
            #expect(loaded.consoleMessages == [])
            #expect(
                Self.charts(in: loaded.output) == [
                    "changes", "tables", "votes", "genres", "years", "changes", "tables", "votes", "genres", "years",
                    "timings",
                ])
            #expect(occurrences(of: #"<img src="../../posters/w92/"#, in: loaded.output) == 24)

            let png = (HeadlessChromium.artifacts as NSString).appendingPathComponent("report-catalogue.png")
            try? FileManager.default.removeItem(atPath: png)
            _ = try await chromium.screenshot(of: page, to: png)
            #expect(FileManager.default.contents(atPath: png)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        }
    }

    @Test("Chromium's log shows a page's uncaught error, so a clean log means the report raised none")
    func consoleErrorsAreSeen() async throws {
        let chromium = try Self.chromium()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let page = try directory.write(
            "<!DOCTYPE html><title>broken</title><script>undefinedFunction();</script>", to: "broken.html")
        let loaded = try await chromium.dumpDOM(of: page)
        #expect(loaded.consoleMessages.count == 1)
        #expect(loaded.consoleMessages.first?.contains("Uncaught ReferenceError: undefinedFunction") == true)
    }
}
