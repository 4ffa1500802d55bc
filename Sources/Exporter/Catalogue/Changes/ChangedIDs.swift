import HTTPClient
import TMDBAPI

/// The ids a change feed lists for a span of days, read window by window and page by page, sorted and unique (the
/// feed repeats an id changed on several days).
enum ChangedIDs {
    /// Every id changed from `first` through `last`.
    /// - Throws: the first ``ClientError`` of any page; a feed that cannot be read whole cannot say what changed.
    static func collect(
        _ type: CatalogueType, from first: ExportDay, through last: ExportDay, api: APIClient
    ) async throws(ClientError) -> [UInt32] {
        var ids: [UInt32] = []
        for window in ChangeWindows.covering(from: first, through: last) {
            var page = 1
            var pages = 1
            repeat {
                let answer = try await api.send(
                    TMDB.Changes(type: type, start: window.start, end: window.end, page: page))
                ids.append(contentsOf: answer.results.compactMap { UInt32(exactly: $0.id) })
                pages = answer.totalPages
                page += 1
            } while page <= pages
        }
        ids.sort()
        ids.removeRepeatsOfSorted()
        return ids
    }
}
