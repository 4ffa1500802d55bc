import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a snapshot file one record at a time, in chunks, so that memory is a chunk (or the longest record) however
/// large the file; checks that keys never go down, since a merge of unsorted files would silently be wrong.
package final class SnapshotRecordReader {
    package let path: String
    package let format: SnapshotRecordFormat
    private let file: ChunkedFile
    private var buffer: [UInt8] { file.buffer }
    /// The current record's bytes in `buffer`.
    package private(set) var record: Range<Int> = 0..<0
    /// The current record's key: nil for a CSV header, or once the file is read to its end.
    package private(set) var key: Int?
    /// The current record's number in the file, from 1 (a CSV header is record 1).
    package private(set) var recordNumber = 0
    /// Bytes `buffer` holds from the start; the next record starts at `record.upperBound`.
    private var filled: Int { file.filled }
    /// How far the end of the next record was looked for, and whether that point is inside CSV quotes.
    private var scanned = 0
    private var quoted = false
    private var reachedEnd: Bool { file.reachedEnd }
    /// Records appended but not yet handed to their file: a range of `buffer`, written before it moves.
    private var pendingRun: Range<Int>?
    private var pendingTarget: AppendingFile?

    /// Opens `path`; `chunkSize` is how much each read asks for (tests make it tiny to split records across reads).
    package init(path: String, format: SnapshotRecordFormat, chunkSize: Int = 1 << 20) throws(OutputError) {
        self.path = path
        self.format = format
        file = try ChunkedFile(path: path, chunkSize: chunkSize)
    }

    /// Moves to the next record; false at the end of the file.
    /// - Throws: ``OutputError`` when the file cannot be read, ends inside a record, has a record without an integer
    ///   key, or has a key lower than the one before it.
    package func next() throws(OutputError) -> Bool {
        let previousKey = key
        guard let found = try nextRecord(from: record.upperBound) else {
            record = filled..<filled
            key = nil
            return false
        }
        record = found
        let (start, end) = (found.lowerBound, found.upperBound)
        recordNumber += 1
        guard format != .csv || recordNumber > 1 else {
            key = nil
            return true
        }
        let parsed = buffer.withUnsafeBytes { format.key(of: UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
        guard let parsed else {
            throw failure("record \(recordNumber) does not start with an integer id: \(excerpt())")
        }
        if let previousKey, parsed < previousKey {
            throw failure(
                "record \(recordNumber) has id \(parsed) after id \(previousKey): the file is not in id order")
        }
        key = parsed
        return true
    }

    /// Appends the current record, its LF included, to `file`, straight from the read buffer. Consecutive records
    /// are handed over as one run (``flushRun()``), so that a merge copies unchanged stretches in large pieces; call
    /// ``flushRun()`` before anything else is appended to `file`.
    package func appendRecord(to file: AppendingFile) throws(OutputError) {
        if let run = pendingRun, run.upperBound == record.lowerBound, pendingTarget === file {
            pendingRun = run.lowerBound..<record.upperBound
            return
        }
        try flushRun()
        pendingRun = record
        pendingTarget = file
    }

    /// Appends the records held back by ``appendRecord(to:)``.
    package func flushRun() throws(OutputError) {
        guard let range = pendingRun, let file = pendingTarget else { return }
        pendingRun = nil
        pendingTarget = nil
        let failure = buffer.withUnsafeBytes { bytes -> OutputError? in
            do throws(OutputError) {
                try file.append(UnsafeRawBufferPointer(rebasing: bytes[range]))
                return nil
            } catch { return error }
        }
        if let failure { throw failure }
    }

    /// A copy of the current record, its LF included.
    package var recordBytes: [UInt8] { Array(buffer[record]) }

    package func failure(_ reason: String) -> OutputError {
        OutputError(operation: "merge", path: path, reason: reason)
    }

    private func excerpt() -> String {
        let text = String(decoding: buffer[record].prefix(40), as: UTF8.self)
        return "\"\(text.replacingOccurrences(of: "\n", with: "\\n"))\""
    }

    /// The record starting at `start`, its LF included, reading more of the file as needed (which moves it to the
    /// front of the buffer); nil at the end.
    private func nextRecord(from start: Int) throws(OutputError) -> Range<Int>? {
        var start = start
        while true {
            if let end = scanForEnd() { return start..<end }
            if reachedEnd {
                guard start == filled else {
                    throw failure("the file ends inside record \(recordNumber + 1), which has no final line feed")
                }
                return nil
            }
            start = try readMore(keepingFrom: start)
        }
    }

    /// Looks for the LF that ends the record, from where the last look stopped (``CSVScanner`` for CSV, where a
    /// quoted LF does not end one).
    private func scanForEnd() -> Int? {
        let (from, filled, format) = (scanned, self.filled, self.format)
        var quoted = self.quoted
        let found = buffer.withUnsafeBytes { bytes -> Int? in
            let bytes = UnsafeRawBufferPointer(rebasing: bytes[..<filled])
            switch format {
            case .csv:
                return CSVScanner.recordEnd(in: bytes, from: from, quoted: &quoted)
            case .ndjson, .details:
                guard from < filled, let hit = memchr(bytes.baseAddress! + from, 0x0A, filled - from) else {
                    return nil
                }
                return bytes.baseAddress!.distance(to: UnsafeRawPointer(hit)) + 1
            }
        }
        scanned = found ?? filled
        self.quoted = found == nil ? quoted : false
        return found
    }

    /// Moves the unread bytes from `start` to the front, grows the buffer when a record fills it, and reads a chunk.
    /// - Returns: where the unread bytes now start (0).
    private func readMore(keepingFrom start: Int) throws(OutputError) -> Int {
        try flushRun()
        file.start = start
        _ = try file.readMore()
        if start > 0 {
            scanned -= start
            record = 0..<0
        }
        return 0
    }
}
