import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where the CLI writes: stdout for results, stderr for progress and errors. Injected so tests can capture it.
struct Console: Sendable {
    var out: @Sendable (String) -> Void
    var err: @Sendable (String) -> Void
    /// Whether stderr is a terminal (live progress) or not (cron, CI: plain periodic lines).
    var stderrIsTerminal: Bool

    /// The process's real standard output and error.
    static var standard: Console {
        Console(
            out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            err: { text in FileHandle.standardError.write(Data(text.utf8)) },
            stderrIsTerminal: isatty(STDERR_FILENO) == 1)
    }
}
