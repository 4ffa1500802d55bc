@testable import ExportCLI
import Exporter
import Foundation
import Testing

@Suite("Progress output")
struct ProgressReporterTests {
    let events: [ExportEvent] = [
        .started(runID: "20261122T020000Z", stagingDirectory: "output/x/staging/20261122T020000Z", resumed: false),
        .planned(pages: 3, details: 0, posters: 40),
        .pageFinished(endpoint: "movie/popular", page: 1, succeeded: true),
        .posterFinished(succeeded: true),
        .failure("GET movie/popular?page=2: HTTP 404: The resource you requested could not be found."),
        .pageFinished(endpoint: "movie/popular", page: 2, succeeded: false),
        .pageFinished(endpoint: "movie/popular", page: 3, succeeded: true),
    ]

    func capture(terminal: Bool, quiet: Bool = false, format: ProgressReporter.Format = .text) -> String {
        let captured = CapturedConsole(stderrIsTerminal: terminal)
        let reporter = ProgressReporter(
            console: captured.console, quiet: quiet, format: format, plainInterval: .zero, redrawInterval: .zero,
            retries: { 2 })
        for event in events { reporter.handle(event) }
        reporter.finish()
        return captured.err
    }

    @Test("redraws one live line on a terminal, with counts, rate, retries, failures and ETA")
    func terminal() {
        let output = capture(terminal: true)
        #expect(output.contains("\r\u{1B}[Kpages 1/3  posters 0/40"))
        #expect(output.contains("retries 2"))
        #expect(output.contains("failures 1"))
        #expect(output.contains("ETA "))
        #expect(output.contains("\r\u{1B}[Kerror: GET movie/popular?page=2: HTTP 404"))
    }

    @Test("prints plain lines without control characters when not on a terminal")
    func plain() {
        let output = capture(terminal: false)
        let lines = output.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.contains { $0.hasPrefix("progress: pages ") })
        #expect(lines.contains { $0 == "error: GET movie/popular?page=2: HTTP 404: The resource you requested could not be found." })
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test("prints only errors when quiet")
    func quiet() {
        let output = capture(terminal: false, quiet: true)
        #expect(output == "error: GET movie/popular?page=2: HTTP 404: The resource you requested could not be found.\n")
    }

    @Test("prints one JSON object per event for log collectors")
    func json() throws {
        let output = capture(terminal: true, format: .json)
        let lines = output.split(separator: "\n")
        #expect(lines.count == events.count)
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        #expect(objects.map { $0["event"] as? String } == ["started", "planned", "page", "poster", "failure", "page", "page"])
        #expect(objects[2]["endpoint"] as? String == "movie/popular" && objects[2]["page"] as? Int == 1)
        #expect(objects[5]["ok"] as? Bool == false)
        #expect(objects.allSatisfy { ($0["time"] as? String)?.hasSuffix("Z") == true })
        #expect(!output.contains("\u{1B}"))
    }
}
