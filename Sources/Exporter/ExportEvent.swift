/// What an export reports while it runs, for progress displays and logs.
public enum ExportEvent: Sendable {
    /// The run started: its id, where it is being written, and whether it continues an interrupted run.
    case started(runID: String, stagingDirectory: String, resumed: Bool)
    /// The number of pages to fetch became known or grew (after page 1 of an `all` request).
    case planned(pages: Int, posters: Int)
    /// A page was fetched (or failed).
    case pageFinished(endpoint: String, page: Int, succeeded: Bool)
    /// A poster was resolved: downloaded, found present, or failed.
    case posterFinished(succeeded: Bool)
    /// Something failed and was recorded; the run goes on.
    case failure(String)
}
