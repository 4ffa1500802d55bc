import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where the CLI writes: stdout for results, stderr for progress and errors. Injected so tests can capture it.
public struct Console: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void
    /// Whether stderr is a terminal (live progress) or not (cron, CI: plain periodic lines).
    public var stderrIsTerminal: Bool

    /// Creates a console.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, stderrIsTerminal: Bool) {
        self.out = out
        self.err = err
        self.stderrIsTerminal = stderrIsTerminal
    }

    /// The process's real standard output and error.
    public static var standard: Console {
        Console(
            out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            err: { text in FileHandle.standardError.write(Data(text.utf8)) },
            stderrIsTerminal: isatty(STDERR_FILENO) == 1)
    }
}
