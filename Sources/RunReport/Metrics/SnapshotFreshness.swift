import Foundation
import RunStore
import TMDBAPI

/// How old the numbers a snapshot keeps are, per catalogue: the oldest `fetched_at` and `votes_at` of its main table
/// (`movies`, `tv_series`, `people`), read from the table itself in one streaming pass of two columns. The manifest's
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
    /// - Throws: ``OutputError`` naming the file when it cannot be read.
    package static func read(_ manifest: Manifest, in directory: String) throws(OutputError) -> [SnapshotFreshness] {
        var found: [SnapshotFreshness] = []
        for catalogue in manifest.catalogue ?? [] {
            guard let name = mainTables[catalogue.type],
                let file = catalogue.files.first(where: { $0.path == name + ".csv" })
                    ?? catalogue.files.first(where: { $0.path == name + ".ndjson" })
            else { continue }
            let path = (directory as NSString).appendingPathComponent(file.path)
            let reader = try openColumnReader(path: path, format: file.format, columns: ["fetched_at", "votes_at"])
            var freshness = SnapshotFreshness(type: catalogue.type, oldestFetchedAt: nil, oldestVotesAt: nil)
            while let values = try reader.next() {
                freshness.oldestFetchedAt = earlier(freshness.oldestFetchedAt, values[0])
                freshness.oldestVotesAt = earlier(freshness.oldestVotesAt, values[1])
            }
            found.append(freshness)
        }
        return found
    }

    /// The table whose rows carry `fetched_at` (and, for titles, `votes_at`), by catalogue.
    package static let mainTables: [CatalogueType: String] = [.movie: "movies", .tv: "tv_series", .person: "people"]

    private static func earlier(_ current: Int?, _ value: String?) -> Int? {
        guard let value, let seconds = UTCTime.seconds(iso8601: value.utf8) else { return current }
        return min(current ?? seconds, seconds)
    }
}
