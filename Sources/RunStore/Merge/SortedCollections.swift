import Foundation
import JSON

/// Derives `collections.*` from the rows keyed by movie (`state/collections_by_movie.*`: one row per movie in a
/// collection, in movie order, `movie_id` first): one row per collection, in collection id order, the row of the
/// lowest movie id that names it, without the `movie_id`. A full and an incremental night derive it alike from
/// files that are byte-identical, so it is too.
package enum SortedCollections {
    /// Makes a derived table's file in a run's folder from its rows keyed by movie, as ``SnapshotLayout`` names
    /// both; nil, writing nothing, for a table that is not derived. The one place a derivation is carried out: a
    /// full run, an incremental night's merge and the shard merge all call it.
    package static func derive(_ table: CatalogueTable, _ format: OutputFormat, in directory: String)
        throws(OutputError) -> Manifest.DataFile?
    {
        switch table.derivation {
        case nil:
            return nil
        case .keyedByMovie:
            return try write(
                from: (directory as NSString).appendingPathComponent(SnapshotLayout.keyedByMovie(table, format)),
                format: format, header: table.csvHeader,
                into: (directory as NSString).appendingPathComponent(SnapshotLayout.file(table, format)))
        }
    }

    /// Writes the collections file at `outputPath` (atomically) from the file at `byMoviePath`, which it keeps.
    /// - Parameter header: the collections table's CSV header (without `movie_id`).
    /// - Returns: the written file, described for the manifest (named by its last path component).
    private static func write(
        from byMoviePath: String, format: OutputFormat, header: [UInt8], into outputPath: String
    ) throws(OutputError) -> Manifest.DataFile {
        guard let data = FileManager.default.contents(atPath: byMoviePath) else {
            throw OutputError(operation: "read", path: byMoviePath, reason: "the file cannot be read")
        }
        let bytes = [UInt8](data)
        let records: [Range<Int>] =
            switch format {
            case .csv: Array(CSVScanner.recordRanges(in: bytes).dropFirst())
            case .ndjson: lineRanges(bytes)
            }
        var first: [Int: [UInt8]] = [:]
        for record in records {
            guard let row = withoutMovieID(bytes[record], format: format),
                let id = collectionID(row, format: format)
            else {
                throw OutputError(
                    operation: "sort", path: byMoviePath,
                    reason: "a row has no integer movie_id and collection_id: \(excerpt(bytes[record]))")
            }
            if first[id] == nil { first[id] = row }
        }
        var output = format == .csv ? header : []
        for id in first.keys.sorted() { output.append(contentsOf: first[id]!) }
        try AtomicFileWriter.write(Data(output), to: outputPath)
        return Manifest.DataFile(
            path: (outputPath as NSString).lastPathComponent, format: format.rawValue, rows: first.count,
            bytes: output.count, sha256: SHA256.hex(of: output))
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

    /// The row as `collections` has it: the CSV record after its first field, or the object without its first
    /// member (`"movie_id":N`).
    private static func withoutMovieID(_ record: ArraySlice<UInt8>, format: OutputFormat) -> [UInt8]? {
        switch format {
        case .csv:
            guard let comma = record.firstIndex(of: 0x2C) else { return nil }
            return Array(record[(comma + 1)...])
        case .ndjson:
            let prefix = Array("{\"movie_id\":".utf8)
            guard record.starts(with: prefix), let comma = record.dropFirst(prefix.count).firstIndex(of: 0x2C) else {
                return nil
            }
            return [0x7B] + record[(comma + 1)...]
        }
    }

    private static func collectionID(_ record: [UInt8], format: OutputFormat) -> Int? {
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

    private static func excerpt(_ record: ArraySlice<UInt8>) -> String {
        "\"\(String(decoding: record.prefix(40), as: UTF8.self).replacingOccurrences(of: "\n", with: "\\n"))\""
    }
}
