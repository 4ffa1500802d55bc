import Foundation
import RunStore
import TMDBAPI
import Testing

@testable import RunReport

@Suite("History: a job with \"history\": true keeps every version of every row beside the current tables")
struct HistoryScriptTests {
    static func manifest(basedOn base: String?, history: Manifest.HistoryNight?) throws -> Manifest {
        var manifest = try PostgresLoadScriptTests.manifest(catalogue: [DeltaScriptTests.night(basedOn: base)])
        manifest.history = history
        return manifest
    }

    static func scripts(_ manifest: Manifest, _ dialect: SQLDialect) -> (load: String, delta: String?) {
        let tables = RunDescription.tables(manifest, lists: [])
        return (
            LoadScript.text(manifest: manifest, tables: tables, dialect: dialect),
            DeltaScript.text(manifest: manifest, tables: tables, dialect: dialect)
        )
    }

    static let night = Manifest.HistoryNight(day: "2026-03-05", previousRun: "20260304T120000Z")

    @Test("a main table's history leaves out the numbers and read times; its volatile history keeps only those")
    func mainTablesSplitTheirColumns() throws {
        let manifest = try Self.manifest(basedOn: nil, history: Self.night)
        let tables = HistoryTable.tables(
            for: LoadScript.loaded(RunDescription.tables(manifest, lists: [])), of: manifest)
        let movies = try #require(tables.first { $0.name == "movies_history" })
        let names = movies.columns.map(\.name)
        #expect(names.first == "id" && names.contains("title"))
        for untracked in HistoryTable.untrackedColumns { #expect(!names.contains(untracked)) }
        let volatile = try #require(tables.first { $0.name == "movies_volatile_history" })
        #expect(volatile.columns.map(\.name) == ["id", "popularity", "vote_average", "vote_count"])
        #expect(tables.contains { $0.name == "movie_keywords_history" && $0.indexed == "movie_id" })
        #expect(tables.contains { $0.name == "collections_history" && $0.scope == .everyRow })
        #expect(!tables.contains { $0.name == "movie_keywords_volatile_history" })
        // Open versions are the current rows: a primary key the history keeps holds each key once among them.
        #expect(movies.uniqueKey == ["id"] && volatile.uniqueKey == ["id"])
        #expect(tables.first { $0.name == "movie_keywords_history" }?.uniqueKey == ["movie_id", "keyword_id"])
    }

    @Test("a table without a primary key closes as many copies of a row as are gone, numbered by row id")
    func keylessTablesCloseCopies() throws {
        let table = HistoryTable(
            name: "movie_alternative_titles_history", source: "movie_alternative_titles",
            columns: [
                CatalogueColumn("movie_id", .integer, "The movie."), CatalogueColumn("title", .string, "A title."),
            ],
            keyColumns: ["movie_id"], uniqueKey: [],
            scope: .changedIDs(column: "movie_id", catalogue: "movie", refreshed: false))
        let manifest = try Self.manifest(basedOn: "20260304T120000Z", history: Self.night)
        for dialect in SQLDialect.allCases {
            let script = HistoryScript.versions(
                manifest, [table], comparing: .changedRows(base: "20260304T120000Z"), dialect
            ).joined(separator: "\n")
            let row = dialect == .postgres ? "ctid" : "rowid"
            let numbered: String =
                "SELECT v.tmdb_row FROM (SELECT \(row) AS tmdb_row, \"movie_id\", \"title\", row_number() OVER "
                + "(PARTITION BY \"movie_id\", \"title\" ORDER BY \"valid_from\" DESC) AS tmdb_copy FROM "
                + "\"movie_alternative_titles_history\" WHERE \"valid_to\" IS NULL AND \"movie_id\" IN (SELECT "
                + "\"movie_id\" FROM tmdb_history_change WHERE tmdb_change < 0)) AS v JOIN tmdb_history_change AS c ON "
            let matched: String =
                "v.\"movie_id\" = c.\"movie_id\" AND v.\"title\" IS NOT DISTINCT FROM c.\"title\" AND "
                + "c.tmdb_change < 0 AND v.tmdb_copy <= -c.tmdb_change"
            #expect(script.contains(numbered + matched), "\(dialect)")
        }
    }

    @Test("a job without history writes the scripts it wrote before: no history table, no catch-up")
    func withoutHistoryNothingChanges() throws {
        for dialect in SQLDialect.allCases {
            let scripts = Self.scripts(try Self.manifest(basedOn: "20260304T120000Z", history: nil), dialect)
            for text in [scripts.load, try #require(scripts.delta)] {
                #expect(!text.contains("_history"))
                #expect(!text.contains("IF NOT EXISTS \"movies\""))
            }
            #expect(Self.scripts(try Self.manifest(basedOn: nil, history: nil), dialect).delta == nil)
        }
        #expect(
            Self.scripts(try Self.manifest(basedOn: nil, history: nil), .postgres).load.contains(
                "a full load (run 20260305T120000Z) needs an empty schema"))
    }

    @Test("an incremental night compares only the rows of the ids it changed, and the refreshed ids' numbers")
    func deltaComparesChangedRows() throws {
        let (_, delta) = Self.scripts(try Self.manifest(basedOn: "20260304T120000Z", history: Self.night), .postgres)
        let script = try #require(delta)
        // psql chooses at run time between every row and the changed ids' rows, read as a join on the id.
        let changes =
            "CREATE TEMPORARY TABLE tmdb_history_change AS SELECT \"movie_id\", \"keyword_id\", \"name\", "
            + "CAST(sum(tmdb_side) AS BIGINT) AS tmdb_change FROM (SELECT \"movie_id\", \"keyword_id\", \"name\", "
            + "1 AS tmdb_side FROM \"movie_keywords\" WHERE EXISTS (SELECT 1 FROM \"movie_keywords_history\")"
        let open =
            " UNION ALL SELECT \"movie_id\", \"keyword_id\", \"name\", -1 AS tmdb_side FROM "
            + "\"movie_keywords_history\" WHERE \"valid_to\" IS NULL"
        let tail = ") AS sides GROUP BY \"movie_id\", \"keyword_id\", \"name\" HAVING sum(tmdb_side) <> 0;"
        let changed = " AND \"movie_id\" IN (SELECT id FROM tmdb_delta_movie_changed_ids)"
        #expect(
            script.contains(
                "\\if :tmdb_history_whole\n\(changes)\(open)\(tail)\n\\else\n\(changes)\(changed)\(open)\(changed)\(tail)\n"
                    + "\\endif\n"))
        // An empty history table takes every current row as it is, whatever the night compares.
        #expect(
            script.contains(
                "DROP TABLE tmdb_history_change;\nINSERT INTO \"movie_keywords_history\" (\"movie_id\", \"keyword_id\", "
                    + "\"name\", \"valid_from\") SELECT \"movie_id\", \"keyword_id\", \"name\", DATE '2026-03-05' FROM "
                    + "\"movie_keywords\" WHERE NOT EXISTS (SELECT 1 FROM \"movie_keywords_history\");"))
        #expect(
            script.contains(
                "AND \"id\" IN (SELECT id FROM tmdb_delta_movie_changed_ids UNION ALL SELECT id FROM "
                    + "tmdb_delta_movie_refreshed)) AS sides"))
        #expect(
            script.contains("SET LOCAL jit = off;\nSET LOCAL random_page_cost = 1.1;\nSET LOCAL work_mem = '256MB';\n"))
        // Before any change, the refusal of an earlier day and whether to compare every row; after the current
        // tables, the versions; the night recorded with the run.
        let steps = [
            "IF EXISTS (SELECT FROM tmdb_export_runs WHERE run_id = ",
            "IF reached > DATE '2026-03-05' THEN",
            "AS tmdb_history_same_day, (NOT EXISTS (SELECT 1 FROM tmdb_export_history_nights WHERE run_id = "
                + "'20260304T120000Z') OR EXISTS",
            "DELETE FROM \"movie_keywords\" WHERE",
            "UPDATE \"movies\" SET \"popularity\" = r.\"popularity\"",
            "CREATE TABLE IF NOT EXISTS \"movies_history\" (",
            "\\if :tmdb_history_same_day",
            "DELETE FROM \"movies_history\" WHERE \"valid_from\" = DATE '2026-03-05';",
            "UPDATE \"movies_history\" SET \"valid_to\" = NULL WHERE \"valid_to\" = DATE '2026-03-05';",
            "\\endif\nANALYZE tmdb_delta_movie_changed_ids;",
            "UPDATE \"movies_history\" AS v SET \"valid_to\" = DATE '2026-03-05' FROM tmdb_history_change AS c WHERE "
                + "v.\"valid_to\" IS NULL AND v.\"id\" = c.\"id\" AND c.tmdb_change < 0;",
            "INSERT INTO \"movies_history\" (",
            "INSERT INTO tmdb_export_history_nights (run_id, night) VALUES ('20260305T120000Z', DATE '2026-03-05');",
            "COMMIT;",
        ]
        let positions = try steps.map { step in try #require(script.range(of: step), "\(step)").lowerBound }
        #expect(positions == positions.sorted())
        #expect(script.contains("\"valid_from\" date NOT NULL,\n    \"valid_to\" date\n);"))
        #expect(
            script.contains(
                "CREATE INDEX IF NOT EXISTS \"movie_keywords_history_open\" ON \"movie_keywords_history\" "
                    + "(\"movie_id\") WHERE \"valid_to\" IS NULL;"))
    }

    @Test("DuckDB's scripts read the comparison from a variable and refuse an earlier day with error()")
    func duckdbUsesVariables() throws {
        let (load, delta) = Self.scripts(
            try Self.manifest(basedOn: "20260304T120000Z", history: Self.night), .duckdb)
        let script = try #require(delta)
        #expect(script.contains("SET VARIABLE tmdb_history_whole = (NOT EXISTS"))
        #expect(script.contains("(getvariable('tmdb_history_whole') OR \"movie_id\" IN (SELECT id FROM"))
        #expect(
            script.contains(
                "UPDATE \"movie_keywords_history\" AS v SET \"valid_to\" = DATE '2026-03-05' FROM tmdb_history_change AS c "
                    + "WHERE v.\"valid_to\" IS NULL AND v.\"movie_id\" = c.\"movie_id\" AND v.\"keyword_id\" = "
                    + "c.\"keyword_id\" AND c.tmdb_change < 0;"))
        #expect(script.contains("unnest(generate_series(1, tmdb_change)) AS tmdb_copy FROM tmdb_history_change WHERE"))
        #expect(script.contains("THEN error('tmdb-export: run 20260305T120000Z is the night of 2026-03-05, but the "))
        #expect(!script.contains("\\if"))
        #expect(load.contains("CREATE TABLE IF NOT EXISTS tmdb_export_runs ("))
        #expect(
            load.contains(
                "WHEN (SELECT run_id FROM tmdb_export_runs ORDER BY applied_at DESC, run_id DESC LIMIT 1) >= '20260305T120000Z'"
            ))
        #expect(load.contains("CREATE TABLE IF NOT EXISTS \"movies\" (") && load.contains("DELETE FROM \"movies\";"))
    }

    @Test("a load catches up a database of an older night of its job, and refuses another job's or a newer one")
    func loadCatchesUp() throws {
        let (load, _) = Self.scripts(try Self.manifest(basedOn: nil, history: Self.night), .postgres)
        #expect(!load.contains("needs an empty schema"))
        #expect(load.contains("IF latest_job <> 'nightly' THEN"))
        #expect(load.contains("ELSIF latest >= '20260305T120000Z' THEN"))
        let steps = [
            "CREATE TABLE IF NOT EXISTS tmdb_export_runs (",
            "IF latest_job <> 'nightly' THEN",
            "CREATE TABLE IF NOT EXISTS \"movies\" (",
            "ALTER TABLE \"movie_keywords\" DROP CONSTRAINT IF EXISTS \"movie_keywords_movie_id_fkey\", ADD CONSTRAINT",
            "TRUNCATE \"",
            "\\copy \"movies\" FROM 'movies.csv'",
            "CREATE TEMPORARY TABLE tmdb_history_change AS SELECT \"id\", ",
            "INSERT INTO tmdb_export_runs",
        ]
        let positions = try steps.map { step in try #require(load.range(of: step), "\(step)").lowerBound }
        #expect(positions == positions.sorted())
        // A load compares every row.
        #expect(load.contains("(true) AS tmdb_history_whole \\gset"))
        #expect(!load.contains(":'tmdb_history_whole'"))
    }

    @Test("a night whose catalogues ran in full writes a delta that replaces every table on the run before it")
    func fullNightReplaces() throws {
        for dialect in SQLDialect.allCases {
            let (_, delta) = Self.scripts(try Self.manifest(basedOn: nil, history: Self.night), dialect)
            let script = try #require(delta)
            #expect(script.contains("to the database that holds run 20260304T120000Z, in one transaction: every table"))
            // docs/warehouse.md's catch-up block walks the chain through it.
            #expect(try ScriptEdgeTests.baseTheCatchUpBlockReads(script) == "20260304T120000Z")
            #expect(script.contains("IS DISTINCT FROM '20260304T120000Z'"))
            #expect(script.contains(dialect == .postgres ? "TRUNCATE \"" : "DELETE FROM \"movies\";"))
            #expect(script.contains("'20260304T120000Z', 'nightly', '\(dialect.fileName(.delta))');\nCOMMIT;"))
            let first = Manifest.HistoryNight(day: "2026-03-05")
            #expect(Self.scripts(try Self.manifest(basedOn: nil, history: first), dialect).delta == nil)
        }
    }

    /// A script without HistoryScript's two sections and the setting it adds, as bench/warehouse-delta strips them.
    static func withoutHistory(_ script: String) -> String {
        var kept: [Substring] = []
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("-- History (the job sets") {
                while !lines[index].isEmpty { index += 1 }
                index += 1
            } else if line.hasPrefix("-- History tables:") {
                while !lines[index].hasPrefix("INSERT INTO tmdb_export_history_nights") { index += 1 }
                index += 2
            } else {
                if line != "SET LOCAL client_min_messages TO warning;" { kept.append(line) }
                index += 1
            }
        }
        return kept.joined(separator: "\n")
    }

    @Test("an incremental night's delta with history is the delta without it, plus the history lines")
    func historyOnlyAddsLines() throws {
        for dialect in SQLDialect.allCases {
            let with = try #require(
                Self.scripts(try Self.manifest(basedOn: "20260304T120000Z", history: Self.night), dialect).delta)
            let without = try #require(
                Self.scripts(try Self.manifest(basedOn: "20260304T120000Z", history: nil), dialect).delta)
            #expect(with.count > without.count)
            #expect(Self.withoutHistory(with) == without)
        }
    }
}
