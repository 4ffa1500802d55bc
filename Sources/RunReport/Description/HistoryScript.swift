import RunStore

/// The history part of the warehouse scripts of a job with `"history": true` (``Manifest/history``): beside the
/// current tables, which stay as without it, every version of every row with the days it was valid
/// (``HistoryTable``), so that the rows `valid_from <= d AND (valid_to IS NULL OR valid_to > d)` of a history table
/// are its current table as of any applied night's day `d`, on the history's columns.
///
/// A script opens with ``opening(_:comparing:_:)`` (before it changes anything: it refuses a night earlier than the
/// database's history) and ends with ``versions(_:_:comparing:_:)`` once the current tables hold the night: in each
/// history table, the open versions no longer held are closed on the night's day and the rows not held before are
/// opened, as multisets (a keyless table may repeat a row). A night compares only the rows it may have changed
/// (``HistoryTable/Scope``), every row when it loads or replaces the tables, when the database's history does not
/// hold its base run (history just turned on) and when it repeats a day: a second night of a day first undoes the
/// versions that day opened and closed, so that as of a day means the last night applied for it.
package enum HistoryScript {
    /// The nights the history holds, one row per script applied with it.
    package static let nights = "tmdb_export_history_nights"

    /// What the script compares.
    package enum Comparison: Sendable {
        /// Every row of every table: a load, or a delta that replaces the tables.
        case everyRow
        /// The rows of the ids the delta on `base` changed, or every row where history does not follow `base`.
        case changedRows(base: String)
    }

    /// Before any change: the nights table, the refusal of a night whose day is before the history's latest, and
    /// whether this night compares every row (psql variables or DuckDB variables the later statements read).
    package static func opening(
        _ manifest: Manifest, comparing comparison: Comparison, _ dialect: SQLDialect
    ) -> [String] {
        guard let night = manifest.history else { return [] }
        let text = dialect.type(.string)
        let day = "DATE '\(SQLDialect.literal(night.day))'"
        let run = SQLDialect.literal(manifest.runID)
        let sameDay = "EXISTS (SELECT 1 FROM \(nights) WHERE night = \(day))"
        let whole =
            switch comparison {
            case .everyRow: "true"
            case .changedRows(let base):
                "NOT EXISTS (SELECT 1 FROM \(nights) WHERE run_id = '\(SQLDialect.literal(base))') OR \(sameDay)"
            }
        let earlier = SQLDialect.literal(
            "tmdb-export: run \(run) is the night of \(night.day), but the history of this database reaches the night "
                + "of %s, later: nothing changed (nights are applied in the order of their days)")
        var lines = [
            "-- History (the job sets \"history\": true): every version of every row, valid from and to a night's day.",
            "CREATE TABLE IF NOT EXISTS \(nights) (run_id \(text) PRIMARY KEY, night \(dialect.type(.date)) NOT NULL);",
        ]
        switch dialect {
        case .postgres:
            lines += [
                "DO $$",
                "DECLARE reached date;",
                "BEGIN",
                "    SELECT max(night) INTO reached FROM \(nights);",
                "    IF reached > \(day) THEN",
                "        RAISE EXCEPTION '\(RunLedger.raised(earlier))', reached;",
                "    END IF;",
                "END $$;",
                "SELECT \(sameDay) AS tmdb_history_same_day, (\(whole)) AS tmdb_history_whole \\gset",
            ]
        case .duckdb:
            let reached = "(SELECT CAST(max(night) AS VARCHAR) FROM \(nights))"
            lines += [
                "SELECT CASE WHEN (SELECT max(night) FROM \(nights)) > \(day) THEN "
                    + "error(\(RunLedger.concatenated(earlier, [reached]))) END AS tmdb_export_history_night_checked;",
                "SET VARIABLE tmdb_history_whole = (\(whole));",
            ]
        }
        return lines + [""]
    }

    /// Once the current tables hold the night: each history table created where missing, the day's earlier
    /// versions undone, the versions closed and opened, and the night recorded.
    /// - Parameter refreshed: the catalogues whose delta refreshed popularity and votes (a temporary table of ids).
    package static func versions(
        _ manifest: Manifest, _ tables: [HistoryTable], comparing comparison: Comparison, _ dialect: SQLDialect,
        refreshed: Set<String> = []
    ) -> [String] {
        guard let night = manifest.history else { return [] }
        let day = "DATE '\(SQLDialect.literal(night.day))'"
        let (from, to) = (SQLDialect.identifier(HistoryTable.validFrom), SQLDialect.identifier(HistoryTable.validTo))
        var lines = [
            "-- History tables: the current table's columns but \(HistoryTable.untrackedColumns.joined(separator: ", ")), "
                + "with the days each version was valid."
        ]
        for table in tables {
            let name = SQLDialect.identifier(table.name)
            let columns = table.columns.map { "    \(SQLDialect.identifier($0.name)) \(dialect.type($0.type))" }
            lines.append(
                "CREATE TABLE IF NOT EXISTS \(name) (\n"
                    + (columns + ["    \(from) \(dialect.type(.date)) NOT NULL", "    \(to) \(dialect.type(.date))"])
                    .joined(separator: ",\n") + "\n);")
            if dialect == .postgres, let indexed = table.indexed {
                lines.append(
                    "CREATE INDEX IF NOT EXISTS \(SQLDialect.identifier(table.name + "_open")) ON \(name) "
                        + "(\(SQLDialect.identifier(indexed))) WHERE \(to) IS NULL;")
            }
        }
        lines += [
            "",
            "-- A second night of the same day replaces that day's versions: undone first, then compared in full.",
        ]
        if dialect == .postgres { lines.append("\\if :tmdb_history_same_day") }
        for table in tables {
            let name = SQLDialect.identifier(table.name)
            lines += [
                "DELETE FROM \(name) WHERE \(from) = \(day);",
                "UPDATE \(name) SET \(to) = NULL WHERE \(to) = \(day);",
            ]
        }
        if dialect == .postgres { lines.append("\\endif") }
        if case .changedRows = comparison, dialect == .postgres {
            let catalogues = Set(
                tables.compactMap { table -> String? in
                    if case .changedIDs(_, let catalogue, _) = table.scope { return catalogue }
                    return nil
                })
            for catalogue in catalogues.sorted() {
                lines.append("ANALYZE \(DeltaScript.changedIDsTable(catalogue));")
                if refreshed.contains(catalogue) { lines.append("ANALYZE \(DeltaScript.refreshedTable(catalogue));") }
            }
        }
        if dialect == .postgres {
            // The history statements read a few ids' rows of large tables by their indexes, tables this transaction
            // has just written (in memory): compiling them (JIT) costs more than it saves, and a page read at random
            // costs about what one in order does. A wide table's changed rows and open versions (hundreds of
            // thousands of crew rows a night at 100,000 movies) are grouped in memory rather than spilled to disk at
            // the default 4 MB.
            lines += ["SET LOCAL jit = off;", "SET LOCAL random_page_cost = 1.1;", "SET LOCAL work_mem = '256MB';"]
        }
        lines.append("")
        for table in tables {
            lines += compare(
                table, changedRows: changedRows(table, comparison, refreshed: refreshed), day: day, dialect)
        }
        lines.append(
            "INSERT INTO \(nights) (run_id, night) VALUES ('\(SQLDialect.literal(manifest.runID))', \(day));")
        return lines + [""]
    }

    /// The rows of the ids a night changed (and, in a volatile table, refreshed), the rows it compares in `table` and
    /// its current table unless it compares every row; nil for a table it compares whole. One `IN` over the union of
    /// the ids, which PostgreSQL reads as a join, by the tables' indexes on the id.
    private static func changedRows(
        _ table: HistoryTable, _ comparison: Comparison, refreshed: Set<String>
    ) -> String? {
        guard case .changedRows = comparison,
            case .changedIDs(let column, let catalogue, let withRefreshed) = table.scope
        else { return nil }
        var sources = [DeltaScript.changedIDsTable(catalogue)]
        if withRefreshed && refreshed.contains(catalogue) { sources.append(DeltaScript.refreshedTable(catalogue)) }
        return "\(SQLDialect.identifier(column)) IN ("
            + sources.map { "SELECT id FROM \($0)" }.joined(separator: " UNION ALL ") + ")"
    }

    /// The statements that close the versions `table` no longer holds and open those it did not hold: the multiset
    /// difference of its current table and its open versions, in one pass (each row counted +1 in the current table
    /// and -1 among the open versions, grouped on every column, where grouping takes NULL for equal to NULL). An
    /// empty history table (history just turned on, or a new table) skips the comparison: every current row is new,
    /// whatever the night compares, and is copied as it is, which makes a first load with history cost about a copy.
    ///
    /// `changedRows`: where the night compares only some rows, PostgreSQL's script chooses at run time (`\if`) between
    /// the statement that reads them and the one that reads every row; DuckDB's reads `tmdb_history_whole` in the
    /// statement.
    private static func compare(_ table: HistoryTable, changedRows: String?, day: String, _ dialect: SQLDialect)
        -> [String]
    {
        let name = SQLDialect.identifier(table.name)
        let source = SQLDialect.identifier(table.source)
        let columns = SQLDialect.identifiers(table.columns.map(\.name))
        let (from, to) = (SQLDialect.identifier(HistoryTable.validFrom), SQLDialect.identifier(HistoryTable.validTo))
        let held = "EXISTS (SELECT 1 FROM \(name))"
        func changes(_ predicate: String?) -> String {
            let open = "\(to) IS NULL" + (predicate.map { " AND \($0)" } ?? "")
            return "CREATE TEMPORARY TABLE tmdb_history_change AS SELECT \(columns), CAST(sum(tmdb_side) AS BIGINT) AS "
                + "tmdb_change FROM (SELECT \(columns), 1 AS tmdb_side FROM \(source) WHERE "
                + ([held] + (predicate.map { [$0] } ?? [])).joined(separator: " AND ")
                + " UNION ALL SELECT \(columns), -1 AS tmdb_side FROM \(name) WHERE \(open)) AS sides GROUP BY "
                + "\(columns) HAVING sum(tmdb_side) <> 0;"
        }
        let comparing: [String] =
            switch (changedRows, dialect) {
            case (nil, _): [changes(nil)]
            case (let predicate?, .postgres):
                ["\\if :tmdb_history_whole", changes(nil), "\\else", changes(predicate), "\\endif"]
            case (let predicate?, .duckdb): [changes("(getvariable('tmdb_history_whole') OR \(predicate))")]
            }
        let matches = table.columns.map { column in
            let field = SQLDialect.identifier(column.name)
            let equal = table.keyColumns.contains(column.name) ? "=" : "IS NOT DISTINCT FROM"
            return "v.\(field) \(equal) c.\(field)"
        }
        // The open versions that may close: those of the ids (else of the first key) of the rows gone.
        let narrowed =
            (table.indexed ?? table.keyColumns.first).map {
                " AND \(SQLDialect.identifier($0)) IN (SELECT \(SQLDialect.identifier($0)) FROM tmdb_history_change "
                    + "WHERE tmdb_change < 0)"
            } ?? ""
        // PostgreSQL reads a list of row ids by id (a TID scan); DuckDB scans its row ids. A row new n times is
        // inserted n times.
        let (row, rows, end, copies) =
            switch dialect {
            case .postgres: ("ctid", "ctid = ANY (ARRAY(", "))", "generate_series(1, tmdb_change)")
            case .duckdb: ("rowid", "rowid IN (", ")", "unnest(generate_series(1, tmdb_change))")
            }
        // A table whose open versions hold each key once closes them by key; others number the open copies of
        // each row and close as many as are gone.
        let close =
            table.uniqueKey.isEmpty
            ? "UPDATE \(name) SET \(to) = \(day) WHERE \(rows)SELECT v.tmdb_row FROM (SELECT \(row) AS tmdb_row, "
                + "\(columns), row_number() OVER (PARTITION BY \(columns) ORDER BY \(from) DESC) AS tmdb_copy FROM "
                + "\(name) WHERE \(to) IS NULL\(narrowed)) AS v JOIN tmdb_history_change AS c ON "
                + (matches + ["c.tmdb_change < 0", "v.tmdb_copy <= -c.tmdb_change"]).joined(separator: " AND ")
                + "\(end);"
            : "UPDATE \(name) AS v SET \(to) = \(day) FROM tmdb_history_change AS c WHERE v.\(to) IS NULL AND "
                + (table.uniqueKey.map { "v.\(SQLDialect.identifier($0)) = c.\(SQLDialect.identifier($0))" }
                + ["c.tmdb_change < 0"]).joined(separator: " AND ") + ";"
        return ["-- \(table.name): the versions of \(table.source)'s rows."] + comparing + [
            close,
            "INSERT INTO \(name) (\(columns), \(from)) SELECT \(columns), \(day) FROM (SELECT \(columns), \(copies) AS "
                + "tmdb_copy FROM tmdb_history_change WHERE tmdb_change > 0) AS copies;",
            "DROP TABLE tmdb_history_change;",
            "INSERT INTO \(name) (\(columns), \(from)) SELECT \(columns), \(day) FROM \(source) WHERE NOT \(held);",
            "",
        ]
    }
}
