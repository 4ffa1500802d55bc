import Foundation

/// One page in a page cache file: a one-line header, the body exactly as the server sent it, and a newline.
///
///     page 17 6234 9f1c0a2b3c4d5e6f\n<6234 bytes of body>\n
///
/// The header names the page, the body's length in bytes and its ``FNV1a64`` checksum in hex. Records are only
/// ever appended, without `fsync`, so a crash can leave the last one cut short or with bytes that never reached the
/// disk: ``scan(_:)`` stops at the first record that does not check out, and what follows is fetched again.
package struct PageLogRecord: Equatable, Sendable {
    /// The page number.
    package var page: Int
    /// Where the body lies in the file.
    package var body: Range<Int>

    /// The longest header ``scan(_:)`` accepts: the words, two numbers and 16 hex digits fit easily.
    package static let maximumHeaderBytes = 64

    /// The bytes that record `body` as `page`.
    package static func encode(page: Int, body: Data) -> Data {
        let checksum = String(FNV1a64.hash(body), radix: 16)
        var record = Data("page \(page) \(body.count) \(checksum)\n".utf8)
        record.reserveCapacity(record.count + body.count + 1)
        record.append(body)
        record.append(UInt8(ascii: "\n"))
        return record
    }

    /// The records of a file, in file order, up to the first that is incomplete or damaged; and the length of the
    /// valid prefix, where the next record belongs.
    package static func scan(_ file: Data) -> (records: [PageLogRecord], validLength: Int) {
        file.withUnsafeBytes { bytes in
            var records: [PageLogRecord] = []
            var offset = 0
            while let (record, end) = parse(bytes, at: offset) {
                records.append(record)
                offset = end
            }
            return (records, offset)
        }
    }

    /// The record starting at `offset` and the offset just past it, or nil if there is no valid record there.
    private static func parse(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> (PageLogRecord, Int)? {
        let headerLimit = min(bytes.count, offset + maximumHeaderBytes)
        guard offset < headerLimit,
            let newline = bytes[offset..<headerLimit].firstIndex(of: UInt8(ascii: "\n"))
        else { return nil }
        let header = String(decoding: bytes[offset..<newline], as: UTF8.self)
        let fields = header.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0] == "page",
            let page = Int(fields[1]), page >= 1,
            let length = Int(fields[2]), length >= 0,
            let checksum = UInt64(fields[3], radix: 16)
        else { return nil }
        let bodyStart = newline + 1
        let (bodyEnd, overflow) = bodyStart.addingReportingOverflow(length)
        guard !overflow, bodyEnd < bytes.count, bytes[bodyEnd] == UInt8(ascii: "\n") else { return nil }
        guard FNV1a64.hash(UnsafeRawBufferPointer(rebasing: bytes[bodyStart..<bodyEnd])) == checksum else { return nil }
        return (PageLogRecord(page: page, body: bodyStart..<bodyEnd), bodyEnd + 1)
    }
}
