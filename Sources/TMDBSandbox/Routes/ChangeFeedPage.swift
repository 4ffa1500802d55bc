/// The body of `/3/movie/changes` and `/3/tv/changes`, in TMDB's key order:
/// `{"results":[{"id":…,"adult":…},…],"page":N,"total_pages":T,"total_results":R}`, 100 entries a page (TMDB's), or
/// ``SandboxOptions/changeFeedPageSize``.
enum ChangeFeedPage {
    static let pageSize = 100

    /// Page `page` (1-based) of the days' entries one after the other; empty results past the end, and
    /// `total_pages` 1 for an empty feed; with a ``ChangeFeedFault``, `claimingPages` when given, or at least
    /// `atLeastPages`.
    static func render(
        page: Int, of days: [DailyChanges], pageSize: Int = pageSize, claimingPages: Int? = nil, atLeastPages: Int = 1
    ) -> [UInt8] {
        let total = days.reduce(0) { $0 + $1.entries.count }
        var skip = (page - 1) * pageSize
        var remaining = max(0, min(pageSize, total - skip))
        var json = JSONBuffer(capacity: 96 + remaining * 32)
        json.raw("{\"results\":[")
        var first = true
        for day in days where remaining > 0 {
            guard skip < day.entries.count else {
                skip -= day.entries.count
                continue
            }
            for entry in day.entries[skip..<min(day.entries.count, skip + remaining)] {
                json.raw(first ? "{\"id\":" : ",{\"id\":")
                first = false
                json.int(entry.id)
                json.raw(",\"adult\":")
                if let adult = entry.adult { json.bool(adult) } else { json.null() }
                json.raw("}")
                remaining -= 1
            }
            skip = 0
        }
        json.raw("],\"page\":")
        json.int(page)
        json.raw(",\"total_pages\":")
        json.int(claimingPages ?? max(atLeastPages, pageCount(of: days, pageSize: pageSize)))
        json.raw(",\"total_results\":")
        json.int(total)
        json.raw("}")
        return json.bytes
    }

    /// How many pages the days' entries fill; 1 for none.
    static func pageCount(of days: [DailyChanges], pageSize: Int = pageSize) -> Int {
        max(1, (days.reduce(0) { $0 + $1.entries.count } + pageSize - 1) / pageSize)
    }
}
