import Exporter
import Foundation
import HTTPClient
import Synchronization

/// Turns export events into progress on stderr: a live line on a terminal (redrawn at most 5 times a second),
/// or one plain line every few seconds otherwise, never with control characters. Failures print as they happen.
public final class ProgressReporter: Sendable {
    private struct State {
        var pagesPlanned = 0
        var pagesDone = 0
        var pagesFailed = 0
        var postersPlanned = 0
        var postersDone = 0
        var failures = 0
        var lastDraw: ContinuousClock.Instant?
        var lineIsOpen = false
    }

    private let console: Console
    private let quiet: Bool
    private let plainInterval: Duration
    private let started = ContinuousClock.now
    // Mutex: events arrive from the export task while the CLI may call `finish()` from another.
    private let state = Mutex(State())

    /// Creates a reporter.
    public init(console: Console, quiet: Bool = false, plainInterval: Duration = .seconds(5)) {
        self.console = console
        self.quiet = quiet
        self.plainInterval = plainInterval
    }

    /// Handles one event.
    public func handle(_ event: ExportEvent) {
        let output: String? = state.withLock { state in
            switch event {
            case .started: return nil
            case .planned(let pages, let posters):
                state.pagesPlanned = pages
                state.postersPlanned = posters
            case .pageFinished(_, _, let succeeded):
                state.pagesDone += 1
                if !succeeded { state.pagesFailed += 1 }
            case .posterFinished:
                state.postersDone += 1
            case .failure(let message):
                state.failures += 1
                let prefix = state.lineIsOpen ? "\r\u{1B}[K" : ""
                state.lineIsOpen = false
                return prefix + "error: \(message)\n"
            }
            guard !quiet else { return nil }
            let now = ContinuousClock.now
            let interval = console.stderrIsTerminal ? Duration.milliseconds(200) : plainInterval
            if let last = state.lastDraw, now - last < interval { return nil }
            state.lastDraw = now
            let line = Self.line(state, elapsed: now - started)
            if console.stderrIsTerminal {
                state.lineIsOpen = true
                return "\r\u{1B}[K" + line
            }
            return line + "\n"
        }
        if let output { console.err(output) }
    }

    /// Ends the live line so the summary starts on a fresh one.
    public func finish() {
        let close = state.withLock { state in
            defer { state.lineIsOpen = false }
            return state.lineIsOpen
        }
        if close { console.err("\r\u{1B}[K") }
    }

    private static func line(_ state: State, elapsed: Duration) -> String {
        let seconds = max(elapsed.seconds, 0.001)
        let rate = Double(state.pagesDone + state.postersDone) / seconds
        var text = "pages \(state.pagesDone)/\(state.pagesPlanned)"
        if state.postersPlanned > 0 { text += "  posters \(state.postersDone)/\(state.postersPlanned)" }
        text += String(format: "  %.0f req/s", rate)
        if state.failures > 0 { text += "  failures \(state.failures)" }
        let remaining = (state.pagesPlanned - state.pagesDone) + (state.postersPlanned - state.postersDone)
        if state.pagesDone + state.postersDone > 0, remaining > 0, rate > 0 {
            text += String(format: "  ETA %.0fs", Double(remaining) / rate)
        }
        return text
    }
}
