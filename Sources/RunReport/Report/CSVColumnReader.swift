import Foundation
import RunStore

/// Reads chosen columns of an RFC 4180 file with a header row (the run's CSV files), field by field as the bytes
/// come, keeping only the fields asked for: quoted text (overviews, taglines) is skipped with `memchr`.
package final class CSVColumnReader: ColumnReader {
    private enum State {
        case fieldStart, unquoted, quoted, quoteInQuoted
    }

    private let file: ChunkedFile
    /// For each column of the file, the place of its value in a record's values; nil when not asked for.
    private let slots: [Int?]
    private let width: Int

    /// Opens the file and reads its header; `chunkSize` is how much each read asks for (tests make it tiny, to cut
    /// fields and quotes across reads).
    /// - Throws: ``OutputError`` when the file cannot be read or has no header.
    package init(path: String, columns: [String], chunkSize: Int = 1 << 20) throws(OutputError) {
        file = try ChunkedFile(path: path, chunkSize: chunkSize)
        width = columns.count
        var header: [String] = []
        guard
            try Self.record(
                in: file, keep: { _ in true },
                store: { _, bytes in header.append(String(decoding: bytes, as: UTF8.self)) })
        else { throw OutputError(operation: "read", path: path, reason: "the file has no header row") }
        slots = header.map { columns.firstIndex(of: $0) }
    }

    package func next() throws(OutputError) -> [String?]? {
        var values = [String?](repeating: nil, count: width)
        let slots = self.slots
        let found = try Self.record(
            in: file, keep: { $0 < slots.count && slots[$0] != nil },
            store: { column, bytes in
                if !bytes.isEmpty, let slot = slots[column] { values[slot] = String(decoding: bytes, as: UTF8.self) }
            })
        return found ? values : nil
    }

    /// Reads one record, handing `store` each field whose column `keep` wants, unquoted. False at the end of the
    /// file. A CR outside quotes is dropped (the LF after it ends the record).
    private static func record(
        in file: ChunkedFile, keep: (Int) -> Bool, store: (Int, [UInt8]) -> Void
    ) throws(OutputError) -> Bool {
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        let lineFeed: UInt8 = 0x0A
        let carriageReturn: UInt8 = 0x0D
        var column = 0
        var keeping = keep(0)
        var field: [UInt8] = []
        var state = State.fieldStart
        var started = false
        func endField() {
            if keeping { store(column, field) }
            field.removeAll(keepingCapacity: true)
            column += 1
            keeping = keep(column)
            state = .fieldStart
        }
        while true {
            if file.start == file.filled {
                guard try file.readMore() else {
                    guard started else { return false }
                    endField()
                    return true
                }
            }
            started = true
            if state == .quoted && !keeping {
                // A field nobody reads: jump to its next quote.
                let (start, filled) = (file.start, file.filled)
                let hit = file.buffer.withUnsafeBytes { bytes in
                    memchr(bytes.baseAddress! + start, Int32(quote), filled - start).map {
                        UnsafeRawPointer(bytes.baseAddress!).distance(to: UnsafeRawPointer($0))
                    }
                }
                guard let hit else {
                    file.start = filled
                    continue
                }
                file.start = hit + 1
                state = .quoteInQuoted
                continue
            }
            let byte = file.buffer[file.start]
            file.start += 1
            switch state {
            case .fieldStart, .unquoted:
                if byte == comma {
                    endField()
                } else if byte == lineFeed {
                    endField()
                    return true
                } else if byte == quote && state == .fieldStart {
                    state = .quoted
                } else if byte != carriageReturn {
                    state = .unquoted
                    if keeping { field.append(byte) }
                }
            case .quoted:
                if byte == quote { state = .quoteInQuoted } else if keeping { field.append(byte) }
            case .quoteInQuoted:
                if byte == quote {
                    if keeping { field.append(quote) }
                    state = .quoted
                } else if byte == comma {
                    endField()
                } else if byte == lineFeed {
                    endField()
                    return true
                } else if byte != carriageReturn {
                    if keeping { field.append(byte) }
                    state = .unquoted
                }
            }
        }
    }
}
