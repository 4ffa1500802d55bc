import Foundation
import TMDBAPI

/// One query of discover by popularity for the votes of the most popular ids: the whole catalogue, or one window of
/// release dates, with the pages that cover the most popular ids it holds.
struct DiscoverQuery: Codable, Sendable, Hashable {
    /// The first and last day of the window (`YYYY-MM-DD`); both nil for the whole catalogue.
    var from: String?
    var through: String?
    var pages: Int

    /// The date filters of discover for `type`: `primary_release_date.gte`/`.lte` for movies, `first_air_date.*`
    /// for TV.
    func dateParameters(_ type: VotedType) -> [URLQueryItem] {
        let name = type.dateFilter
        return [
            from.map { URLQueryItem(name: "\(name).gte", value: $0) },
            through.map {
                URLQueryItem(name: "\(name).lte", value: $0)
            },
        ].compactMap { $0 }
    }
}

/// Discover serves 500 pages of one order, the 10,000 most popular ids. For a larger `top`, its ids are split by
/// release date (known from the previous snapshot) into windows that each hold at most 9,000 of the catalogue's most
/// popular ids (a tenth spare for discover's live order), each read by popularity for the pages its share covers.
enum DiscoverWindows {
    /// Most of the top ids a window holds, in the whole catalogue.
    static let windowCapacity = 9_000

    /// The queries that cover the `top` most popular ids: one over the whole catalogue when its pages fit in
    /// TMDB's 500, else date windows over `dated` (this run's top ids with their release dates, any order; undated
    /// ones cannot be found in a window and are left out, so they fall back to details).
    /// - Parameter shards: the catalogue's shard count: a shard knows its own ids only, a window holds every shard's.
    static func queries(top: Int, dated: [(id: UInt32, date: String)], shards: Int) -> [DiscoverQuery] {
        let pages = DiscoverVotes.pages(covering: top)
        guard pages > DiscoverVotes.pageLimit else { return top > 0 ? [DiscoverQuery(pages: pages)] : [] }
        let sorted = dated.filter { !$0.date.isEmpty }.sorted { $0.date < $1.date }
        let capacity = max(1, windowCapacity / max(1, shards))
        var queries: [DiscoverQuery] = []
        var start = 0
        while start < sorted.count {
            var end = start
            // Whole days only: a window ends where a day ends.
            while end < sorted.count {
                var dayEnd = end
                while dayEnd < sorted.count, sorted[dayEnd].date == sorted[end].date { dayEnd += 1 }
                if dayEnd - start > capacity, end > start { break }
                end = dayEnd
            }
            let share = Double(end - start) * Double(max(1, shards)) * (shards > 1 ? 1.05 : 1)
            queries.append(
                DiscoverQuery(
                    from: sorted[start].date, through: sorted[end - 1].date,
                    pages: min(DiscoverVotes.pageLimit, Int((share / Double(DiscoverVotes.itemsPerPage)).rounded(.up))))
            )
            start = end
        }
        return queries
    }
}
