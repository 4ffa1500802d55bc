import Foundation
import RunStore
import TestSupport
import Testing

@testable import RunReport

@Suite("PostgreSQL's text twin of a CSV file that holds a line psql 15 takes for the end of the data")
struct PostgresTextTwinTests {
    @Test(
        "finds a line that is exactly a backslash and a period, ended by LF, CR LF or the end of the file",
        arguments: [
            ("id,overview\n1,\"a\n\\.\nb\"\n", true),
            ("id,overview\n1,\"a\r\n\\.\r\nb\"\n", true),
            ("id,overview\n1,\"a\n\\.", true),
            ("id,overview\n1,\"a\n\\.\r", true),
            ("id,overview\n1,\"a\n\\.b\"\n", false),
            ("id,overview\n1,\"a \\.\nb\"\n", false),
            ("id,overview\n1,\\.\n", false),
            ("id,overview\n1,\"a\n\\\r\n.\"\n", false),
        ])
    func findsTheLine(csv: String, found: Bool) {
        #expect(Array(csv.utf8).withUnsafeBytes(PostgresTextTwin.hasEndOfDataLine) == found)
    }

    @Test("writes each record after the header with tabs, escapes backslash, tab, CR and LF, and an empty field as \\N")
    func escapes() {
        let csv = "id,overview,title\n1,\"a\r\n\\.\r\nb\",\"x, \"\"y\"\"\"\n2,,tab\there \\N\n"
        let twin = String(decoding: PostgresTextTwin.text(ofCSV: Array(csv.utf8)), as: UTF8.self)
        #expect(twin == "1\ta\\r\\n\\\\.\\r\\nb\tx, \"y\"\n2\t\\N\ttab\\there \\\\N\n")
    }

    @Test("writes a large file's twin a record at a time, records split across reads", arguments: [1, 7, 1 << 20])
    func streams(chunkSize: Int) throws {
        let run = try TemporaryDirectory(prefix: "text-twin")
        defer { run.remove() }
        let rows = (1...50).map { "\($0),\"line \($0)\r\n\\.\r\n\"\"quoted\"\", end\",\n" }.joined()
        let csv = try run.write("id,overview,note\n" + rows + "51,last,", to: "movies.csv")

        try PostgresTextTwin.writeTwin(ofCSV: csv, to: run.path + "/movies.pgtext", chunkSize: chunkSize)

        let expected = String(
            decoding: PostgresTextTwin.text(ofCSV: Array(try run.read("movies.csv").utf8)), as: UTF8.self)
        #expect(expected.hasPrefix("1\tline 1\\r\\n\\\\.\\r\\n\"quoted\", end\t\\N\n"))
        #expect(expected.hasSuffix("51\tlast\t\\N\n"))
        #expect(try run.read("movies.pgtext") == expected)
    }

    @Test("writes a twin beside only the files that need one, and names those")
    func writesOnlyWhereNeeded() throws {
        let run = try TemporaryDirectory(prefix: "text-twin")
        defer { run.remove() }
        try run.write("id,overview\n1,\"a\n\\.\nb\"\n", to: "movies.csv")
        try run.write("id,overview\n1,plain\n", to: "tv_series.csv")
        try run.write("id,overview\n1,\"a\r\n\\.\r\nb\"\n", to: "delta/movies.upserts.csv")

        let twinned = try PostgresTextTwin.write(
            ["movies.csv", "tv_series.csv", "delta/movies.upserts.csv"], in: run.path)

        #expect(twinned == ["movies.csv", "delta/movies.upserts.csv"])
        #expect(try run.read("movies.pgtext") == "1\ta\\n\\\\.\\nb\n")
        #expect(try run.read("delta/movies.upserts.pgtext") == "1\ta\\r\\n\\\\.\\r\\nb\n")
        #expect(!run.exists("tv_series.pgtext"))
        #expect(try run.read("movies.csv") == "id,overview\n1,\"a\n\\.\nb\"\n")
    }

    @Test("a run's description lists the twin as a file of its data package, and load.postgres.sql loads it")
    func describedAndLoaded() throws {
        let run = try TemporaryDirectory(prefix: "text-twin")
        defer { run.remove() }
        let manifest = try PostgresLoadScriptTests.manifest(catalogue: [RunDescriptionTests.summary])
        for file in manifest.catalogue![0].files + manifest.catalogue![0].deltaFiles! {
            try run.write("id\n", to: file.path)
        }
        try run.write("id,overview\n1,\"a\n\\.\nb\"\n", to: "movies.csv")

        try RunDescription.write(manifest, lists: [], into: run.path, published: true)

        let package = try #require(
            try JSONSerialization.jsonObject(with: Data(run.read(RunDescription.packageName).utf8)) as? [String: Any])
        let resources = try #require(package["resources"] as? [[String: Any]])
        let twin = try #require(resources.first { $0["path"] as? String == "movies.pgtext" })
        #expect(twin["type"] as? String == "file")
        #expect(twin["bytes"] as? Int == "1\ta\\n\\\\.\\nb\n".utf8.count)
        #expect((twin["hash"] as? String)?.hasPrefix("sha256:") == true)
        #expect(!resources.contains { $0["path"] as? String == "movie_keywords.pgtext" })
        let load = try run.read(RunDescription.postgresLoadScriptName)
        #expect(load.contains("\\copy \"movies\" FROM 'movies.pgtext' WITH (FORMAT text)"))
    }

    @Test("a missing file fails naming it")
    func missingFile() throws {
        let run = try TemporaryDirectory(prefix: "text-twin")
        defer { run.remove() }
        #expect {
            try PostgresTextTwin.write(["movies.csv"], in: run.path)
        } throws: { error in
            "\(error)".contains("movies.csv")
        }
    }
}
