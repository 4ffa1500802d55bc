import Exporter
import HTTPClient
import TMDBSandbox

/// Why a command ended without success. The top level prints its ``lines`` and exits with ``ExitCode/init(for:)``,
/// so every failure reaches the same two places whichever command it came from.
enum CommandFailure: Error, Sendable {
    /// No command was named; the top-level help went to stderr instead of an error line.
    case noCommand
    /// An unknown command or option, a missing or invalid value, or no credentials: nothing was fetched or written.
    case usage(UsageError)
    /// The job file named on the command line is missing or invalid.
    case invalidJob(JobFileError)
    /// `validate` found a missing or invalid file; it printed each problem as it checked the file.
    case invalidJobFiles
    /// The built-in sandbox that `--sandbox` asked for could not start.
    case sandboxNotStarted(SandboxError)
    /// The `sandbox` command's server could not start or stopped serving.
    case sandboxFailed(SandboxError)
    /// `plan --resolve` could not fetch a first page.
    case resolveFailed(ClientError)
    /// The export stopped before finishing; the command printed why, in the chosen log format.
    case exportStopped(ExportError)
    /// The export finished but pages, details or posters failed; its progress and summary said which.
    case finishedWithFailures
    /// `merge` found a shard missing, partial or not fitting; nothing was published.
    case mergeRefused(ShardMerge.Refusal)
    /// SIGINT or SIGTERM stopped the export (the first to arrive, if both did); the command said so as it stopped.
    case signalled(Int32)

    /// What to print on stderr, one `error:` line each; empty when the command has already reported the failure.
    var lines: [String] {
        switch self {
        case .usage(let error): [error.message]
        case .invalidJob(let error): error.lines
        case .sandboxNotStarted(let error): ["cannot start the sandbox: \(error)"]
        case .sandboxFailed(let error): ["sandbox: \(error)"]
        case .resolveFailed(let error): ["plan: \(error)"]
        case .mergeRefused(let refusal): ["merge: \(refusal)"]
        case .noCommand, .invalidJobFiles, .exportStopped, .finishedWithFailures, .signalled: []
        }
    }
}
