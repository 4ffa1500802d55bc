import Foundation

/// The guarantee of an incremental night, checked against a full run of the same night: every column the change
/// feed covers is equal; `popularity` is equal everywhere; `vote_average`/`vote_count` are equal for every row whose
/// `votes_at` is tonight; no row's `fetched_at` or `votes_at` is older than `maxAgeDays`. Every file other than the
/// main tables and the details answers must be byte-identical.
public struct SnapshotGuarantee {
    /// What breaks the guarantee, one line each; empty when it holds.
    public var problems: [String] = []
    /// Main-table rows whose votes are tonight's, and those whose votes are older.
    public var rowsWithTonightsVotes = 0
    public var rowsWithOlderVotes = 0
    /// Of the latter, those whose votes differ from the full run's (staleness the guarantee allows).
    public var rowsWithStaleVotes = 0
    /// Main-table rows whose details were fetched before tonight.
    public var rowsFetchedBefore = 0

    /// Rows of child tables whose numbers move without a feed entry (``driftingColumns``): those of titles fetched
    /// before tonight, and of these, the rows whose drifting numbers differ from the full run's.
    public var driftingRowsCarried = 0
    public var driftingRowsStale = 0

    static let refreshedColumns: Set<String> = ["vote_average", "vote_count", "fetched_at", "votes_at"]
    /// Child tables with columns that move on TMDB without a change-feed entry: as of the title's `fetched_at`, so
    /// equal to a full run's only for titles fetched tonight; every other column is equal for every title.
    static let driftingColumns: [String: Set<String>] = ["tv_episodes": ["vote_average", "vote_count"]]
    static let answerNumbers: Set<String> = ["popularity", "vote_average", "vote_count"]

    /// Compares the snapshot in `incremental` with the one in `full`, both run with the clock at `tonight`.
    public init(incremental: String, full: String, tonight: Date, maxAgeDays: Int) throws {
        let stamp = Self.iso(tonight)
        let oldest = Self.iso(
            Date(
                timeIntervalSince1970: (tonight.timeIntervalSince1970 / 86_400).rounded(.down)
                    * 86_400 - Double(maxAgeDays) * 86_400))
        let names = try Self.files(full)
        if try Self.files(incremental) != names { problems.append("the files differ: \(names)") }
        // The titles fetched tonight, for the tables whose numbers drift.
        var fetchedTonight: Set<String> = []
        for name in ["movies.csv", "tv_series.csv"] where names.contains(name) {
            let rows = try Self.csvRows(try Data(contentsOf: URL(fileURLWithPath: "\(incremental)/\(name)")))
            fetchedTonight.formUnion(rows.filter { $0["fetched_at"] == stamp }.compactMap { $0["id"] })
        }
        for name in names {
            let mine = try Data(contentsOf: URL(fileURLWithPath: "\(incremental)/\(name)"))
            let theirs = try Data(contentsOf: URL(fileURLWithPath: "\(full)/\(name)"))
            switch name {
            case "movies.csv", "tv_series.csv", "people.csv":
                try compareRows(
                    Self.csvRows(mine), Self.csvRows(theirs), name: name, stamp: stamp, oldest: oldest)
            case "movies.ndjson", "tv_series.ndjson", "people.ndjson":
                try compareRows(
                    Self.jsonRows(mine), Self.jsonRows(theirs), name: name, stamp: stamp, oldest: oldest)
            case "movie_details.ndjson", "tv_details.ndjson", "person_details.ndjson":
                try compareAnswers(mine, theirs, name: name)
            default:
                let table = (name as NSString).deletingPathExtension
                if let drifting = Self.driftingColumns[table], mine != theirs {
                    let parse = name.hasSuffix(".csv") ? Self.csvRows : Self.jsonRows
                    compareDrifting(
                        try parse(mine), try parse(theirs), name: name, drifting: drifting, tonight: fetchedTonight,
                        counting: name.hasSuffix(".csv"))
                } else if mine != theirs {
                    problems.append("\(name) differs from the full run's")
                }
            }
        }
    }

    private mutating func compareRows(
        _ mine: [[String: String]], _ theirs: [[String: String]], name: String, stamp: String, oldest: String
    ) {
        guard mine.map({ $0["id"] }) == theirs.map({ $0["id"] }) else {
            problems.append("\(name): the ids differ from the full run's")
            return
        }
        let countsRows = name.hasSuffix(".csv")
        for (row, whole) in zip(mine, theirs) {
            let id = row["id"] ?? "?"
            for (column, value) in whole where !Self.refreshedColumns.contains(column) && row[column] != value {
                problems.append("\(name) id \(id): \(column) is \(row[column] ?? "missing"), a full run's \(value)")
            }
            let fetchedAt = row["fetched_at"] ?? ""
            let votesAt = row["votes_at"] ?? ""
            if fetchedAt < oldest { problems.append("\(name) id \(id): fetched_at \(fetchedAt) is before \(oldest)") }
            // People have no votes: their rows are checked for their age alone.
            guard whole["votes_at"] != nil else {
                if countsRows && fetchedAt != stamp { rowsFetchedBefore += 1 }
                continue
            }
            if votesAt < fetchedAt { problems.append("\(name) id \(id): votes_at \(votesAt) is before fetched_at") }
            let votesEqual = row["vote_average"] == whole["vote_average"] && row["vote_count"] == whole["vote_count"]
            if votesAt == stamp {
                if !votesEqual { problems.append("\(name) id \(id): tonight's votes differ from a full run's") }
                if countsRows { rowsWithTonightsVotes += 1 }
            } else if countsRows {
                rowsWithOlderVotes += 1
                if !votesEqual { rowsWithStaleVotes += 1 }
            }
            if countsRows && fetchedAt != stamp { rowsFetchedBefore += 1 }
        }
    }

    /// A child table whose `drifting` columns may differ for titles not fetched tonight (its first column is the
    /// title's id): the same rows in the same order, every other column equal.
    private mutating func compareDrifting(
        _ mine: [[String: String]], _ theirs: [[String: String]], name: String, drifting: Set<String>,
        tonight: Set<String>, counting: Bool
    ) {
        guard mine.count == theirs.count else {
            problems.append("\(name): \(mine.count) rows, a full run's \(theirs.count)")
            return
        }
        let parent = name.hasPrefix("movie_") ? "movie_id" : "series_id"
        for (index, (row, whole)) in zip(mine, theirs).enumerated() {
            let title = row[parent] ?? "?"
            let fetched = tonight.contains(title)
            var stale = false
            for (column, value) in whole where row[column] != value {
                if fetched || !drifting.contains(column) {
                    problems.append(
                        "\(name) row \(index + 1) (\(parent) \(title)): \(column) is \(row[column] ?? "missing"), a full run's \(value)"
                    )
                } else {
                    stale = true
                }
            }
            if counting && !fetched {
                driftingRowsCarried += 1
                if stale { driftingRowsStale += 1 }
            }
        }
    }

    /// The fields of a person's credit that are the credit's own; the others (a title's name, date, votes) are the
    /// title's as of the person's `fetched_at`.
    static let creditFields: Set<String> = [
        "credit_id", "media_type", "id", "character", "order", "episode_count", "department", "job",
    ]

    /// The details answers, less the numbers the feed does not announce (the raw answers keep what they said), and
    /// in a person's credits, less the titles' own fields.
    private mutating func compareAnswers(_ mine: Data, _ theirs: Data, name: String) throws {
        func answers(_ data: Data) throws -> [NSDictionary] {
            try data.split(separator: 0x0A).map { line in
                var object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] ?? [:]
                for key in Self.answerNumbers { object.removeValue(forKey: key) }
                if var credits = object["combined_credits"] as? [String: Any] {
                    for part in ["cast", "crew"] {
                        credits[part] = (credits[part] as? [[String: Any]])?.map { credit in
                            credit.filter { Self.creditFields.contains($0.key) }
                        }
                    }
                    object["combined_credits"] = credits
                }
                return object as NSDictionary
            }
        }
        let (left, right) = (try answers(mine), try answers(theirs))
        if left.count != right.count { problems.append("\(name): \(left.count) answers, a full run's \(right.count)") }
        for (index, (a, b)) in zip(left, right).enumerated() where a != b {
            problems.append("\(name) line \(index + 1) differs from a full run's beyond popularity and votes")
        }
    }

    /// The snapshot's data files: the tables, the details, the rows `collections` comes from.
    public static func files(_ run: String) throws -> [String] {
        var names: [String] = []
        for folder in ["", "state"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: "\(run)/\(folder)")
            where (name.hasSuffix(".csv") || name.hasSuffix(".ndjson")) && !name.contains("changes_applied") {
                names.append(folder.isEmpty ? name : "\(folder)/\(name)")
            }
        }
        return names.sorted()
    }

    public static func csvRows(_ data: Data) throws -> [[String: String]] {
        let records = try CSVReader.records(String(decoding: data, as: UTF8.self))
        guard let header = records.first else { return [] }
        return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    public static func jsonRows(_ data: Data) throws -> [[String: String]] {
        try data.split(separator: 0x0A).map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] ?? [:]
            return object.mapValues { value in
                if value is NSNull { return "" }
                if let number = value as? NSNumber, !(value is Bool) { return number.stringValue }
                return "\(value)"
            }
        }
    }

    public static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
