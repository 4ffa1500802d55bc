import Foundation
import RunStore
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter

@Suite("Catalogue table files: appended as they go, cut back to the checkpoint on resume")
struct CatalogueTableFilesTests {
    static let table = CatalogueTable(
        "movies", [.init("id", .integer, "The id."), .init("title", .string, "A title.")])
    /// Derived as `collections` is: written keyed by movie, then one row per collection.
    static let collections = CatalogueTable(
        "collections", key: ["collection_id"], derivation: .keyedByMovie,
        [.init("collection_id", .integer, "The id."), .init("name", .string, "A name.")])

    static func rows(_ id: Int, collection: (Int, String)? = nil) -> CatalogueRows {
        var tables = [
            CatalogueRows.TableRows(
                csv: Array("\(id),\"Film, \(id)\"\n".utf8), ndjson: Array("{\"id\":\(id)}\n".utf8), count: 1)
        ]
        if let (collectionID, name) = collection {
            tables.append(
                CatalogueRows.TableRows(
                    csv: Array("\(collectionID),\"\(name)\"\n".utf8),
                    ndjson: Array("{\"collection_id\":\(collectionID),\"name\":\(jsonString(name))}\n".utf8), count: 1))
        } else {
            tables.append(CatalogueRows.TableRows())
        }
        return CatalogueRows(id: id, tables: tables, details: Array("{\"id\":\(id)}\n".utf8))
    }

    static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }

    static func open(_ directory: String) throws -> CatalogueTableFiles {
        try CatalogueTableFiles(
            directory: directory, catalogues: [(.movie, [table, collections], .snapshot)], formats: [.csv, .ndjson])
    }

    @Test("a resumed run cuts every file back to the checkpoint and goes on from its position and counts")
    func resumeCutsBack() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let files = try Self.open(directory.path)
            try files.write(Self.rows(1), catalogue: 0)
            try files.checkpoint(positions: [1], counts: [.init(fetched: 1, removed: 0, failed: 0)])
            // Written after the checkpoint, then the process "dies": these bytes must not survive a resume.
            try files.write(Self.rows(2), catalogue: 0)
            try files.recordFailure(Manifest.Failure(endpoint: "movie/3", page: nil, reason: "HTTP 500"))
            try files.checkpoint(positions: [1], counts: [.init(fetched: 1, removed: 0, failed: 0)])
        }
        // The second checkpoint was written with the stale position but new lengths: rewrite it as the first was.
        let checkpointPath = (directory.path as NSString).appendingPathComponent(SnapshotLayout.checkpoint)
        var checkpoint = try #require(CatalogueCheckpoint.read(from: checkpointPath))
        #expect(checkpoint.positions == [1])
        let csvState = try #require(checkpoint.files.first { $0.name == "movies.csv" })
        #expect(csvState.rows == 2)
        checkpoint.files = checkpoint.files.map { state in
            var state = state
            if state.name == "movies.csv" { state.bytes = "id,title\n1,\"Film, 1\"\n".utf8.count }
            if state.name == "movies.ndjson" || state.name == "movie_details.ndjson" { state.bytes = 9 }
            state.rows = min(state.rows, 1)
            return state
        }
        try CheckpointFile(directory: directory.path).write(checkpoint)

        let resumed = try Self.open(directory.path)
        #expect(resumed.startPositions == [1])
        #expect(resumed.startCounts == [.init(fetched: 1, removed: 0, failed: 0)])
        try resumed.write(Self.rows(4), catalogue: 0)
        let finished = try await resumed.finish()
        try resumed.removeWorkingFiles()
        #expect(try directory.read("movies.csv") == "id,title\n1,\"Film, 1\"\n4,\"Film, 4\"\n")
        #expect(try directory.read("movies.ndjson") == "{\"id\":1}\n{\"id\":4}\n")
        #expect(finished.files[0].first { $0.path == "movies.csv" }?.rows == 2)
        #expect(!directory.exists(SnapshotLayout.checkpoint))
    }

    @Test("writes collections once each, in collection id order, in both formats, and says so in the manifest")
    func collectionsSortedOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let files = try Self.open(directory.path)
        try files.write(Self.rows(1, collection: (30, "Thirty, \"quoted\"")), catalogue: 0)
        try files.write(Self.rows(2, collection: (10, "Ten\nlines")), catalogue: 0)
        try files.write(Self.rows(3, collection: (30, "Thirty, \"quoted\"")), catalogue: 0)
        let finished = try await files.finish()
        #expect(
            try directory.read("collections.csv")
                == "collection_id,name\n10,\"Ten\nlines\"\n30,\"Thirty, \"quoted\"\"\n")
        #expect(
            try directory.read("collections.ndjson")
                == #"{"collection_id":10,"name":"Ten\nlines"}"# + "\n"
                + #"{"collection_id":30,"name":"Thirty, \"quoted\""}"#
                + "\n")
        #expect(
            try directory.read("state/collections_by_movie.csv")
                == "movie_id,collection_id,name\n1,30,\"Thirty, \"quoted\"\"\n2,10,\"Ten\nlines\"\n"
                + "3,30,\"Thirty, \"quoted\"\"\n")
        #expect(
            try directory.read("state/collections_by_movie.ndjson").hasPrefix(
                #"{"movie_id":1,"collection_id":30,"name":"Thirty, \"quoted\""}"# + "\n"))
        let described = try #require(finished.files[0].first { $0.path == "collections.csv" })
        #expect(described.rows == 2)
        #expect(described.bytes == (try directory.read("collections.csv")).utf8.count)
        #expect(finished.files[0].last?.path == "movie_details.ndjson")
    }

    @Test("keeps the failures a resumed run had for the manifest")
    func failuresSurviveResume() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let files = try Self.open(directory.path)
            try files.recordFailure(Manifest.Failure(endpoint: "movie/9", page: nil, reason: "HTTP 503"))
            try files.checkpoint(positions: [1], counts: [.init(fetched: 0, removed: 0, failed: 1)])
        }
        let resumed = try Self.open(directory.path)
        #expect(resumed.startCounts[0].failed == 1)
        let finished = try await resumed.finish()
        #expect(finished.failures == [Manifest.Failure(endpoint: "movie/9", page: nil, reason: "HTTP 503")])
    }

    @Test("refuses to resume a file shorter than its checkpoint says")
    func shorterFileRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("abc", to: "movies.csv")
        #expect(throws: OutputError.self) { try AppendingFile(path: path, truncatingTo: 10) }
    }

    @Test("finds CSV records across quoted line feeds and doubled quotes")
    func csvRecords() {
        let text = Array("a,b\n1,\"x\ny\"\n2,\"say \"\"hi\"\"\"\n3,z".utf8)
        let records = CSVScanner.recordRanges(in: text).map { String(decoding: text[$0], as: UTF8.self) }
        #expect(records == ["a,b\n", "1,\"x\ny\"\n", "2,\"say \"\"hi\"\"\"\n", "3,z"])
    }
}
