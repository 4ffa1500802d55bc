import Foundation
import JSON

/// Turns the rows a run wrote to `collections.unsorted.*` (one per movie in a collection, in movie order) into
/// `collections.*`: one row per collection, in collection id order, the first row seen for each id.
enum SortedCollections {
    /// Writes the sorted file next to `unsortedPath` and removes the unsorted one.
    /// - Returns: the sorted file's path and its row count.
    static func write(
        from unsortedPath: String, format: Job.OutputFormat, header: [UInt8]
    ) throws(OutputError) -> (String, Int) {
        guard let data = FileManager.default.contents(atPath: unsortedPath) else {
            throw OutputError(operation: "read", path: unsortedPath, reason: "the file cannot be read")
        }
        let bytes = [UInt8](data)
        let records: [Range<Int>] =
            switch format {
            case .csv: Array(CSVRecords.ranges(in: bytes).dropFirst())
            case .ndjson: lineRanges(bytes)
            }
        var first: [Int: Range<Int>] = [:]
        for record in records {
            guard let id = collectionID(bytes[record], format: format) else {
                throw OutputError(
                    operation: "sort", path: unsortedPath, reason: "a row has no integer collection_id")
            }
            if first[id] == nil { first[id] = record }
        }
        var output = format == .csv ? header : []
        for id in first.keys.sorted() { output.append(contentsOf: bytes[first[id]!]) }
        let path = unsortedPath.replacingOccurrences(of: ".unsorted.", with: ".")
        try AtomicFileWriter.write(Data(output), to: path)
        try FileSystem.remove(unsortedPath)
        return (path, first.count)
    }

    /// Each line, its newline included.
    private static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            ranges.append(start..<index + 1)
            start = index + 1
        }
        return ranges
    }

    private static func collectionID(_ record: ArraySlice<UInt8>, format: Job.OutputFormat) -> Int? {
        switch format {
        case .csv:
            let digits = record.prefix { $0 != 0x2C && $0 != 0x0A }
            return Int(String(decoding: digits, as: UTF8.self))
        case .ndjson:
            return record.withUnsafeBytes { bytes -> Int? in
                var scanner = JSONScanner(bytes)
                guard var object = try? scanner.openObject() else { return nil }
                while let key = try? scanner.nextKey(in: &object) {
                    if key == "collection_id" { return try? scanner.int() }
                    guard (try? scanner.skipValue()) != nil else { return nil }
                }
                return nil
            }
        }
    }
}
