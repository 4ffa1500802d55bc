import RunStore
import TMDBAPI

/// A row whose poster and details are settled: everything a writer needs besides the genre names.
struct ResolvedRow: Sendable {
    /// The `/movie/{id}` look-up of a request with `"details": true`.
    enum Details: Sendable {
        case notAsked
        case fetched(MovieRecord)
        case failed
    }

    var rank: Int
    var entry: ListEntry
    /// What became of the row's poster once the run tried it.
    var poster: PosterOutcome
    var details: Details
}
