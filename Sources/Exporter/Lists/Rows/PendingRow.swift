import RunStore

/// A decoded list entry waiting in the reorder buffer to be written, with what its poster needs.
struct PendingRow: Sendable {
    /// Where the poster stands for this row before the run tries it: settled already (posters off, no
    /// `poster_path`, not a safe file name), or a file the run must find present or fetch.
    enum Poster: Sendable, Hashable {
        case settled(PosterOutcome)
        case file(String)
    }

    var rank: Int
    var entry: ListEntry
    var poster: Poster
}
