import HTTPClient
import RunStore

/// Why an export stopped before finishing. Failures of single pages or posters do not stop a run: they are
/// recorded in the manifest and make the run `partial`.
public enum ExportError: Error, Sendable, CustomStringConvertible {
    /// TMDB rejected the credentials (HTTP 401); the run stopped at once.
    case authentication(ClientError)
    /// `/configuration`, the genre list or a watch-provider list could not be fetched, so nothing could be exported.
    case setup(ClientError)
    /// The job's poster size is not one TMDB offers.
    case invalidPosterSize(String, offered: [String])
    /// Writing the output failed (disk full, permissions): the run was abandoned, `latest` untouched.
    case output(OutputError)
    /// The run was stopped by a signal; the staging run and its manifest remain for `--resume`.
    case interrupted
    /// Another run of the same job holds the job's lock file.
    case locked(String)
    /// Work was in flight but none finished for `after` (the run's stall limit, from its retry settings): the run
    /// stopped rather than hold the job's lock for ever. `waiting` names what it was waiting on. The staging run
    /// and its manifest remain for `--resume`.
    case stalled(after: Duration, waiting: [String])
    /// A downloaded ID export file is damaged or is not one: not gzip, a CRC mismatch, cut short, or a line that is
    /// not an export entry. `line` is 1-based; nothing is published.
    case badIDExport(file: String, line: Int, reason: String)
    /// An ID export file could not be downloaded from `url` (no credentials in it); a 404 means TMDB has no file
    /// for that day.
    case idExportDownload(url: String, ClientError)
    /// A catalogue's ID export would empty or shrink the snapshot by surprise (``DropGuard``): the run stopped before
    /// any details request; nothing is published and `latest` is kept.
    case unexpectedDrop(ExportDrop)

    public var description: String {
        switch self {
        case .authentication(let error):
            let message: String =
                if case .httpStatus(_, let text?) = error.reason { text } else { error.reasonDescription }
            return "TMDB rejected the credentials (\(error.endpoint)): \(message)"
        case .setup(let error):
            return "cannot start the export: \(error)"
        case .invalidPosterSize(let size, let offered):
            // The sizes come from the server: escaped, each cut, and only the first 20 listed.
            let listed =
                offered.prefix(20).map { SafeText.excerpt($0, limit: 40) }
                + (offered.count > 20 ? ["and \(offered.count - 20) more"] : [])
            return "posters.size: \"\(size)\" is not a poster size TMDB offers (expected one of: "
                + "\(listed.joined(separator: ", ")))"
        case .output(let error):
            return "cannot write the output: \(error)"
        case .interrupted:
            return "interrupted: the unfinished run stays under staging/; rerun with --resume to continue it"
        case .locked(let path):
            return "another run of this job is in progress (it holds \(path)); not starting a second one"
        case .stalled(let limit, let waiting):
            let what = waiting.isEmpty ? "" : "; waiting on: " + waiting.joined(separator: "; ")
            return "the run stopped: nothing finished for \(limit.secondsText), its stall limit\(what); the unfinished "
                + "run stays under staging/; rerun with --resume to continue it"
        case .badIDExport(let file, let line, let reason):
            return "the ID export file \(file) is unusable at line \(line): \(SafeText.excerpt(reason))"
        case .idExportDownload(let url, let error) where error.httpStatus == 404:
            return "no ID export file at \(url) (HTTP 404): TMDB publishes one a day between 07:00 and 08:00 UTC "
                + "and keeps it about 3 months"
        case .idExportDownload(let url, let error):
            return "cannot download the ID export file \(url): \(error.reasonDescription)"
        case .unexpectedDrop(let drop):
            return drop.description
        }
    }
}

extension ExportError {
    /// The store's failure as the exporter reports it.
    init(_ error: StoreError) {
        switch error {
        case .locked(let path): self = .locked(path)
        case .output(let error): self = .output(error)
        }
    }
}

extension ExportError {
    /// Whether the run was stopped by a signal, rather than by a failure.
    var isInterruption: Bool { if case .interrupted = self { true } else { false } }

    /// Whether the drop guard refused a catalogue's ID export.
    var isRefusedDrop: Bool { if case .unexpectedDrop = self { true } else { false } }
}
