/// The process exit codes, documented in the README. The CLI maps every outcome to one of these in one place
/// (``ExitCode/for(_:)``).
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Everything was exported.
    case success = 0
    /// The run finished but something failed; the failures are on stderr and in the manifest.
    case partialFailure = 1
    /// Bad usage or an invalid job file; nothing was fetched or written.
    case usage = 2
    /// TMDB rejected the credentials; the run stopped at once.
    case credentialsRejected = 3
    /// Interrupted by SIGINT.
    case interrupted = 130
    /// Terminated by SIGTERM.
    case terminated = 143
}
