import TMDBAPI

/// A row whose poster and details are settled: everything a writer needs besides the genre names.
struct ResolvedRow: Sendable {
    /// Where the row's poster stands once the run has tried it.
    enum Poster: Sendable, Hashable {
        /// Posters are off for this run.
        case disabled
        /// The entry has no `poster_path`.
        case absent
        /// `poster_path` is not a safe file name; never fetched.
        case unsafe
        case downloaded(String)
        case alreadyPresent(String)
        case failed
    }

    /// The `/movie/{id}` look-up of a request with `"details": true`.
    enum Details: Sendable {
        case notAsked
        case fetched(MovieRecord)
        case failed
    }

    var rank: Int
    var entry: ListEntry
    var poster: Poster
    var details: Details
}
