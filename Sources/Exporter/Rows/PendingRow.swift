/// A decoded list entry waiting in the reorder buffer to be written, with what its poster needs.
struct PendingRow: Sendable {
    /// Where the poster stands for this row.
    enum Poster: Sendable, Hashable {
        /// The entry has no `poster_path`.
        case absent
        /// `poster_path` is not a safe file name; never fetched.
        case unsafe
        /// A safe file name, fetched or found present under the poster folder.
        case file(String)
        /// Posters are off for this run.
        case disabled
    }

    var rank: Int
    var entry: ListEntry
    var poster: Poster
}
