import Foundation
import TMDBAPI

/// One list item, movie or TV, as the writers see it.
enum ListEntry: Sendable {
    case movie(Movie)
    case tv(TVShow)

    var id: Int {
        switch self {
        case .movie(let movie): movie.id
        case .tv(let show): show.id
        }
    }

    var posterPath: String? {
        switch self {
        case .movie(let movie): movie.posterPath
        case .tv(let show): show.posterPath
        }
    }
}

/// A list item the writers know: each kind names its own ``ListEntry`` case, so a list of a new kind of item cannot
/// become a ``PageRequest`` until the writers are given a case for it.
protocol ListEntryConvertible: ListItem {
    var listEntry: ListEntry { get }
}

extension Movie: ListEntryConvertible {
    var listEntry: ListEntry { .movie(self) }
}

extension TVShow: ListEntryConvertible {
    var listEntry: ListEntry { .tv(self) }
}

/// A decoded page of any list: its entries with their positions as sent, the items it rejected, and its size.
struct ListPage: Sendable {
    var totals: ListTotals
    var entries: [(position: Int, entry: ListEntry)]
    /// Items that could not be read, each with its position, field, reason, id and text.
    var rejected: [RejectedItem]
    /// Strings read with U+FFFD in place of text that was not valid Unicode.
    var repairedStrings: Int

    init<Item: ListEntryConvertible>(_ page: ResultsPage<Item>) {
        totals = ListTotals(page)
        entries = page.results.items.map { ($0.position, $0.value.listEntry) }
        rejected = page.results.skipped
        repairedStrings = page.repairedStrings
    }
}
