import Exporter
import Foundation
import Testing

@testable import ExportCLI
@testable import HTTPClient

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
        #expect(
            lines.contains {
                $0 == "error: GET movie/popular?page=2: HTTP 404: The resource you requested could not be found."
            })
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
        #expect(
            objects.map { $0["event"] as? String } == [
                "started", "planned", "page", "poster", "failure", "page", "page",
            ])
        #expect(objects[2]["endpoint"] as? String == "movie/popular" && objects[2]["page"] as? Int == 1)
        #expect(objects[5]["ok"] as? Bool == false)
        #expect(objects.allSatisfy { ($0["time"] as? String)?.hasSuffix("Z") == true })
        #expect(!output.contains("\u{1B}"))
    }

    @Test("prints an ANSI status_message escaped, on a terminal and off it, in text and in JSON")
    func escapesServerText() {
        for (terminal, format) in [(true, ProgressReporter.Format.text), (false, .text), (false, .json)] {
            let captured = CapturedConsole(stderrIsTerminal: terminal)
            let reporter = ProgressReporter(console: captured.console, format: format)
            reporter.handle(.failure("GET movie/popular?page=2: HTTP 503: \u{1B}[2J\u{1B}[1;31mdown\u{1B}[0m\u{7}"))
            reporter.finish()
            let text =
                format == .json
                ? (try? JSONSerialization.jsonObject(with: Data(captured.err.utf8)) as? [String: Any])?["message"]
                    as? String ?? "" : captured.err
            #expect(text.contains(#"HTTP 503: \u{1B}[2J\u{1B}[1;31mdown\u{1B}[0m\u{7}"#), "\(captured.err)")
            #expect(!captured.err.unicodeScalars.contains { $0 == "\u{7}" || $0 == "\u{1B}" && !terminal })
            #expect(!captured.err.contains("\u{1B}[2J"))
        }
    }

    @Test("prints a plain line every 5 s while nothing finishes, naming what waits and for how long")
    func heartbeatOffTerminal() {
        let captured = CapturedConsole(stderrIsTerminal: false)
        let activity = ClientActivity()
        let start = ContinuousClock.now
        let reporter = ProgressReporter(console: captured.console, activity: activity, started: start)
        _ = activity.begin(.onTheWire, "GET movie/popular?page=3")
        reporter.tick(at: start + .seconds(1))
        #expect(captured.err.isEmpty, "the first line waits a whole interval")
        reporter.tick(at: start + .seconds(5))
        reporter.tick(at: start + .seconds(7))
        reporter.tick(at: start + .seconds(10))
        let lines = captured.err.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == "progress: pages 0/0  0 req/s  waiting: GET movie/popular?page=3 on the wire for 5 s")
        #expect(lines.last?.hasSuffix("waiting: GET movie/popular?page=3 on the wire for 10 s") == true)
    }

    @Test("counts a night's change-feed pages while the feeds are read, then beside the details")
    func changeFeedPages() {
        let captured = CapturedConsole(stderrIsTerminal: false)
        // Events arrive at the clock's now, before the start: only the ticks print, at times the test chooses.
        let start = ContinuousClock.now + .seconds(3_600)
        let reporter = ProgressReporter(console: captured.console, started: start)
        for page in 1...37 { reporter.handle(.changeFeedPageRead(feed: "movie/changes", page: page)) }
        reporter.tick(at: start + .seconds(5))
        reporter.handle(.planned(pages: 0, details: 10, posters: 0))
        reporter.handle(.detailsFinished(succeeded: true))
        reporter.tick(at: start + .seconds(10))
        let lines = captured.err.split(separator: "\n")
        #expect(lines.count == 2, "\(captured.err)")
        #expect(lines.first == "progress: change feed: 37 pages  7 req/s")
        #expect(lines.last?.hasPrefix("progress: change feed: 37 pages  details 1/10  4 req/s  ETA ") == true)
    }

    @Test("names the rate limiter's pause first, and counts the other waits")
    func heartbeatNamesThePause() {
        let captured = CapturedConsole(stderrIsTerminal: true)
        let activity = ClientActivity()
        let start = ContinuousClock.now
        let reporter = ProgressReporter(console: captured.console, activity: activity, started: start)
        _ = activity.begin(.onTheWire, "GET movie/popular?page=3")
        activity.paused(for: .seconds(120))
        reporter.tick(at: start + .seconds(12))
        #expect(
            captured.err.hasPrefix(
                "\r\u{1B}[Kpages 0/0  0 req/s  waiting: rate-limit pause after a 429 for 12 s (108 s left) (+1 more)"))
    }

    @Test("prints the client's notices as escaped warnings, even when quiet, and in JSON")
    func warnings() throws {
        for format in ProgressReporter.Format.allCases {
            let captured = CapturedConsole()
            let activity = ClientActivity()
            let reporter = ProgressReporter(console: captured.console, quiet: true, format: format, activity: activity)
            activity.notice("GET x: HTTP 429 asked to wait \"999999\u{1B}[2J\" (Retry-After); waiting 120 s, the cap")
            reporter.tick()
            reporter.tick()
            if format == .text {
                let expected = #"warning: GET x: HTTP 429 asked to wait "999999\u{1B}[2J" (Retry-After); waiting 120 s"#
                #expect(captured.err == expected + ", the cap\n")
            } else {
                let object = try JSONSerialization.jsonObject(with: Data(captured.err.utf8)) as? [String: Any]
                #expect(object?["event"] as? String == "warning")
                #expect((object?["message"] as? String)?.contains(#"999999\u{1B}[2J"#) == true)
            }
        }
    }

    @Test("adds a JSON waiting object every 5 s once something has waited that long")
    func jsonWaiting() throws {
        let captured = CapturedConsole()
        let activity = ClientActivity()
        let start = ContinuousClock.now
        let reporter = ProgressReporter(console: captured.console, format: .json, activity: activity, started: start)
        _ = activity.begin(.retryDelay, "GET movie/popular?page=3", until: start + .seconds(120))
        reporter.tick(at: start + .seconds(2))
        #expect(captured.err.isEmpty)
        reporter.tick(at: start + .seconds(6))
        reporter.tick(at: start + .seconds(8))
        let lines = captured.err.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["event"] as? String == "waiting")
        #expect(object["waits"] as? Int == 1)
        #expect((object["longest"] as? String)?.hasPrefix("GET movie/popular?page=3 waiting to retry for 6 s") == true)
    }
}
