import Foundation

/// The guarantee of an incremental night, checked against a full run of the same night: every column the change
/// feed covers is equal; `popularity` is equal everywhere; `vote_average`/`vote_count` are equal for every row whose
/// `votes_at` is tonight; no row's `fetched_at` or `votes_at` is older than `maxAgeDays`. Watch providers move on TMDB
/// without a feed entry: the provider rows (and the answers' `watch/providers`) of ids fetched tonight equal the full
/// run's, those of ids carried from earlier nights are counted, not compared. Every other file than the main tables,
/// the provider tables and the details answers must be byte-identical.
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
    /// Provider-table rows (CSV) of ids fetched tonight, compared; and of ids carried from earlier nights, not
    /// compared, with those of them that differ from the full run's (staleness the guarantee allows).
    public var providerRowsOfTonightsIDs = 0
    public var providerRowsCarried = 0
    public var providerRowsCarriedStale = 0

    /// The provider tables, with the id column that keys them and the main table whose `fetched_at` says which ids
    /// were fetched tonight.
    static let providerTables: [String: (parent: String, main: String)] = [
        "movie_watch_providers": ("movie_id", "movies"), "tv_watch_providers": ("series_id", "tv_series"),
    ]
    static let detailsMain = ["movie_details.ndjson": "movies", "tv_details.ndjson": "tv_series"]
    static let appendedProviders = "watch/providers"

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
        let tonights = try Self.idsFetched(at: stamp, in: incremental, names: names)
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
                try compareAnswers(mine, theirs, name: name, tonight: Self.detailsMain[name].flatMap { tonights[$0] })
            case _ where Self.providerTables[Self.table(name)] != nil:
                let (parent, main) = Self.providerTables[Self.table(name)]!
                let csv = name.hasSuffix(".csv")
                try compareProviders(
                    csv ? Self.csvRows(mine) : Self.jsonRows(mine), csv ? Self.csvRows(theirs) : Self.jsonRows(theirs),
                    name: name, parent: parent, tonight: tonights[main] ?? [], counting: csv)
            default:
                let table = (name as NSString).deletingPathExtension
                if let drifting = Self.driftingColumns[table], mine != theirs {
                    let parse = name.hasSuffix(".csv") ? Self.csvRows : Self.jsonRows
                    compareDrifting(
                        try parse(mine), try parse(theirs), name: name, drifting: drifting,
                        tonight: tonights[name.hasPrefix("movie_") ? "movies" : "tv_series"] ?? [],
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

    /// Rows of an id fetched tonight equal the full run's, in order; rows of an id carried are counted.
    private mutating func compareProviders(
        _ mine: [[String: String]], _ theirs: [[String: String]], name: String, parent: String, tonight: Set<String>,
        counting: Bool
    ) {
        let left = Dictionary(grouping: mine) { $0[parent] ?? "" }
        let right = Dictionary(grouping: theirs) { $0[parent] ?? "" }
        for id in Set(left.keys).union(right.keys).sorted() {
            let (rows, whole) = (left[id] ?? [], right[id] ?? [])
            if tonight.contains(id) {
                if rows != whole { problems.append("\(name) id \(id): tonight's offers differ from a full run's") }
                if counting { providerRowsOfTonightsIDs += rows.count }
            } else if counting {
                providerRowsCarried += rows.count
                if rows != whole { providerRowsCarriedStale += rows.count }
            }
        }
    }

    /// Per main table present (`movies`, `tv_series`), the ids whose `fetched_at` is `stamp` in `run`.
    static func idsFetched(at stamp: String, in run: String, names: [String]) throws -> [String: Set<String>] {
        var ids: [String: Set<String>] = [:]
        for main in ["movies", "tv_series"] {
            let csv = names.contains("\(main).csv")
            guard csv || names.contains("\(main).ndjson") else { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(run)/\(main).\(csv ? "csv" : "ndjson")"))
            let rows = csv ? try csvRows(data) : try jsonRows(data)
            ids[main] = Set(rows.filter { $0["fetched_at"] == stamp }.compactMap { $0["id"] })
        }
        return ids
    }

    /// `movie_watch_providers` for `movie_watch_providers.csv`.
    static func table(_ name: String) -> String {
        String(name.prefix { $0 != "." })
    }

    /// The fields of a person's credit that are the credit's own; the others (a title's name, date, votes) are the
    /// title's as of the person's `fetched_at`.
    static let creditFields: Set<String> = [
        "credit_id", "media_type", "id", "character", "order", "episode_count", "department", "job",
    ]

    /// The details answers, less the numbers the feed does not announce (the raw answers keep what they said), in a
    /// person's credits, less the titles' own fields, and less `watch/providers` for an id not fetched `tonight`.
    private mutating func compareAnswers(_ mine: Data, _ theirs: Data, name: String, tonight: Set<String>?) throws {
        func answers(_ data: Data) throws -> [NSDictionary] {
            try data.split(separator: 0x0A).map { line in
                var object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] ?? [:]
                for key in Self.answerNumbers { object.removeValue(forKey: key) }
                if let tonight, !tonight.contains((object["id"] as? NSNumber)?.stringValue ?? "") {
                    object.removeValue(forKey: Self.appendedProviders)
                }
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
