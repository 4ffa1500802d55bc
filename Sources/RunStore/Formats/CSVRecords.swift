/// Where each record of RFC 4180 CSV text starts and ends: a line feed ends a record only outside double quotes.
package enum CSVRecords {
    /// The byte ranges of the records, each with its line feed; a last record without one is included as it is.
    package static func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var quoted = false
        for (index, byte) in bytes.enumerated() {
            if byte == 0x22 {
                quoted.toggle()
            } else if byte == 0x0A, !quoted {
                ranges.append(start..<index + 1)
                start = index + 1
            }
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }
}
