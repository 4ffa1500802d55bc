import Exporter
import Foundation
import HTTPClient
import JSON
import RunStore
import Synchronization

/// Turns export events into progress on stderr.
///
/// - `text` on a terminal: one live line redrawn at most 5 times a second: pages, details and posters done/total,
///   requests per second, retries, failures, ETA, and what the run waits on when something has waited a while;
///   while a night reads the change feeds, the feed pages read so far.
/// - `text` elsewhere (cron, CI): the same figures as a plain line every few seconds, never a control character.
/// - `json`: one JSON object per event, for log collectors, and a `waiting` object when something waits.
/// - `quiet`: only failures and warnings (and, from the command, the final summary).
///
/// Events come from the run; ``tick(at:)``, called every second by the command while the run goes, keeps the line
/// going when no event comes (a request in a long wait) and prints the client's notices as warnings. Every text
/// that reaches stderr from the run passes through `SafeText`, so a server's control characters never do.
final class ProgressReporter: Sendable {
    /// The values of `--log-format`.
    enum Format: String, Sendable, CaseIterable {
        case text
        /// One JSON object per event, for log collectors.
        case json
    }

    private struct State {
        var pagesPlanned = 0
        var pagesDone = 0
        var detailsPlanned = 0
        var detailsDone = 0
        var postersPlanned = 0
        var postersDone = 0
        var feedPages = 0
        var failures = 0
        var lastDraw: ContinuousClock.Instant?
        var lineIsOpen = false
    }

    private let console: Console
    private let quiet: Bool
    private let format: Format
    private let plainInterval: Duration
    private let redrawInterval: Duration
    private let retries: @Sendable () -> Int
    private let activity: ClientActivity?
    private let started: ContinuousClock.Instant
    // Mutex: events arrive from the export task while the CLI may call `finish()` from another.
    private let state = Mutex(State())

    /// - Parameters:
    ///   - plainInterval: how often a plain progress line is printed when stderr is not a terminal.
    ///   - redrawInterval: how often the live line is redrawn on a terminal.
    ///   - retries: reads the number of retries so far (from the client's metrics).
    ///   - activity: what the client waits on, and its notices; nil for none.
    init(
        console: Console, quiet: Bool = false, format: Format = .text, plainInterval: Duration = .seconds(5),
        redrawInterval: Duration = .milliseconds(200), retries: @escaping @Sendable () -> Int = { 0 },
        activity: ClientActivity? = nil, started: ContinuousClock.Instant = .now
    ) {
        self.console = console
        self.quiet = quiet
        self.format = format
        self.plainInterval = plainInterval
        self.redrawInterval = redrawInterval
        self.retries = retries
        self.activity = activity
        self.started = started
    }

    func handle(_ event: ExportEvent) {
        let output: String? = state.withLock { state in
            Self.count(event, in: &state)
            if format == .json { return Self.json(event) }
            if case .failure(let message) = event { return Self.message("error", message, in: &state) }
            if case .notice(let message) = event { return Self.message("note", message, in: &state) }
            if case .warning(let message) = event { return Self.message("warning", message, in: &state) }
            guard !quiet, Self.isProgress(event) else { return nil }
            return progress(&state, at: .now)
        }
        if let output { console.err(output) }
    }

    /// Called every second while the run goes: prints the client's notices as warnings, and the progress line
    /// when it is due even though no event came, with what the run waits on.
    func tick(at now: ContinuousClock.Instant = .now) {
        let notices = activity?.takeNotices() ?? []
        let waits = activity?.waits(at: now) ?? []
        let output: String = state.withLock { state in
            var output = ""
            for notice in notices {
                output += format == .json ? Self.warningJSON(notice) : Self.message("warning", notice, in: &state)
            }
            guard !quiet else { return output }
            if format == .json {
                // Only when something has waited a whole interval: a healthy run's log holds only its events.
                guard let longest = Self.notable(waits, at: now, atLeast: plainInterval) else { return output }
                if let last = state.lastDraw, now - last < plainInterval { return output }
                state.lastDraw = now
                return output
                    + JSONLine.encode([
                        ("time", Manifest.timestamp(Date())), ("event", "waiting"), ("waits", waits.count),
                        ("longest", longest.description(at: now)), ("seconds", Int((now - longest.since).seconds)),
                    ])
            }
            return output + (progress(&state, at: now, waits: waits) ?? "")
        }
        if !output.isEmpty { console.err(output) }
    }

    /// Ends the live line so the summary starts on a fresh one, after any notice not printed yet.
    func finish() {
        let notices = activity?.takeNotices() ?? []
        let output = state.withLock { state in
            var output = ""
            for notice in notices {
                output += format == .json ? Self.warningJSON(notice) : Self.message("warning", notice, in: &state)
            }
            if state.lineIsOpen { output += "\r\u{1B}[K" }
            state.lineIsOpen = false
            return output
        }
        if !output.isEmpty { console.err(output) }
    }

    /// A notice of the client as a JSON `warning` object.
    private static func warningJSON(_ notice: String) -> String {
        JSONLine.encode([
            ("time", Manifest.timestamp(Date())), ("event", "warning"), ("message", SafeText.escaped(notice)),
        ])
    }

    /// A failure or warning on a line of its own, escaped, clearing the live line first.
    private static func message(_ kind: String, _ text: String, in state: inout State) -> String {
        let prefix = state.lineIsOpen ? "\r\u{1B}[K" : ""
        state.lineIsOpen = false
        return prefix + "\(kind): \(SafeText.escaped(text))\n"
    }

    /// The progress line if one is due: redrawn at most every `redrawInterval` on a terminal, else printed every
    /// `plainInterval` from the start (so a short run prints only its summary).
    private func progress(
        _ state: inout State, at now: ContinuousClock.Instant, waits: [ClientActivity.Wait]? = nil
    ) -> String? {
        let terminal = console.stderrIsTerminal
        let interval = terminal ? redrawInterval : plainInterval
        if let last = terminal ? state.lastDraw : (state.lastDraw ?? started), now - last < interval { return nil }
        state.lastDraw = now
        var line = line(state, elapsed: now - started)
        let waits = waits ?? activity?.waits(at: now) ?? []
        if let longest = Self.notable(waits, at: now, atLeast: .seconds(1)) {
            let others = waits.count - 1
            line += "  waiting: " + longest.description(at: now) + (others > 0 ? " (+\(others) more)" : "")
        }
        if terminal {
            state.lineIsOpen = true
            return "\r\u{1B}[K" + line
        }
        return "progress: " + line + "\n"
    }

    /// The wait to name: the rate limiter's pause when there is one, else the longest, if it has lasted `atLeast`.
    private static func notable(
        _ waits: [ClientActivity.Wait], at now: ContinuousClock.Instant, atLeast: Duration
    ) -> ClientActivity.Wait? {
        let wait = waits.first { $0.kind == .rateLimitPause } ?? waits.min { $0.since < $1.since }
        guard let wait, now - wait.since >= atLeast else { return nil }
        return wait
    }

    private static func isProgress(_ event: ExportEvent) -> Bool {
        switch event {
        case .pageFinished, .posterFinished, .detailsFinished, .changeFeedPageRead: true
        default: false
        }
    }

    private static func count(_ event: ExportEvent, in state: inout State) {
        switch event {
        case .started: break
        case .planned(let pages, let details, let posters):
            state.pagesPlanned = pages
            state.detailsPlanned = details
            state.postersPlanned = posters
        case .pageFinished: state.pagesDone += 1
        case .posterFinished: state.postersDone += 1
        case .detailsFinished: state.detailsDone += 1
        case .changeFeedPageRead: state.feedPages += 1
        case .failure: state.failures += 1
        case .notice, .warning: break
        }
    }

    private func line(_ state: State, elapsed: Duration) -> String {
        let seconds = max(elapsed.seconds, 0.001)
        let done = state.pagesDone + state.detailsDone + state.postersDone
        // Feed pages are requests too, but not part of what is planned (the ETA's share).
        let rate = Double(done + state.feedPages) / seconds
        // A catalogue-only run has no pages: its line starts with the feeds' pages, then the details.
        let listsPages = state.pagesPlanned > 0 || (state.detailsPlanned == 0 && state.feedPages == 0)
        var text = listsPages ? "pages \(state.pagesDone)/\(state.pagesPlanned)" : ""
        if state.feedPages > 0 {
            text += (text.isEmpty ? "" : "  ") + "change feed: \(state.feedPages) pages"
        }
        if state.detailsPlanned > 0 {
            text += (text.isEmpty ? "" : "  ") + "details \(state.detailsDone)/\(state.detailsPlanned)"
        }
        if state.postersPlanned > 0 { text += "  posters \(state.postersDone)/\(state.postersPlanned)" }
        text += String(format: "  %.0f req/s", rate)
        let retried = retries()
        if retried > 0 { text += "  retries \(retried)" }
        if state.failures > 0 { text += "  failures \(state.failures)" }
        let remaining = (state.pagesPlanned + state.detailsPlanned + state.postersPlanned) - done
        if done > 0, remaining > 0, rate > 0 { text += String(format: "  ETA %.0fs", Double(remaining) / rate) }
        return text
    }

    /// One event as a JSON line.
    static func json(_ event: ExportEvent) -> String {
        var fields: [(String, any JSONLineValue)] = [("time", Manifest.timestamp(Date()))]
        switch event {
        case .started(let runID, let staging, let resumed):
            fields += [("event", "started"), ("runId", runID), ("staging", staging), ("resumed", resumed)]
        case .planned(let pages, let details, let posters):
            fields += [("event", "planned"), ("pages", pages), ("details", details), ("posters", posters)]
        case .pageFinished(let endpoint, let page, let succeeded):
            fields += [("event", "page"), ("endpoint", endpoint), ("page", page), ("ok", succeeded)]
        case .posterFinished(let succeeded):
            fields += [("event", "poster"), ("ok", succeeded)]
        case .detailsFinished(let succeeded):
            fields += [("event", "details"), ("ok", succeeded)]
        case .changeFeedPageRead(let feed, let page):
            fields += [("event", "changeFeedPage"), ("feed", feed), ("page", page)]
        case .failure(let message):
            fields += [("event", "failure"), ("message", SafeText.escaped(message))]
        case .notice(let message):
            fields += [("event", "notice"), ("message", SafeText.escaped(message))]
        case .warning(let message):
            fields += [("event", "warning"), ("message", SafeText.escaped(message))]
        }
        return JSONLine.encode(fields)
    }
}

/// Encodes a flat list of fields as one JSON object line, keys in the given order, with the NDJSON files' writer.
enum JSONLine {
    static func encode(_ fields: [(String, any JSONLineValue)]) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        for (key, value) in fields {
            writer.key(key)
            value.write(to: &writer)
        }
        writer.endObject()
        writer.endLine()
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// What a field of a JSON log line can hold.
protocol JSONLineValue {
    func write(to writer: inout JSONWriter)
}

extension String: JSONLineValue {
    func write(to writer: inout JSONWriter) { writer.string(self) }
}

extension Int: JSONLineValue {
    func write(to writer: inout JSONWriter) { writer.integer(self) }
}

extension Double: JSONLineValue {
    func write(to writer: inout JSONWriter) { writer.number(self) }
}

extension Bool: JSONLineValue {
    func write(to writer: inout JSONWriter) { writer.bool(self) }
}
