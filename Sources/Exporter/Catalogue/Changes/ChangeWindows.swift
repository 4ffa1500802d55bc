import TMDBAPI

/// The change-feed windows that cover a span of days: consecutive, never overlapping, each at most
/// ``TMDB/Changes/maximumSpanDays`` from its start to its end, so no request is refused with a 422.
enum ChangeWindows {
    /// The windows covering every day from `first` through `last`; none when `last` is before `first`.
    static func covering(from first: ExportDay, through last: ExportDay) -> [(start: ExportDay, end: ExportDay)] {
        var windows: [(start: ExportDay, end: ExportDay)] = []
        var start = first
        while start <= last {
            let end = min(start.adding(days: TMDB.Changes.maximumSpanDays - 1), last)
            windows.append((start, end))
            start = end.adding(days: 1)
        }
        return windows
    }
}
