import RunStore
import TMDBAPI

/// A decoded list page turned into rows: each entry's rank from the page number and its position as sent, and
/// its poster classified (absent, unsafe, a file already in the poster store, or a file to download).
///
/// Built in the child task that fetched the page, so the poster store is looked at off the scheduler's task.
struct PageRows: Sendable {
    /// A `poster_path` that is not a safe file name: never fetched, reported in the manifest.
    struct UnsafePosterPath: Sendable, Hashable {
        var itemID: Int
        var posterPath: String
    }

    /// A list item that could not be read, and the rank its row would have had.
    struct Rejection: Sendable, Hashable {
        var rank: Int
        var item: RejectedItem
    }

    var rows: [PendingRow]
    /// The list's size and dates, as this page says.
    var totals: ListTotals
    /// Items on the page that could not be read: never written as rows, never dropped without a trace.
    var rejected: [Rejection]
    /// Strings of the page read with U+FFFD in place of text that was not valid Unicode.
    var repairedStrings: Int
    /// Poster files of these rows that the store already holds.
    var presentPosters: Set<String> = []
    var unsafePosterPaths: [UnsafePosterPath] = []

    /// Rows of `page`, page number `number`; `store` is nil when posters are off.
    init(_ page: ListPage, number: Int, posters store: PosterStore?) {
        totals = page.totals
        let firstRank = (number - 1) * TMDB.pageSize + 1
        rejected = page.rejected.map { Rejection(rank: firstRank + $0.position, item: $0) }
        repairedStrings = page.repairedStrings
        rows = []
        rows.reserveCapacity(page.entries.count)
        for (position, entry) in page.entries {
            rows.append(PendingRow(rank: firstRank + position, entry: entry, poster: classify(entry, store: store)))
        }
    }

    private mutating func classify(_ entry: ListEntry, store: PosterStore?) -> PendingRow.Poster {
        guard let store else { return .settled(.disabled) }
        guard let path = entry.posterPath else { return .settled(.absent) }
        guard let file = PosterFileName.safeFileName(for: path) else {
            unsafePosterPaths.append(UnsafePosterPath(itemID: entry.id, posterPath: path))
            return .settled(.unsafePath)
        }
        if store.isPresent(file) { presentPosters.insert(file) }
        return .file(file)
    }
}
