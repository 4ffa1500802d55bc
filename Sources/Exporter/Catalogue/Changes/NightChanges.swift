import HTTPClient
import RunStore
import TMDBAPI

/// What the change feeds say tonight must be fetched again, and what they say of today so far.
///
/// A snapshot reflects the feeds through the day it was made (its `changesThrough`), but only as far as the feed of
/// that day had been read when the run started: later that day more ids may have changed. So tonight reads that day
/// again and takes only the ids it did not already apply (kept in the snapshot's `state/`), then every day after it
/// through today; and it keeps today's ids as it read them, for tomorrow.
struct NightChanges: Sendable, Hashable {
    /// Sorted, unique: the ids to fetch again (if tonight's selection still has them).
    var changed: [UInt32]
    /// Sorted, unique: today's feed as read before any details were fetched.
    var today: [UInt32]
    /// Feed pages read.
    var pages: Int

    /// The feed of today alone, for a full run (which fetches everything, and records what it saw of today).
    static func today(_ type: CatalogueType, _ today: ExportDay, feed: ChangedIDs) async throws(ExportError) -> Self {
        let (ids, pages) = try await feed.collect(type, from: today, through: today)
        return NightChanges(changed: ids, today: ids, pages: pages)
    }

    /// The feeds from `last` (the snapshot's `changesThrough`) through `today`, less what the snapshot applied of
    /// `last`.
    static func since(
        _ last: ExportDay, applied: [UInt32], through today: ExportDay, _ type: CatalogueType, feed: ChangedIDs
    ) async throws(ExportError) -> Self {
        var night = try await Self.today(type, today, feed: feed)
        if last == today {
            night.changed = night.changed.subtracting(sorted: applied)
            return night
        }
        let first = try await feed.collect(type, from: last, through: last)
        var changed = first.ids.subtracting(sorted: applied) + night.today
        night.pages += first.pages
        if last.adding(days: 1) < today {
            let between = try await feed.collect(type, from: last.adding(days: 1), through: today.adding(days: -1))
            changed += between.ids
            night.pages += between.pages
        }
        changed.sort()
        changed.removeRepeatsOfSorted()
        night.changed = changed
        return night
    }

    /// The changes of one shard's ids; all of them without a shard.
    func keeping(_ shard: Shard?) -> Self {
        guard let shard else { return self }
        return NightChanges(
            changed: Shard.keeping(changed, in: shard), today: Shard.keeping(today, in: shard), pages: pages)
    }
}
