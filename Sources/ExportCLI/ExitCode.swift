#if canImport(Glibc)
    import Glibc
#endif

/// The process exit codes, documented in the README. Every failure becomes one in ``init(for:)``.
enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    /// The run finished but something failed (listed on stderr and in the manifest), the output could not be written,
    /// another run of the job holds its lock, the run stalled (nothing finished for its stall limit), a change feed
    /// claimed more pages than TMDB serves a window or answered another page than the one asked for, or a catalogue's
    /// ID export would drop more of the snapshot than its `maxDropPercent` (nothing published).
    case partialFailure = 1
    /// Bad usage or an invalid job file; nothing was fetched or written.
    case usage = 2
    /// TMDB rejected the credentials; the run stopped at once.
    case credentialsRejected = 3
    /// Stopped by SIGINT (128 + 2, as a shell reports it).
    case interrupted = 130
    /// Stopped by SIGTERM (128 + 15).
    case terminated = 143

    /// The one mapping from failures to exit codes.
    init(for failure: CommandFailure) {
        switch failure {
        case .noCommand, .usage, .invalidJob, .invalidJobFiles:
            self = .usage
        case .sandboxNotStarted, .sandboxFailed, .finishedWithFailures, .mergeRefused:
            self = .partialFailure
        case .resolveFailed(let error):
            self = error.isAuthenticationFailure ? .credentialsRejected : .partialFailure
        case .exportStopped(let error):
            switch error {
            case .authentication: self = .credentialsRejected
            case .invalidPosterSize: self = .usage
            case .setup, .output, .locked, .stalled, .badIDExport, .idExportDownload, .unexpectedDrop:
                self = .partialFailure
            case .interrupted: self = .interrupted
            }
        case .signalled(let signal):
            self = signal == SIGTERM ? .terminated : .interrupted
        }
    }
}
