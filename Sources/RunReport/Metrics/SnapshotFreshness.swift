import Foundation
import RunStore
import TMDBAPI

/// How old the numbers a snapshot keeps are, per catalogue: the oldest `fetched_at` and `votes_at` of its main table
/// (`movies`, `tv_series`, `people`), read from the table itself in one streaming pass. The manifest's
/// `freshness.oldestFetchedAt` covers carried-over rows only and says nothing of `votes_at`.
package struct SnapshotFreshness: Sendable, Hashable {
    package var type: CatalogueType
    /// Seconds since 1970; nil when the table has no row with the column (an empty table, people's `votes_at`).
    package var oldestFetchedAt: Int?
    package var oldestVotesAt: Int?

    package init(type: CatalogueType, oldestFetchedAt: Int?, oldestVotesAt: Int?) {
        self.type = type
        self.oldestFetchedAt = oldestFetchedAt
        self.oldestVotesAt = oldestVotesAt
    }

    /// The main table of each of the manifest's catalogues, in the run's folder: its CSV file, else its NDJSON file.
    /// Only the two fields are looked at in each record (as a night reads `fetched_at` for its re-fetch), so a table
    /// of 1.3 million movies takes seconds, not the report's full parse.
    /// - Throws: ``OutputError`` naming the file when it cannot be read or has no `fetched_at` column.
    package static func read(_ manifest: Manifest, in directory: String) throws(OutputError) -> [SnapshotFreshness] {
        var found: [SnapshotFreshness] = []
        for catalogue in manifest.catalogue ?? [] {
            guard let name = mainTables[catalogue.type],
                let file = catalogue.files.first(where: { $0.path == name + ".csv" })
                    ?? catalogue.files.first(where: { $0.path == name + ".ndjson" })
            else { continue }
            let path = (directory as NSString).appendingPathComponent(file.path)
            let oldest = try oldest(in: path, votes: catalogue.type != .person)
            found.append(SnapshotFreshness(type: catalogue.type, oldestFetchedAt: oldest[0], oldestVotesAt: oldest[1]))
        }
        return found
    }

    /// The earliest `fetched_at` and (when `votes`) `votes_at` of a main table file, in seconds since 1970.
    private static func oldest(in path: String, votes: Bool) throws(OutputError) -> [Int?] {
        let format = SnapshotRecordFormat(fileName: path)
        let names: [StaticString] = votes ? ["fetched_at", "votes_at"] : ["fetched_at"]
        let reader = try SnapshotRecordReader(path: path, format: format)
        var columns = names.map { "\($0)" }
        if format == .csv {
            guard try reader.next() else { return [nil, nil] }
            columns = reader.recordBytes.withUnsafeBytes { header in
                var columns: [String] = []
                CSVScanner.fields(in: header) { _, range in
                    columns.append(String(decoding: CSVScanner.value(of: header[range]), as: UTF8.self))
                    return true
                }
                return columns
            }
        }
        let positions = names.map { columns.firstIndex(of: "\($0)") }
        guard !positions.contains(nil), positions == positions.sorted(by: { $0! < $1! }) else {
            throw OutputError(
                operation: "read", path: path,
                reason: "its header has no \(names.map { "\($0)" }.joined(separator: " and "))")
        }
        let fields = RecordFields(names, of: columns, format: format)
        var oldest: [Int?] = [nil, nil]
        while try reader.next() {
            reader.recordBytes.withUnsafeBytes { record in
                guard let ranges = fields.ranges(in: record) else { return }
                for (slot, range) in ranges.enumerated() {
                    guard let seconds = UTCTime.seconds(iso8601: RecordFields.plainText(record[range], format: format))
                    else { continue }
                    oldest[slot] = min(oldest[slot] ?? seconds, seconds)
                }
            }
        }
        return oldest
    }

    /// The table whose rows carry `fetched_at` (and, for titles, `votes_at`), by catalogue.
    package static let mainTables: [CatalogueType: String] = [.movie: "movies", .tv: "tv_series", .person: "people"]

}
