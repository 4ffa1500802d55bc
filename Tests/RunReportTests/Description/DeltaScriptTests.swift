import Foundation
import RunStore
import TMDBAPI
import Testing

@testable import RunReport

@Suite("delta.sql and delta.postgres.sql: an incremental night applied once, on top of the run it builds on")
struct DeltaScriptTests {
    static func night(basedOn base: String?) -> Manifest.CatalogueSummary {
        var summary = RunDescriptionTests.summary
        summary.files = ["movies.csv", "movie_keywords.csv", "collections.csv"].map { RunDescriptionTests.file($0) }
        summary.deltaFiles = [
            "delta/movies.upserts.csv", "delta/movie_keywords.upserts.csv", "delta/movie_changed_ids.csv",
            "delta/movie_refreshed.csv",
        ].map { RunDescriptionTests.file($0) }
        summary.mode = base == nil ? .full : .incremental
        summary.incremental = base.map {
            .init(
                basedOnRun: $0, previousExportDate: "2026-03-04", changesFrom: "2026-03-04",
                changesThrough: "2026-03-05", changeFeedPages: 1, idsInChangeFeed: 1, idsAdded: 1, idsChanged: 1,
                idsGoneFromExport: 0, idsNowNotFound: 0, idsCarriedOver: 1, detailsRequested: 2, verifySeconds: 0,
                mergeSeconds: 0)
        }
        return summary
    }

    static func script(_ catalogue: [Manifest.CatalogueSummary], _ dialect: SQLDialect) throws -> String? {
        let manifest = try PostgresLoadScriptTests.manifest(catalogue: catalogue)
        return DeltaScript.text(
            manifest: manifest, tables: RunDescription.tables(manifest, lists: []), dialect: dialect)
    }

    @Test(
        "is written only when every catalogue is incremental on one run",
        arguments: [[nil], ["20260304T120000Z", nil], ["20260304T120000Z", "20260303T120000Z"]] as [[String?]])
    func onlyIncrementalNights(bases: [String?]) throws {
        var catalogue = bases.map(Self.night)
        for index in catalogue.indices { catalogue[index].type = index == 0 ? .movie : .tv }
        for dialect in SQLDialect.allCases {
            #expect(try Self.script(catalogue, dialect) == nil)
        }
    }

    @Test("deletes every changed id's rows children first, reloads the derived tables, then loads the upserts")
    func deletesThenLoads() throws {
        let script = try #require(try Self.script([Self.night(basedOn: "20260304T120000Z")], .postgres))
        let steps = [
            "\\copy \"tmdb_delta_movie_changed_ids\" FROM 'delta/movie_changed_ids.csv'",
            "DELETE FROM \"movie_keywords\" WHERE \"movie_id\" IN (SELECT id FROM tmdb_delta_movie_changed_ids);",
            "DELETE FROM \"movies\" WHERE \"id\" IN (SELECT id FROM tmdb_delta_movie_changed_ids);",
            "DELETE FROM \"collections\";",
            "\\copy \"collections\" FROM 'collections.csv'",
            "\\copy \"movies\" FROM 'delta/movies.upserts.csv'",
            "\\copy \"movie_keywords\" FROM 'delta/movie_keywords.upserts.csv'",
            "UPDATE \"movies\" SET \"popularity\" = r.\"popularity\"",
            "INSERT INTO tmdb_export_runs (run_id, based_on_run, job, applied_as) VALUES ('20260305T120000Z', "
                + "'20260304T120000Z', 'nightly', 'delta.postgres.sql');",
            "COMMIT;",
        ]
        let positions = try steps.map { step in try #require(script.range(of: step), "\(step)").lowerBound }
        #expect(positions == positions.sorted())
        #expect(
            script.contains(
                "CREATE TEMPORARY TABLE tmdb_delta_movie_changed_ids (\"id\" bigint, \"change\" text) "
                    + "ON COMMIT DROP;"))
    }

    @Test("checks the database's latest run first: the same night twice, an older night and a gap are refused")
    func checksTheBase() throws {
        let postgres = try #require(try Self.script([Self.night(basedOn: "20260304T120000Z")], .postgres))
        let check = try #require(postgres.range(of: "IF EXISTS (SELECT FROM tmdb_export_runs WHERE run_id = "))
        #expect(check.upperBound < postgres.range(of: "DELETE FROM")!.lowerBound)
        #expect(postgres.contains("'tmdb-export: run 20260305T120000Z was already applied to this database; nothing "))
        #expect(
            postgres.contains(
                "run 20260305T120000Z builds on run 20260304T120000Z, but this database is at run %: apply first, "
                    + "in order, the delta.postgres.sql of every published run after % through 20260304T120000Z"))
        #expect(postgres.contains("ELSIF latest IS DISTINCT FROM '20260304T120000Z' THEN"))

        let duckdb = try #require(try Self.script([Self.night(basedOn: "20260304T120000Z")], .duckdb))
        #expect(duckdb.hasPrefix("-- nightly: run 20260305T120000Z"))
        #expect(duckdb.contains("BEGIN TRANSACTION;\nSELECT CASE WHEN NOT EXISTS"))
        #expect(duckdb.contains("error('tmdb-export: run 20260305T120000Z was already applied"))
        #expect(duckdb.contains("but this database is at run ' || (SELECT run_id FROM tmdb_export_runs ORDER BY"))
        #expect(duckdb.contains("COPY \"movies\" FROM 'delta/movies.upserts.csv' (FORMAT csv, HEADER true"))
        #expect(!duckdb.contains("\\copy"))
        #expect(duckdb.contains("'20260304T120000Z', 'nightly', 'delta.sql');\nCOMMIT;"))
    }
}
