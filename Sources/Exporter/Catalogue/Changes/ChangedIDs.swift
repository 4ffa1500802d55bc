import HTTPClient
import RunStore
import TMDBAPI

/// The ids a change feed lists for a span of days, read window by window and page by page, sorted and unique (the
/// feed repeats an id changed on several days).
enum ChangedIDs {
    /// Every id changed from `first` through `last`, and how many pages were read.
    /// - Throws: the first ``ClientError`` of any page; a feed that cannot be read whole cannot say what changed.
    static func collect(
        _ type: CatalogueType, from first: ExportDay, through last: ExportDay, api: APIClient
    ) async throws(ClientError) -> (ids: [UInt32], pages: Int) {
        var ids: [UInt32] = []
        var read = 0
        for window in ChangeWindows.covering(from: first, through: last) {
            var page = 1
            var pages = 1
            repeat {
                let answer = try await api.send(
                    TMDB.Changes(type: type, start: window.start, end: window.end, page: page))
                ids.append(contentsOf: answer.results.compactMap { UInt32(exactly: $0.id) })
                pages = answer.totalPages
                page += 1
                read += 1
            } while page <= pages
        }
        ids.sort()
        ids.removeRepeatsOfSorted()
        return (ids, read)
    }
}
