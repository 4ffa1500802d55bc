import Foundation
import TestSupport

@testable import RunStore

/// One night of a table, as a test states it: last night's rows per id, and what tonight fetched. Renders the
/// previous file, tonight's new rows and what a full run tonight would write, in any of the three formats.
struct MergeNight {
    /// Each id's rows: the values of the second column, in the order the id's rows are written.
    typealias Rows = [Int: [String]]

    var previous: Rows
    /// Fetched again: the new rows, which may be none.
    var replaced: Rows = [:]
    var added: Rows = [:]
    var deleted: Set<Int> = []

    var tonight: Rows {
        var rows = previous.filter { !deleted.contains($0.key) }
        rows.merge(replaced) { _, new in new }
        rows.merge(added) { _, new in new }
        return rows
    }

    var dropped: DroppedIDs { DroppedIDs((Array(replaced.keys) + Array(deleted)).map { UInt32($0) }) }

    static let header = CSVEncoding.record(["movie_id", "name"])

    /// The file a full run writes for `rows`.
    static func file(_ rows: Rows, _ format: SnapshotRecordFormat) -> [UInt8] {
        var bytes = format == .csv ? header : []
        for id in rows.keys.sorted() {
            for value in rows[id]! { bytes += record(id, value, format) }
        }
        return bytes
    }

    static func record(_ id: Int, _ value: String, _ format: SnapshotRecordFormat) -> [UInt8] {
        switch format {
        case .csv: CSVEncoding.record([String(id), value])
        case .ndjson: Array("{\"movie_id\":\(id),\"name\":\(json(value))}\n".utf8)
        // A nested "id" comes first: only the top-level one is the key.
        case .details:
            Array(
                "{\"adult\":false,\"credits\":{\"id\":7,\"cast\":[{\"id\":1}]},\"id\":\(id),\"title\":\(json(value))}\n"
                    .utf8)
        }
    }

    static func json(_ text: String) -> String { String(decoding: try! JSONEncoder().encode(text), as: UTF8.self) }

    /// Merges in `directory` with reads of `chunkSize` bytes; returns the merged bytes and the row count.
    func merge(
        _ format: SnapshotRecordFormat, chunkSize: Int, in directory: String
    ) throws -> (bytes: [UInt8], rows: Int) {
        let previousPath = (directory as NSString).appendingPathComponent("previous")
        let newPath = (directory as NSString).appendingPathComponent("new")
        let outputPath = (directory as NSString).appendingPathComponent("merged")
        try Data(Self.file(previous, format)).write(to: URL(fileURLWithPath: previousPath))
        try Data(Self.file(replaced.merging(added) { new, _ in new }, format)).write(to: URL(fileURLWithPath: newPath))
        let output = try AppendingFile(path: outputPath, truncatingTo: nil)
        let rows = try TableMerge.merge(
            previous: SnapshotRecordReader(path: previousPath, format: format, chunkSize: chunkSize),
            dropping: dropped,
            new: SnapshotRecordReader(path: newPath, format: format, chunkSize: chunkSize), into: output
        ).rows
        return (Array(try Data(contentsOf: URL(fileURLWithPath: outputPath))), rows)
    }

    /// A night drawn from `seed`: ~200 ids, 0–4 rows each, fields full of commas, quotes and line feeds.
    static func random(seed: UInt64) -> MergeNight {
        var random = SplitMix(seed: seed)
        let values = ["plain", "a, comma", "a \"quote\"", "two\nlines", "\"\n\"", "", "é ✓", ",\n,", "\r\n"]
        func rows(_ id: Int) -> [String] {
            (0..<Int(random.next() % 5)).map { row in
                "\(id).\(row) " + values[Int(random.next() % UInt64(values.count))]
            }
        }
        var night = MergeNight(previous: [:])
        for id in 1...400 where random.next() % 2 == 0 { night.previous[id] = rows(id) }
        for id in 1...420 {
            let roll = random.next() % 10
            if night.previous[id] != nil {
                if roll == 0 { night.deleted.insert(id) } else if roll == 1 { night.replaced[id] = rows(id + 1000) }
            } else if roll < 2 {
                night.added[id] = rows(id + 2000)
            }
        }
        return night
    }
}
