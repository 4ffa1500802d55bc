/// Finds where a run of string bytes that need no attention ends, eight bytes at a time: the scanner and the
/// compaction spend most of their time inside strings, and most strings have no escapes.
enum StringRun {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The offset of the first byte at or after `start` that is a double quote, a backslash or a control character
    /// (below U+0020), or `bytes.count` if there is none; and whether a byte before it is not ASCII.
    static func end(in bytes: UnsafeRawBufferPointer, from start: Int) -> (end: Int, hasNonASCII: Bool) {
        var index = start
        var nonASCII: UInt64 = 0
        let count = bytes.count
        while index + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // A byte is zero in `word ^ (byte × ones)` where `word` holds `byte`; `(x - ones) & ~x & highBits` sets
            // the high bit of the first zero byte of x, and `(word - 0x20 × ones) & ~word & highBits` that of the
            // first byte below 0x20. Bytes after the first may be flagged wrongly (a borrow), bytes before it never.
            let quotes = word ^ (0x22 &* ones)
            let backslashes = word ^ (0x5C &* ones)
            let special =
                ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- 0x20 &* ones) & ~word)
            let flags = special & highBits
            if flags != 0 {
                // Little-endian: the lowest flagged byte comes first in memory.
                let position = flags.trailingZeroBitCount / 8
                let before = position == 0 ? 0 : word & (UInt64.max >> (64 - 8 * position))
                return (index + position, (nonASCII | before) & highBits != 0)
            }
            nonASCII |= word
            index += 8
        }
        var hasNonASCII = nonASCII & highBits != 0
        while index < count {
            let byte = bytes[index]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
            if byte >= 0x80 { hasNonASCII = true }
            index += 1
        }
        return (index, hasNonASCII)
    }
}
