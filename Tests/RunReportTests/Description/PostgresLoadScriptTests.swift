import Foundation
import RunStore
import TMDBAPI
import Testing

@testable import RunReport

@Suite("load.postgres.sql: the run's tables in PostgreSQL, from the same definitions as load.sql")
struct PostgresLoadScriptTests {
    static func manifest(runID: String = "20260305T120000Z", catalogue: [Manifest.CatalogueSummary]) throws -> Manifest
    {
        var manifest = try JSONDecoder().decode(
            Manifest.self,
            from: Data(
                #"{"job":"nightly","runId":"\#(runID)","resumed":false,"status":"complete","startedAt":"a","finishedAt":"b","elapsedSeconds":1,"toolVersion":"t","apiBaseUrl":"u","language":"en-US","concurrency":1,"requests":[],"failures":[],"apiRequests":0,"apiRetries":0,"throttled":0,"posterRequests":0,"posterRetries":0,"unsafePosterPaths":[]}"#
                    .utf8))
        manifest.catalogue = catalogue
        return manifest
    }

    static func script(_ summary: Manifest.CatalogueSummary) throws -> String {
        let manifest = try manifest(catalogue: [summary])
        return LoadScript.text(
            manifest: manifest, tables: RunDescription.tables(manifest, lists: []), dialect: .postgres)
    }

    @Test("creates each table in the schema psql's variable names, tmdb unless given, with PostgreSQL's types and keys")
    func tablesAndTypes() throws {
        let script = try Self.script(RunDescriptionTests.summary)
        #expect(script.contains("\\if :{?schema}\n\\else\n\\set schema tmdb\n\\endif\nBEGIN;"))
        #expect(script.contains("CREATE SCHEMA IF NOT EXISTS :\"schema\";"))
        #expect(script.contains("SET LOCAL search_path TO :\"schema\";"))
        #expect(script.contains("    \"id\" bigint,\n"))
        #expect(script.contains("    \"popularity\" double precision,\n"))
        #expect(script.contains("    \"release_date\" date,\n"))
        #expect(script.contains("    \"fetched_at\" timestamptz,\n"))
        // A list is the CSV's `|`-joined text, as in load.sql.
        #expect(script.contains("    \"origin_country\" text,\n"))
        #expect(script.contains("    PRIMARY KEY (\"movie_id\", \"keyword_id\")\n);"))
        #expect(script.contains("\\copy \"movie_keywords\" FROM 'movie_keywords.csv' WITH (FORMAT csv, HEADER true)"))
        #expect(!script.contains("delta/"))
        #expect(script.hasSuffix("COMMIT;\n"))
    }

    @Test("declares the foreign keys after the load, deferred to the commit, so that a delta can reload a parent")
    func foreignKeys() throws {
        let script = try Self.script(RunDescriptionTests.summary)
        let keywords =
            "ALTER TABLE \"movie_keywords\" ADD FOREIGN KEY (\"movie_id\") REFERENCES \"movies\" (\"id\") "
            + "DEFERRABLE INITIALLY DEFERRED;"
        let collection =
            "ALTER TABLE \"movies\" ADD FOREIGN KEY (\"collection_id\") REFERENCES \"collections\" (\"collection_id\") "
            + "DEFERRABLE INITIALLY DEFERRED;"
        let copy = try #require(script.range(of: "\\copy \"movie_keywords\""))
        let key = try #require(script.range(of: keywords))
        #expect(copy.upperBound < key.lowerBound)
        #expect(script.contains(collection))
    }

    @Test("comments on every table and column from the descriptions, quotes doubled")
    func comments() throws {
        let script = try Self.script(RunDescriptionTests.summary)
        let movies = try #require(CatalogueTable.tables(for: .movie, appending: []).first)
        for column in movies.columns {
            #expect(
                script.contains(
                    "COMMENT ON COLUMN \"movies\".\"\(column.name)\" IS "
                        + "'\(column.description.replacingOccurrences(of: "'", with: "''"))';"))
        }
        #expect(script.contains("COMMENT ON TABLE \"movies\" IS 'One row per movie, in id order.';"))
    }

    @Test("records the run in tmdb_export_runs, and refuses a schema that already holds one")
    func recordsTheRun() throws {
        let script = try Self.script(RunDescriptionTests.summary)
        #expect(script.contains("CREATE TABLE tmdb_export_runs ("))
        #expect(
            script.contains(
                "INSERT INTO tmdb_export_runs (run_id, based_on_run, job, applied_as) VALUES ('20260305T120000Z', "
                    + "NULL, 'nightly', 'load.postgres.sql');"))
        let refusal = try #require(script.range(of: "IF to_regclass('tmdb_export_runs') IS NOT NULL THEN"))
        let create = try #require(script.range(of: "CREATE TABLE \"movies\""))
        #expect(refusal.upperBound < create.lowerBound)
        #expect(script.contains("already holds run % : a full load (run 20260305T120000Z) needs an empty schema"))
    }
}
