import Foundation
import RunStore

/// Reads chosen columns of an RFC 4180 file with a header row (the run's CSV files), a record at a time through
/// ``CSVScanner``, keeping only the fields asked for: quoted text (overviews, taglines) is skipped with `memchr`.
package final class CSVColumnReader: ColumnReader {
    private let file: ChunkedFile
    /// For each column of the file, the place of its value in a record's values; nil when not asked for.
    private var slots: [Int?] = []
    private let width: Int
    /// How many bytes after the file's read position the look for the next record's end has covered, and whether
    /// it stopped inside quotes: a record cut across reads is looked for again only from there.
    private var scannedPastStart = 0
    private var quoted = false

    /// Opens the file and reads its header; `chunkSize` is how much each read asks for (tests make it tiny, to cut
    /// fields and quotes across reads).
    /// - Throws: ``OutputError`` when the file cannot be read or has no header.
    package init(path: String, columns: [String], chunkSize: Int = 1 << 20) throws(OutputError) {
        file = try ChunkedFile(path: path, chunkSize: chunkSize)
        width = columns.count
        var header: [String] = []
        guard
            try record(
                keep: { _ in true }, store: { _, bytes in header.append(String(decoding: bytes, as: UTF8.self)) })
        else { throw OutputError(operation: "read", path: path, reason: "the file has no header row") }
        slots = header.map { columns.firstIndex(of: $0) }
    }

    package func next() throws(OutputError) -> [String?]? {
        var values = [String?](repeating: nil, count: width)
        let slots = self.slots
        let found = try record(
            keep: { $0 < slots.count && slots[$0] != nil },
            store: { column, bytes in
                if !bytes.isEmpty, let slot = slots[column] { values[slot] = String(decoding: bytes, as: UTF8.self) }
            })
        return found ? values : nil
    }

    /// Reads one record, handing `store` the value of each field whose column `keep` wants; false at the end of the
    /// file. A last record without a line feed ends with the file.
    private func record(keep: (Int) -> Bool, store: (Int, [UInt8]) -> Void) throws(OutputError) -> Bool {
        while true {
            let (start, filled, from) = (file.start, file.filled, file.start + scannedPastStart)
            var quoted = self.quoted
            let end = file.buffer.withUnsafeBytes { bytes in
                CSVScanner.recordEnd(
                    in: UnsafeRawBufferPointer(rebasing: bytes[..<filled]), from: from, quoted: &quoted)
            }
            if end == nil, !file.reachedEnd {
                self.quoted = quoted
                scannedPastStart = filled - start
                // Moves the unread bytes to the front (the scan goes on from the same place after them); at the end
                // of the file it reads nothing, and what is left is the last record.
                _ = try file.readMore()
                continue
            }
            self.quoted = false
            scannedPastStart = 0
            let recordEnd = end ?? filled
            guard recordEnd > start else { return false }
            file.buffer.withUnsafeBytes { bytes in
                let record = UnsafeRawBufferPointer(rebasing: bytes[start..<recordEnd])
                CSVScanner.fields(in: record) { column, range in
                    if keep(column) { store(column, CSVScanner.value(of: record[range])) }
                    return true
                }
            }
            file.start = recordEnd
            return true
        }
    }
}
