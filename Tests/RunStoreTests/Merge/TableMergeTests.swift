import Foundation
import TestSupport
import Testing

@testable import RunStore

@Suite("Table merge: last night's table with tonight's rows is what a full run writes tonight")
struct TableMergeTests {
    static let formats: [SnapshotRecordFormat] = [.csv, .ndjson, .details]
    static let chunkSizes = [1, 2, 3, 7, 64, 1 << 20]

    static func expectFullRun(_ night: MergeNight, _ format: SnapshotRecordFormat, chunkSize: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let merged = try night.merge(format, chunkSize: chunkSize, in: directory.path)
        let full = MergeNight.file(night.tonight, format)
        #expect(String(decoding: merged.bytes, as: UTF8.self) == String(decoding: full, as: UTF8.self))
        #expect(merged.rows == night.tonight.values.reduce(0) { $0 + $1.count })
    }

    @Test(
        "a random night merges into the full run's bytes, whatever the chunk size",
        arguments: formats, chunkSizes)
    func randomNights(format: SnapshotRecordFormat, chunkSize: Int) throws {
        for seed in UInt64(1)...4 {
            try Self.expectFullRun(.random(seed: seed), format, chunkSize: chunkSize)
        }
    }

    @Test(
        "editing the first and the last id, and ids with no rows, merges into the full run's bytes", arguments: formats)
    func edgeIDs(format: SnapshotRecordFormat) throws {
        let night = MergeNight(
            previous: [1: ["one"], 2: [], 5: ["five", "cinq\n\"5\""], 9: ["nine"]],
            replaced: [1: [], 9: ["neuf", "nine, again"]], added: [0: ["zero"], 3: [], 10: ["ten"]], deleted: [5])
        for chunkSize in [1, 5, 1 << 20] { try Self.expectFullRun(night, format, chunkSize: chunkSize) }
    }

    @Test("an empty previous file merges into tonight's rows alone", arguments: formats)
    func emptyPrevious(format: SnapshotRecordFormat) throws {
        try Self.expectFullRun(
            MergeNight(previous: [:], added: [4: ["four"], 8: ["eight", "huit"]]), format, chunkSize: 3)
    }

    @Test("deleting every id leaves an empty table (the CSV header alone)", arguments: formats)
    func everythingDeleted(format: SnapshotRecordFormat) throws {
        let night = MergeNight(previous: [1: ["one"], 2: ["two", "deux"], 3: []], deleted: [1, 2, 3])
        try Self.expectFullRun(night, format, chunkSize: 2)
    }

    @Test("the CSV header is written once")
    func headerOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let night = MergeNight(previous: [1: ["one"]], added: [2: ["two"]])
        let merged = try night.merge(.csv, chunkSize: 4, in: directory.path)
        #expect(String(decoding: merged.bytes, as: UTF8.self) == "movie_id,name\n1,one\n2,two\n")
        #expect(merged.rows == 2)
    }

    @Test("a full night keeps only its failed ids' previous rows, among its own in id order, and counts them")
    func carryingFailedIDs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let previous = try directory.write("movie_id,name\n1,a\n2,b\n2,b2\n4,d\n7,g\n", to: "previous.csv")
        let tonight = try directory.write("movie_id,name\n1,A\n3,C\n7,G\n", to: "tonight.csv")
        // 2 and 4 failed tonight, 5 failed but is new (no previous rows): only 2 and 4 are carried.
        let merged = try TableMerge.mergeFiles(
            previous: previous, dropping: DroppedIDs(allBut: [4, 2, 5]), new: tonight,
            into: directory.path + "/movies.csv", format: .csv, refresh: nil, refreshedLines: nil,
            carrying: [2, 4, 5])
        let text = try String(contentsOfFile: directory.path + "/movies.csv", encoding: .utf8)
        #expect(text == "movie_id,name\n1,A\n2,b\n2,b2\n3,C\n4,d\n7,G\n")
        #expect(merged.rows == 6 && merged.carried == 2)
    }

    static func mergeFiles(
        previous: String, new: String, dropping: [UInt32] = [], format: SnapshotRecordFormat = .csv
    ) throws -> (String, OutputError?) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let previousPath = try directory.write(previous, to: "movie_cast.csv")
        let newPath = try directory.write(new, to: "movie_cast.upserts.csv")
        let output = try AppendingFile(path: directory.path + "/merged", truncatingTo: nil)
        do throws(OutputError) {
            _ = try TableMerge.merge(
                previous: SnapshotRecordReader(path: previousPath, format: format, chunkSize: 3),
                dropping: DroppedIDs(dropping), new: SnapshotRecordReader(path: newPath, format: format, chunkSize: 3),
                into: output)
            return (previousPath, nil)
        } catch { return (previousPath, error) }
    }

    @Test("a previous file out of id order is an error naming the file and the record")
    func unsortedPrevious() throws {
        let (path, error) = try Self.mergeFiles(
            previous: "movie_id,name\n1,\"a\nb\"\n5,e\n3,c\n", new: "movie_id,name\n4,d\n")
        let failure = try #require(error)
        #expect(failure.path == path)
        #expect(failure.reason == "record 4 has id 3 after id 5: the file is not in id order")
    }

    @Test("a record without an integer key is an error naming the record")
    func recordWithoutKey() throws {
        let (_, error) = try Self.mergeFiles(previous: "movie_id,name\n1,a\nx,b\n", new: "movie_id,name\n")
        #expect(try #require(error).reason.hasPrefix("record 3 does not start with an integer id"))
    }

    @Test("new rows for an id whose previous rows are kept are an error: they would be doubled")
    func newRowsForKeptID() throws {
        let (_, error) = try Self.mergeFiles(previous: "movie_id,name\n1,a\n2,b\n", new: "movie_id,name\n2,c\n")
        #expect(try #require(error).reason.hasPrefix("record 2 is a new record of id 2"))
    }

    @Test("different CSV headers are an error: the table's columns changed")
    func headersDiffer() throws {
        let (_, error) = try Self.mergeFiles(previous: "movie_id,name\n1,a\n", new: "movie_id,title\n2,c\n")
        #expect(try #require(error).reason.hasSuffix("the table's columns changed"))
    }

    @Test(
        "a file that ends inside a record is an error",
        arguments: ["movie_id,name\n1,a\n2,b", "movie_id,name\n1,\"a\n"])
    func truncatedPrevious(previous: String) throws {
        let (_, error) = try Self.mergeFiles(previous: previous, new: "movie_id,name\n")
        #expect(try #require(error).reason.hasPrefix("the file ends inside record"))
    }
}
