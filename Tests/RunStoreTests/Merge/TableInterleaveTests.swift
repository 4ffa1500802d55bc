import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RunStore

@Suite("Interleaving shards' tables: a merge asked to stop stops inside a table, not at its end")
struct TableInterleaveTests {
    /// Two shards of one table: even ids in one, odd in the other, `count` ids in all.
    static func shards(_ count: Int, in directory: TemporaryDirectory) throws -> [String] {
        try (0..<2).map { shard in
            let rows = stride(from: shard, to: count, by: 2).map { MergeNight.record($0, "row \($0)", .ndjson) }
            return try directory.write(String(decoding: rows.flatMap { $0 }, as: UTF8.self), to: "shard-\(shard)")
        }
    }

    @Test("interleaves every id when nothing asks it to stop")
    func whole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let count = 5 * TableMerge.stopCheckInterval
        let merged = try TableMerge.interleaveFiles(
            try Self.shards(count, in: directory), into: directory.path + "/merged", format: .ndjson)
        #expect(merged.rows == count)
        let expected = (0..<count).flatMap { MergeNight.record($0, "row \($0)", .ndjson) }
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: directory.path + "/merged"))) == expected)
    }

    @Test("stops within stopCheckInterval ids of being asked, naming the output file")
    func stopsInside() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let paths = try Self.shards(5 * TableMerge.stopCheckInterval, in: directory)
        let output = directory.path + "/merged"
        var asked = 0
        let error = #expect(throws: OutputError.self) {
            try TableMerge.interleaveFiles(paths, into: output, format: .ndjson) {
                asked += 1
                return asked == 2
            }
        }
        #expect(error?.path == output)
        #expect(error?.reason == "the merge was asked to stop")
        #expect(asked == 2)
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        let lines = written.split(separator: UInt8(ascii: "\n")).count
        #expect(lines < 2 * TableMerge.stopCheckInterval, "it went on for \(lines) ids after being asked to stop")
    }
}
