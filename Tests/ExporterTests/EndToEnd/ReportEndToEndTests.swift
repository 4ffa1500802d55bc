import Foundation
import HTTPClient
import RunStore
import Synchronization
import TestSupport
import Testing

@testable import Exporter

@Suite("report.html in every run", .timeLimit(.minutes(15)))
struct ReportEndToEndTests {
    @Test("a list run writes report.html beside its data and lists it in the manifest with its size and SHA-256")
    func listRun() async throws {
        let harness = try ExportHarness(transport: CountingTMDBTransport(totalPages: 3))
        defer { harness.output.remove() }
        let job = Job(name: "report", requests: [.init(list: .topRated, pages: .range(1...3))])
        let report = try await harness.run(job)
        #expect(report.manifest.status == .complete)
        let page = (report.runDirectory as NSString).appendingPathComponent("report.html")
        let file = try #require(report.manifest.reportFile)
        let digest = try FileDigest.sha256(of: page)
        #expect(
            file
                == Manifest.DataFile(
                    path: "report.html", format: "html", rows: 0, bytes: digest.bytes, sha256: digest.sha256))
        #expect(try harness.file(report, "manifest.json").contains(#""reportFile" : {"#))
        let html = try harness.file(report, "report.html")
        #expect(html.contains(#"data-list="movie/top_rated""#))
        #expect(html.contains("<b>60</b> rows"))
        // Every poster the contact sheet shows is a file, two folders up from the run.
        let sources = html.components(separatedBy: "<img src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(sources.count == 24)
        for source in sources {
            #expect(source.hasPrefix("../../posters/w342/"))
            #expect(
                FileManager.default.fileExists(
                    atPath: (report.runDirectory as NSString).appendingPathComponent(String(source))), "\(source)")
        }
    }

    @Test("a catalogue run writes report.html with its tables' rows")
    func catalogueRun() async throws {
        let harness = try SandboxHarness(CatalogueEndToEndTests.smallUniverse)
        try await harness.closing {
            let report = try await harness.exporter(options: CatalogueEndToEndTests.options(harness, folder: "a")).run(
                CatalogueEndToEndTests.job)
            #expect(report.manifest.reportFile?.path == "report.html")
            let html = try String(
                contentsOfFile: (report.runDirectory as NSString).appendingPathComponent("report.html"), encoding: .utf8
            )
            #expect(html.contains(#"data-catalogue="movie""#) && html.contains(#"data-catalogue="tv""#))
            #expect(occurrences(of: #"data-chart="tables" viewBox="#, in: html) == 2)
            #expect(html.contains("<title>movie_cast: "))
            #expect(html.contains("A full run, because no earlier snapshot"))
        }
    }

    @Test("a report that cannot be written is a warning, and the run is published without it")
    func failure() async throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let warnings = Mutex<[String]>([])
        var exporter = ExportHarness.exporter(CountingTMDBTransport(totalPages: 2), outputRoot: output.path)
        exporter.onEvent = { event in
            if case .warning(let text) = event { warnings.withLock { $0.append(text) } }
        }
        exporter.writeReport = { _, directory, _ throws(OutputError) in
            throw OutputError(operation: "write", path: directory + "/report.html", reason: "No space left on device")
        }
        let report = try await exporter.run(
            Job(name: "unreported", requests: [.init(list: .topRated, pages: .range(1...2))], posters: nil))
        #expect(report.manifest.status == .complete)
        #expect(report.publishedAsLatest)
        #expect(report.manifest.reportFile == nil)
        #expect(!output.exists("unreported/latest/report.html"))
        #expect(!(try output.read("unreported/latest/manifest.json")).contains("reportFile"))
        #expect(output.exists("unreported/latest/movie_top_rated.csv"))
        #expect(
            warnings.withLock { $0 }
                == [
                    "report.html was not written: cannot write \(report.runDirectory.replacingOccurrences(of: "/runs/", with: "/staging/"))/report.html: No space left on device; the run is published without it"
                ])
    }
}
