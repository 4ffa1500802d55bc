import Foundation
import RunStore
import TMDBAPI

/// Tonight's rolling re-fetch: of the carried-over rows, those whose details were fetched longest ago, read from the
/// previous snapshot's main table (`fetched_at`). An even slice of the catalogue each night, more when rows are
/// already due (older than the limit, after nights that did not run), so no row's details grow older than
/// `maxAgeDays`.
struct OldestFetched: Codable, Sendable, Hashable {
    /// The ids to re-fetch, ascending.
    var ids: [UInt32]
    /// How many candidates were already past the limit (`fetched_at` on a day before today minus `maxAgeDays`).
    var due: Int
    /// The oldest `fetched_at` among the candidates not picked: the oldest the snapshot keeps; nil when none is left.
    var oldest: String?

    /// Picks the `slice` oldest candidates, or every due one when there are more (ties go to the lower id).
    /// - Parameters:
    ///   - table: the previous snapshot's main table file (CSV or NDJSON), with its columns.
    ///   - candidates: the ids that may be picked, ascending.
    ///   - maxAgeDays: the limit; a row fetched on a day before `today - maxAgeDays` is due.
    /// - Throws: ``OutputError`` when the file cannot be read or a row has no `fetched_at`.
    static func pick(
        from table: String, format: SnapshotRecordFormat, columns: [String], candidates: [UInt32], slice: Int,
        maxAgeDays: Int, today: ExportDay
    ) throws(OutputError) -> OldestFetched {
        let dueBefore = (today.daysSinceEpoch - maxAgeDays) * 86_400
        var fetched: [(seconds: Int, id: UInt32)] = []
        fetched.reserveCapacity(candidates.count)
        try CarriedColumn.read("fetched_at", of: candidates, from: table, format: format, columns: columns) {
            id, value throws(OutputError) in
            guard let seconds = UTCTime.seconds(iso8601: value) else {
                throw OutputError(
                    operation: "read", path: table,
                    reason: "id \(id) has no fetched_at time (\"\(String(decoding: value, as: UTF8.self))\")")
            }
            fetched.append((seconds, id))
        }
        fetched.sort { $0.seconds < $1.seconds || ($0.seconds == $1.seconds && $0.id < $1.id) }
        let due = fetched.prefix { $0.seconds < dueBefore }.count
        let count = min(fetched.count, max(slice, due))
        var ids = fetched.prefix(count).map(\.id)
        ids.sort()
        let oldest = fetched.dropFirst(count).first.map {
            UTCTime(Date(timeIntervalSince1970: Double($0.seconds))).iso8601
        }
        return OldestFetched(ids: ids, due: due, oldest: oldest)
    }
}
