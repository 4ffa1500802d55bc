import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one reader of RFC 4180 records and fields, for every CSV file the tool reads back (the merge, the refresh of
/// carried rows, derived tables, the report): a line feed ends a record and a comma a field only outside double
/// quotes; inside them, `""` is a quote. It reads what ``CSVEncoding`` writes, byte for byte.
package enum CSVScanner {
    private static let quote: UInt8 = 0x22
    private static let comma: UInt8 = 0x2C
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    /// Looks for the line feed that ends a record, from `index` up to the end of `bytes`; `quoted` says whether
    /// `index` is inside quotes, and is left saying so of where the look stopped, so a record cut across reads is
    /// found by looking again from there. Jumps with `memchr` from quote to quote and to the line feed, so a record
    /// costs a few calls rather than a test per byte.
    /// - Returns: one past the line feed, or nil when `bytes` ends first (having looked through all of it).
    package static func recordEnd(in bytes: UnsafeRawBufferPointer, from index: Int, quoted: inout Bool) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let end = bytes.count
        func find(_ byte: UInt8, from start: Int, before stop: Int) -> Int? {
            guard start < stop, let hit = memchr(base + start, Int32(byte), stop - start) else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
        var index = index
        while index < end {
            if quoted {
                guard let closing = find(quote, from: index, before: end) else { return nil }
                quoted = false
                index = closing + 1
                continue
            }
            let lineFeed = find(lineFeed, from: index, before: end)
            if let opening = find(quote, from: index, before: lineFeed ?? end) {
                quoted = true
                index = opening + 1
            } else if let lineFeed {
                return lineFeed + 1
            } else {
                return nil
            }
        }
        return nil
    }

    /// The byte ranges of the records of a whole text, each with its line feed; a last record without one is
    /// included as it is.
    package static func recordRanges(in bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBytes { buffer in
            var ranges: [Range<Int>] = []
            var start = 0
            var quoted = false
            while let end = recordEnd(in: buffer, from: start, quoted: &quoted) {
                ranges.append(start..<end)
                start = end
            }
            if start < buffer.count { ranges.append(start..<buffer.count) }
            return ranges
        }
    }

    /// Hands `body` each field of one record (its line feed, if any, left out) with its column, as written: quotes
    /// included; ``value(of:)`` reads it. Stops early when `body` returns false.
    package static func fields(in record: UnsafeRawBufferPointer, _ body: (Int, Range<Int>) -> Bool) {
        let end = record.last == lineFeed ? record.count - 1 : record.count
        var column = 0
        var start = 0
        var quoted = false
        for index in 0..<end {
            let byte = record[index]
            if byte == quote {
                quoted.toggle()
            } else if byte == comma, !quoted {
                guard body(column, start..<index) else { return }
                column += 1
                start = index + 1
            }
        }
        _ = body(column, start..<end)
    }

    /// A field's value: its quotes taken off, `""` inside them read as one quote, and a carriage return outside
    /// them dropped (a record ended by CR LF).
    package static func value(of field: Slice<UnsafeRawBufferPointer>) -> [UInt8] {
        var value: [UInt8] = []
        value.reserveCapacity(field.count)
        var quoted = false
        var previousWasClosingQuote = false
        for byte in field {
            if byte == quote {
                if quoted {
                    quoted = false
                    previousWasClosingQuote = true
                    continue
                }
                if previousWasClosingQuote { value.append(quote) }
                quoted = true
            } else if quoted || byte != carriageReturn {
                value.append(byte)
            }
            previousWasClosingQuote = false
        }
        return value
    }
}
