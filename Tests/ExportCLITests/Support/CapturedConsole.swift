import Synchronization

@testable import ExportCLI

/// A console that keeps what the command printed.
final class CapturedConsole: Sendable {
    private let output = Mutex((out: "", err: ""))
    private let stderrIsTerminal: Bool

    init(stderrIsTerminal: Bool = false) { self.stderrIsTerminal = stderrIsTerminal }

    var console: Console {
        Console(
            out: { text in self.output.withLock { $0.out += text } },
            err: { text in self.output.withLock { $0.err += text } },
            stderrIsTerminal: stderrIsTerminal)
    }

    var out: String { output.withLock { $0.out } }
    var err: String { output.withLock { $0.err } }
}
