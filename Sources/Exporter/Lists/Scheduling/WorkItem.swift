import HTTPClient
import RunStore
import TMDBAPI

/// One piece of work a child task does: a request and what follows it (decoding, storing, saving).
///
/// A new kind of work is a new case here, its I/O in ``WorkPerformer``, its result in ``WorkResult`` and its
/// decisions in ``JobSchedule``; ``WorkLoop`` runs any kind unchanged.
enum WorkItem: Sendable {
    /// `/configuration` or a genre list, needed before anything is written.
    case setup(SetupRequest)
    /// One page of one of the job's list requests (its index in `Job.requests`).
    case page(request: Int, page: Int)
    /// `/movie/{id}` for a request with `"details": true`.
    case details(movieID: Int)
    /// A poster to download from the image CDN and save in the poster store.
    case poster(file: String, client: APIClient)
}

/// What a child task hands back. Its network slot was released when the bytes arrived, so what the child did next
/// (decode, store, save) never held a connection idle.
enum WorkResult: Sendable {
    case setup(SetupRequest, SetupAnswer)
    case page(request: Int, page: Int, PageOutcome)
    case details(movieID: Int, Result<MovieRecord, ClientError>)
    /// A poster's download: nil when it was never sent (the run is stopping).
    case poster(file: String, PosterOutcome?)

    /// How fetching a page ended.
    enum PageOutcome: Sendable {
        /// Fetched, and stored in the page cache.
        case fetched(PageRows)
        /// Taken from a resumed run's page cache.
        case cached(PageRows)
        case failed(ClientError)
        /// Fetched, but the page cache could not store it: the run stops, as for any write failure.
        case notStored(OutputError)
    }

}
