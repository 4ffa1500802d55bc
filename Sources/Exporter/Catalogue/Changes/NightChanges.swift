import HTTPClient
import RunStore
import TMDBAPI

/// What the change feeds say tonight must be fetched again, and what they say of today so far.
///
/// A snapshot reflects the feeds through the day it was made (its `changesThrough`), but only as far as the feed of
/// that day had been read when the run started: later that day more ids may have changed. So tonight reads that day
/// again and takes only the ids it did not already apply (kept in the snapshot's `state/`), then every day after it
/// through today, each day on its own (``ChangedIDs``); and it keeps today's ids as it read them, for tomorrow.
struct NightChanges: Sendable, Hashable {
    /// Sorted, unique: the ids to fetch again (if tonight's selection still has them).
    var changed: [UInt32]
    /// Sorted, unique: today's feed as read before any details were fetched.
    var today: [UInt32]
    /// Feed pages read.
    var pages: Int
    /// The days read short, oldest first: the ids of their pages not read wait for the rolling refresh.
    var cuts: [ChangeFeedCut] = []

    /// The feed of today alone, for a full run (which fetches everything, and records what it saw of today).
    static func today(_ type: CatalogueType, _ today: ExportDay, feed: ChangedIDs) async throws(ExportError) -> Self {
        try await since(today, applied: [], through: today, type, feed: feed)
    }

    /// The feeds of every day from `last` (the snapshot's `changesThrough`) through `today`, less what the snapshot
    /// applied of `last`.
    static func since(
        _ last: ExportDay, applied: [UInt32], through today: ExportDay, _ type: CatalogueType, feed: ChangedIDs
    ) async throws(ExportError) -> Self {
        let read = try await feed.collect(type, from: last, through: today)
        var changed: [UInt32] = []
        for (day, ids) in zip(read.days, read.ids) {
            changed += day == last ? ids.subtracting(sorted: applied) : ids
        }
        changed.sort()
        changed.removeRepeatsOfSorted()
        let todays = read.days.last == today ? read.ids.last ?? [] : []
        return NightChanges(changed: changed, today: todays, pages: read.pages, cuts: read.cuts)
    }

    /// The days cut (`YYYY-MM-DD`), for the manifest; nil when none was.
    var daysCut: [String]? { cuts.isEmpty ? nil : cuts.map(\.day.description) }

    /// The changes of one shard's ids; all of them without a shard.
    func keeping(_ shard: Shard?) -> Self {
        guard let shard else { return self }
        return NightChanges(
            changed: Shard.keeping(changed, in: shard), today: Shard.keeping(today, in: shard), pages: pages,
            cuts: cuts)
    }
}
