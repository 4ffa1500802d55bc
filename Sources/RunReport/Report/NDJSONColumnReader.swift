import Foundation
import JSON
import RunStore

/// Reads chosen members of an NDJSON file's objects, one line at a time: strings unescaped, numbers and booleans as
/// written, arrays of strings or numbers joined with `|` (as in the CSV files), other values left out.
package final class NDJSONColumnReader: ColumnReader {
    private let file: ChunkedFile
    private let slots: [String: Int]
    private let width: Int
    private var lineNumber = 0

    /// Opens the file; `chunkSize` is how much each read asks for (tests make it tiny, to cut lines across reads).
    package init(path: String, columns: [String], chunkSize: Int = 1 << 20) throws(OutputError) {
        file = try ChunkedFile(path: path, chunkSize: chunkSize)
        width = columns.count
        slots = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    package func next() throws(OutputError) -> [String?]? {
        while let line = try nextLine() {
            lineNumber += 1
            guard !line.isEmpty else { continue }
            let parsed = file.buffer.withUnsafeBytes { bytes in
                Result { () throws(JSONScanner.Failure) in
                    try values(of: UnsafeRawBufferPointer(rebasing: bytes[line]))
                }
            }
            switch parsed {
            case .success(let values): return values
            case .failure(let failure):
                throw OutputError(
                    operation: "read", path: file.path,
                    reason: "line \(lineNumber) is not a JSON object: \(failure.message) at byte \(failure.offset)")
            }
        }
        return nil
    }

    /// The next line's bytes in the file's buffer, without its LF; nil at the end.
    private func nextLine() throws(OutputError) -> Range<Int>? {
        var scanned = file.start
        while true {
            let (start, filled) = (file.start, file.filled)
            let hit = file.buffer.withUnsafeBytes { bytes in
                memchr(bytes.baseAddress! + scanned, 0x0A, filled - scanned).map {
                    UnsafeRawPointer(bytes.baseAddress!).distance(to: UnsafeRawPointer($0))
                }
            }
            if let hit {
                file.start = hit + 1
                return start..<hit
            }
            scanned = filled - start
            guard try file.readMore() else {
                guard file.start < file.filled else { return nil }
                let rest = file.start..<file.filled
                file.start = file.filled
                return rest
            }
            scanned += file.start
        }
    }

    private func values(of line: UnsafeRawBufferPointer) throws(JSONScanner.Failure) -> [String?] {
        var values = [String?](repeating: nil, count: width)
        var scanner = JSONScanner(line)
        var object = try scanner.openObject()
        while let key = try scanner.nextKey(in: &object) {
            guard let slot = slots[key] else {
                try scanner.skipValue(depth: 1)
                continue
            }
            values[slot] = try Self.text(&scanner, line)
        }
        return values
    }

    private static func text(_ scanner: inout JSONScanner, _ line: UnsafeRawBufferPointer) throws(JSONScanner.Failure)
        -> String?
    {
        switch try scanner.nextKind(depth: 1) {
        case .string:
            let text = try scanner.string()
            return text.isEmpty ? nil : text
        case .number:
            return String(decoding: UnsafeRawBufferPointer(rebasing: line[try scanner.valueRange()]), as: UTF8.self)
        case .boolean:
            return try scanner.bool() ? "true" : "false"
        case .null:
            _ = try scanner.null()
            return nil
        case .array:
            var array = try scanner.openArray()
            var items: [String] = []
            while try scanner.nextElement(in: &array) {
                switch try scanner.nextKind(depth: 2) {
                case .string: items.append(try scanner.string())
                case .number:
                    items.append(
                        String(
                            decoding: UnsafeRawBufferPointer(rebasing: line[try scanner.valueRange()]), as: UTF8.self))
                default: try scanner.skipValue(depth: 2)
                }
            }
            return items.isEmpty ? nil : items.joined(separator: "|")
        case .object:
            try scanner.skipValue(depth: 1)
            return nil
        }
    }
}
