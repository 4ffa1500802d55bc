import HTTPClient

/// What a failed request means for the run: the one place a ``ClientError`` is classified.
enum FailureDisposition: Sendable {
    /// The whole run stops: the credentials were rejected (every later request would be too), or the run was
    /// cancelled.
    case stopRun(ExportError)
    /// The request never left: the client was stopped while it waited for a slot. Nothing to record.
    case notSent
    /// This item failed; it is recorded and the run goes on.
    case itemFailed

    /// Classifies an API request's error. (Posters are not classified here: the image CDN gets no credentials, and
    /// a poster that fails in any way is a failed poster.)
    init(_ error: ClientError) {
        switch error.reason {
        case .notSent: self = .notSent
        case .cancelled: self = .stopRun(.interrupted)
        case .httpStatus(401, _): self = .stopRun(.authentication(error))
        default: self = .itemFailed
        }
    }
}
