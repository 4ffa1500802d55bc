import HTTPClient
import RunStore

/// One id's details to fetch: which catalogue of the job, where the id stands in its sorted ids, and the id.
struct CatalogueWork: Sendable {
    var catalogue: Int
    var position: Int
    var id: Int
}

/// What fetching one id's details came to.
struct CatalogueResult: Sendable {
    var work: CatalogueWork
    var outcome: Outcome

    enum Outcome: Sendable {
        /// The details, as rows of every table, and the poster's fate when the catalogue downloads posters.
        case rows(CatalogueRows, poster: PosterOutcome?)
        /// 404: the id was removed from TMDB after the export file was made. Counted, not a failure.
        case removed
        /// Failed after the client's retries, or the answer could not be read: recorded, the run goes on.
        case failed(reason: String)
        /// The run must stop (rejected credentials, cancelled).
        case stopRun(ExportError)
        /// Never sent: the run is stopping.
        case notSent
    }
}

/// What the run does with a decision of ``CatalogueSchedule``, in order.
enum CatalogueEffect {
    /// Append one id's rows.
    case write(catalogue: Int, CatalogueRows)
    /// Record a failed id.
    case failure(Manifest.Failure)
    /// Everything up to these positions is written: flush and checkpoint.
    case checkpoint(positions: [Int], counts: [CatalogueCheckpoint.Counts])
    case event(ExportEvent)
}
