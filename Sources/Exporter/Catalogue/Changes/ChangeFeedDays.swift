import TMDBAPI

/// A change feed read day by day: each day its own window (`start_date` = `end_date`), so that how much a day holds
/// never depends on how many days a night covers, and a day over TMDB's page cap costs that day alone.
struct ChangeFeedDays: Sendable, Hashable {
    /// The days read, oldest first.
    var days: [ExportDay]
    /// Per day (in ``days``' order): the ids it listed, sorted and unique.
    var ids: [[UInt32]]
    /// Feed pages read.
    var pages: Int
    /// The days read short, oldest first.
    var cuts: [ChangeFeedCut]

    /// Every day from `first` through `last`; none when `last` is before `first`.
    static func days(from first: ExportDay, through last: ExportDay) -> [ExportDay] {
        guard first <= last else { return [] }
        return (0...first.days(to: last)).map { first.adding(days: $0) }
    }
}
