import Foundation
import RunStore
import TMDBAPI

/// What one catalogue fetches tonight and why, decided before the first details request and kept in the staging
/// run (`night-<type>.json`), so that a resumed run fetches the same ids in the same order as its checkpoint counts,
/// whatever the feeds say by then.
struct NightPlan: Codable, Sendable, Hashable {
    /// The snapshot built on; nil for a full run.
    var basedOnRun: String?
    /// Why the run is full; nil for an incremental one.
    var fullRunReason: String?
    /// The ids to fetch, sorted: tonight's new and changed ids (incremental); nil for tonight's whole selection.
    var fetch: [UInt32]?
    /// Incremental: the snapshot's ids that tonight's selection no longer has.
    var gone: [UInt32] = []
    /// Incremental: the fetched ids the snapshot did not have.
    var added: [UInt32] = []
    /// Today's change feed as read before fetching, for the next night.
    var changesToday: [UInt32]
    /// The days of feed read (`YYYY-MM-DD`): the snapshot's last day (or today, for a full run) through today.
    var changesFrom: String
    var changesThrough: String
    var changeFeedPages: Int
    /// Distinct ids the feeds named for the night.
    var idsInChangeFeed: Int
    /// The days of feed read short at TMDB's page cap (``ChangeFeedCut``), `YYYY-MM-DD`; nil when none was.
    var changeFeedDaysCut: [String]? = nil
    /// The snapshot's export day; nil for a full run.
    var previousExportDate: String?
    /// The ids in both selections that were carried over, not fetched.
    var carriedOver: Int = 0
    /// Incremental: the carried-over ids whose details were the oldest, re-fetched tonight (they are in ``fetch``).
    var oldest = OldestFetched(ids: [], due: 0, oldest: nil)
    /// Incremental: the most popular carried-over ids whose votes were asked of discover pages, the votes the pages
    /// gave, and those they did not show (fetched whole instead: in ``fetch``).
    var votesWanted = 0
    var votes = RefreshedVotes()
    var votesFallback: [UInt32] = []
    /// Discover queries read: 1, or the date windows of a `top` beyond TMDB's 500 pages; and their pages.
    var discoverWindows = 0
    var discoverPages = 0
    var discoverPagesFailed = 0
    var verifySeconds: Double = 0
    /// A person catalogue whose people follow the run's titles: the people added to ``fetch`` after the titles were
    /// fetched, because their credits moved (``MovedCredits``); nil until then.
    var movedCredits: [UInt32]?

    /// The plan a run (being resumed) wrote in `directory`, if any.
    static func read(type: CatalogueType, in directory: String) -> NightPlan? {
        let path = (directory as NSString).appendingPathComponent(SnapshotLayout.nightPlan(type))
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(NightPlan.self, from: data)
    }

    /// Writes the plan atomically, synced: the checkpoint's positions count in ``fetch``.
    func write(type: CatalogueType, in directory: String) throws(OutputError) {
        let path = (directory as NSString).appendingPathComponent(SnapshotLayout.nightPlan(type))
        let data: Data
        do { data = try JSONEncoder().encode(self) } catch {
            throw OutputError(operation: "encode", path: path, reason: "\(error)")
        }
        try AtomicFileWriter.write(data, to: path)
    }
}
