import RunStore
import TMDBAPI

/// What a list's page says of the whole list, as TMDB sent it: for the manifest, and for how many pages to fetch.
struct ListTotals: Sendable, Hashable {
    /// `total_results`.
    var totalResults: Int
    /// `total_pages`, which may exceed the 500 pages TMDB serves.
    var totalPages: Int
    /// The release-date window `now_playing` and `upcoming` send; nil for other lists.
    var dates: Manifest.DateWindow?

    init<Item: ListItem>(_ page: ResultsPage<Item>) {
        totalResults = page.totalResults
        totalPages = page.totalPages
        dates = page.dates.map { Manifest.DateWindow(minimum: $0.minimum, maximum: $0.maximum) }
    }

    /// The last page TMDB serves for the list: `min(total_pages, 500)`.
    var lastServedPage: Int { min(totalPages, TMDB.maximumPage) }
}
