import Foundation
import RunStore

#if canImport(Glibc)
    import Glibc
#endif

/// A CSV file's rows in PostgreSQL's COPY text format (`movies.pgtext` beside `movies.csv`), which the PostgreSQL
/// scripts load instead of the CSV when the CSV holds a line that is exactly `\.` (LF or CR LF): psql 15's `\copy`
/// takes such a line for the end of the data even inside a quoted field, and stops with `unterminated CSV quoted
/// field`. In the text format a value's backslash is written `\\`, so no line of the twin is `\.`, and every value
/// stays exact. Written only for such files; the CSV the analysts read is left as it is.
///
/// No header; tab between fields; backslash, tab, CR and LF escaped; an empty field is `\N`, as the CSV's unquoted
/// empty field is NULL in `\copy … (FORMAT csv)` (the CSV writer never quotes an empty value).
package enum PostgresTextTwin {
    package static let fileExtension = "pgtext"

    /// The twin's path beside `csvPath` (relative or absolute): its `.csv` replaced.
    package static func path(for csvPath: String) -> String {
        let stem = csvPath.hasSuffix(".csv") ? String(csvPath.dropLast(4)) : csvPath
        return "\(stem).\(fileExtension)"
    }

    /// Whether `bytes` hold a line that is exactly `\.`, ended by LF, CR LF or the end of the text.
    package static func hasEndOfDataLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var lineStart = 0
        while lineStart < bytes.count {
            let rest = bytes.count - lineStart
            if rest >= 2, bytes[lineStart] == backslash, bytes[lineStart + 1] == period {
                if rest == 2 || bytes[lineStart + 2] == lineFeed { return true }
                if rest == 3 && bytes[lineStart + 2] == carriageReturn { return true }
                if rest > 3 && bytes[lineStart + 2] == carriageReturn && bytes[lineStart + 3] == lineFeed {
                    return true
                }
            }
            guard let hit = memchr(bytes.baseAddress! + lineStart, Int32(lineFeed), rest) else { return false }
            lineStart = bytes.baseAddress!.distance(to: UnsafeRawPointer(hit)) + 1
        }
        return false
    }

    /// The twin of one CSV text: its records after the header, in the text format.
    package static func text(ofCSV bytes: [UInt8]) -> [UInt8] {
        var twin: [UInt8] = []
        bytes.withUnsafeBytes { buffer in
            for range in CSVScanner.recordRanges(in: bytes).dropFirst() {
                appendRecord(UnsafeRawBufferPointer(rebasing: buffer[range]), to: &twin)
            }
        }
        return twin
    }

    /// Writes the twin of the CSV file at `csvPath` to `twinPath`, a record at a time: memory is a chunk (or the
    /// longest record), however large the file.
    /// - Parameter chunkSize: how much each read asks for (tests make it tiny to split records across reads).
    package static func writeTwin(ofCSV csvPath: String, to twinPath: String, chunkSize: Int = 1 << 20)
        throws(OutputError)
    {
        let file = try ChunkedFile(path: csvPath, chunkSize: chunkSize)
        let writer = try AtomicFileWriter(finalPath: twinPath)
        do throws(OutputError) {
            var twin: [UInt8] = []
            var (recordStart, scanned, quoted, isHeader) = (0, 0, false, true)
            func take(_ end: Int) {
                if !isHeader {
                    file.buffer.withUnsafeBytes {
                        appendRecord(UnsafeRawBufferPointer(rebasing: $0[recordStart..<end]), to: &twin)
                    }
                }
                (isHeader, recordStart, scanned, quoted) = (false, end, end, false)
            }
            while true {
                let filled = file.filled
                let end = file.buffer.withUnsafeBytes {
                    CSVScanner.recordEnd(
                        in: UnsafeRawBufferPointer(rebasing: $0[..<filled]), from: scanned, quoted: &quoted)
                }
                if let end {
                    take(end)
                    if twin.count >= 1 << 20 {
                        try writer.write(twin)
                        twin.removeAll(keepingCapacity: true)
                    }
                    continue
                }
                scanned = filled
                file.start = recordStart
                let more = try file.readMore()
                if file.start == 0 {  // the unread bytes moved to the front
                    scanned -= recordStart
                    recordStart = 0
                }
                guard more else { break }
            }
            if recordStart < file.filled { take(file.filled) }
            try writer.write(twin)
            _ = try writer.commit()
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Writes the twin of each file of `csvPaths` (relative to `directory`) that holds a `\.` line.
    /// - Returns: the paths, as given, of the files that got one.
    package static func write(_ csvPaths: [String], in directory: String) throws(OutputError) -> Set<String> {
        var twinned: Set<String> = []
        for relative in Set(csvPaths).sorted() {
            let path = (directory as NSString).appendingPathComponent(relative)
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) } catch {
                throw OutputError(operation: "read", path: path, reason: "\(error)")
            }
            guard data.withUnsafeBytes(hasEndOfDataLine) else { continue }
            try writeTwin(ofCSV: path, to: (directory as NSString).appendingPathComponent(Self.path(for: relative)))
            twinned.insert(relative)
        }
        return twinned
    }

    /// One CSV record, its line feed included or not, as a line of the text format.
    private static func appendRecord(_ record: UnsafeRawBufferPointer, to twin: inout [UInt8]) {
        CSVScanner.fields(in: record) { column, field in
            if column > 0 { twin.append(tab) }
            appendValue(CSVScanner.value(of: record[field]), to: &twin)
            return true
        }
        twin.append(lineFeed)
    }

    /// The twin of `csvPath` as a resource of the data package: a file frictionless checks by its size and hash.
    package static func resource(twinning csvPath: String, in directory: String) throws(OutputError)
        -> DataPackage.Resource
    {
        let path = Self.path(for: csvPath)
        let digest = try FileDigest.sha256(of: (directory as NSString).appendingPathComponent(path))
        return DataPackage.Resource(
            name: DataPackage.resourceName(path), path: path, profile: "data-resource", type: "file",
            format: fileExtension, mediatype: "text/plain",
            description: "The rows of \(csvPath) in PostgreSQL's COPY text format, which the PostgreSQL scripts load "
                + "instead (the CSV holds a line that is exactly \\., where psql's \\copy would stop).",
            bytes: digest.bytes, hash: "sha256:\(digest.sha256)")
    }

    private static func appendValue(_ value: [UInt8], to twin: inout [UInt8]) {
        guard !value.isEmpty else {
            twin += [backslash, 0x4E]
            return
        }
        for byte in value {
            switch byte {
            case backslash: twin += [backslash, backslash]
            case tab: twin += [backslash, 0x74]
            case lineFeed: twin += [backslash, 0x6E]
            case carriageReturn: twin += [backslash, 0x72]
            default: twin.append(byte)
            }
        }
    }

    private static let backslash: UInt8 = 0x5C
    private static let period: UInt8 = 0x2E
    private static let tab: UInt8 = 0x09
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
}
