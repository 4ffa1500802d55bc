import Foundation
import RunStore
import TestSupport
import Testing

@testable import RunReport

@Suite("The scripts against hostile values, concurrent sessions and unpublished runs")
struct ScriptEdgeTests {
    @Test(
        "PostgreSQL's scripts take the schema's lock in their transaction before their check", arguments: [true, false])
    func locksBeforeTheCheck(delta: Bool) throws {
        let night = DeltaScriptTests.night(basedOn: "20260304T120000Z")
        let script =
            delta
            ? try #require(try DeltaScriptTests.script([night], .postgres))
            : try PostgresLoadScriptTests.script(RunDescriptionTests.summary)
        let lock = try #require(
            script.range(of: "SELECT pg_advisory_xact_lock(hashtext('tmdb_export'), hashtext(:'schema'))"))
        let begin = try #require(script.range(of: "\nBEGIN;\n"))
        let check = try #require(script.range(of: "DO $$"))
        #expect(begin.upperBound <= lock.lowerBound)
        #expect(lock.upperBound < check.lowerBound)
    }

    @Test("DuckDB's COPY states the whole dialect, sniffs nothing and takes lines of twice the largest answer")
    func duckDBDialect() throws {
        let copy = SQLDialect.duckdb.copy("movies", from: "movies.csv")
        #expect(
            copy
                == "COPY \"movies\" FROM 'movies.csv' (FORMAT csv, HEADER true, DELIMITER ',', QUOTE '\"', "
                + "ESCAPE '\"', NULLSTR '', AUTO_DETECT false, MAX_LINE_SIZE 33554432);")
        #expect(SQLDialect.maximumLineSize >= 2 * (8 << 20))
    }

    @Test("psql loads a file with a text twin from the twin, in the text format, in the load and the delta")
    func loadsTheTwin() throws {
        let night = DeltaScriptTests.night(basedOn: "20260304T120000Z")
        let manifest = try PostgresLoadScriptTests.manifest(catalogue: [night])
        let tables = RunDescription.tables(manifest, lists: [])
        let twins: Set<String> = ["movies.csv", "delta/movies.upserts.csv", "delta/movie_changed_ids.csv"]
        let load = LoadScript.text(manifest: manifest, tables: tables, dialect: .postgres, textTwins: twins)
        let delta = try #require(
            DeltaScript.text(manifest: manifest, tables: tables, dialect: .postgres, textTwins: twins))
        #expect(load.contains("\\copy \"movies\" FROM 'movies.pgtext' WITH (FORMAT text)"))
        #expect(load.contains("\\copy \"movie_keywords\" FROM 'movie_keywords.csv' WITH (FORMAT csv, HEADER true)"))
        #expect(delta.contains("\\copy \"movies\" FROM 'delta/movies.upserts.pgtext' WITH (FORMAT text)"))
        #expect(
            delta.contains(
                "\\copy \"tmdb_delta_movie_changed_ids\" FROM 'delta/movie_changed_ids.pgtext' WITH (FORMAT text)"))
        #expect(delta.contains("FROM 'delta/movie_refreshed.csv' WITH (FORMAT csv, HEADER true)"))
    }

    @Test("a run that is not published writes no delta script, and its load scripts say why", arguments: [true, false])
    func unpublishedRun(published: Bool) throws {
        let run = try TemporaryDirectory(prefix: "unpublished")
        defer { run.remove() }
        var manifest = try PostgresLoadScriptTests.manifest(
            catalogue: [DeltaScriptTests.night(basedOn: "20260304T120000Z")])
        manifest.status = published ? .complete : .partial
        for path in ["movies.csv", "movie_keywords.csv", "collections.csv"] { try run.write("id\n", to: path) }
        for path in manifest.catalogue![0].deltaFiles!.map(\.path) { try run.write("id\n", to: path) }

        try RunDescription.write(manifest, lists: [], into: run.path, published: published)

        #expect(run.exists(RunDescription.deltaScriptName) == published)
        #expect(run.exists(RunDescription.postgresDeltaScriptName) == published)
        let note = "-- NOT PUBLISHED: run 20260305T120000Z is partial and was not published as latest"
        for name in [RunDescription.loadScriptName, RunDescription.postgresLoadScriptName] {
            let script = try run.read(name)
            #expect(script.contains(note) == !published, "\(name)")
            #expect(script.hasPrefix("-- nightly: run 20260305T120000Z"), "\(name)")
        }
    }

    @Test(
        "each delta names its base run on the line docs/warehouse.md's catch-up block reads",
        arguments: SQLDialect.allCases)
    func namesItsBase(dialect: SQLDialect) throws {
        let script = try #require(
            try DeltaScriptTests.script([DeltaScriptTests.night(basedOn: "20260304T120000Z")], dialect))
        #expect(try Self.baseTheCatchUpBlockReads(script) == "20260304T120000Z")
    }

    /// The run docs/warehouse.md's catch-up block reads as the base of `script`: its `sed -En 's/…/\3/p'`, applied
    /// to each line. Nil when no line matches (the block then stops the chain there).
    static func baseTheCatchUpBlockReads(_ script: String) throws -> String? {
        let page = try documentationPage("warehouse")
        let block = try #require(
            page.components(separatedBy: "```sh\n# After a gap").dropFirst().first?.components(separatedBy: "```")
                .first, "docs/warehouse.md has no shell block starting with # After a gap")
        let sed = try #require(
            block.components(separatedBy: "sed -En 's/").dropFirst().first?.components(separatedBy: "/\\3/p'").first,
            "the catch-up block has no sed -En 's/…/\\3/p' that reads a delta's base")
        let expression = try NSRegularExpression(pattern: sed)
        for line in script.split(separator: "\n").map(String.init) {
            let range = NSRange(line.startIndex..., in: line)
            if let match = expression.firstMatch(in: line, range: range), let base = Range(match.range(at: 3), in: line)
            {
                return String(line[base])
            }
        }
        return nil
    }
}
