/// What an export reports while it runs, for progress displays and logs.
public enum ExportEvent: Sendable {
    /// The run started: its id, where it is being written, and whether it continues an interrupted run.
    case started(runID: String, stagingDirectory: String, resumed: Bool)
    /// The totals to fetch became known or grew: pages (after page 1 of an `all` request), details look-ups and
    /// poster downloads (as pages are decoded).
    case planned(pages: Int, details: Int, posters: Int)
    /// A page was fetched (or failed).
    case pageFinished(endpoint: String, page: Int, succeeded: Bool)
    /// A poster download ended.
    case posterFinished(succeeded: Bool)
    /// A page of a change feed (`movie/changes`, `tv/changes`) was read, while a night plans what to fetch.
    case changeFeedPageRead(feed: String, page: Int)
    /// A details look-up ended.
    case detailsFinished(succeeded: Bool)
    /// Something the user should know that is not a failure, e.g. the newest ID export was missing and the day
    /// before was read.
    case notice(String)
    /// Something went wrong that the run does without, e.g. `report.html` could not be written.
    case warning(String)
    /// Something failed and was recorded; the run goes on.
    case failure(String)
}
