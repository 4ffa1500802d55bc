/// Removes insignificant whitespace from JSON text, leaving every other byte exactly as received: strings, their
/// escapes, numbers as written and the order of keys are untouched. Used to keep each details answer as one NDJSON
/// line. The text is expected to be valid JSON (the caller has read it); for any other text only whitespace outside
/// double-quoted runs is removed.
public enum JSONCompaction {
    /// Appends `text` without insignificant whitespace to `buffer`.
    public static func append(_ text: UnsafeRawBufferPointer, to buffer: inout [UInt8]) {
        buffer.reserveCapacity(buffer.count + text.count)
        var runStart = 0
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            switch byte {
            case 0x22:
                // Skips the string, escapes included, so that its whitespace stays.
                index += 1
                while index < count {
                    index = StringRun.end(in: text, from: index).end
                    guard index < count else { break }
                    let inner = text[index]
                    if inner == 0x5C {
                        index += 2
                    } else {
                        index += 1
                        if inner == 0x22 { break }
                    }
                }
            case 0x20, 0x0A, 0x0D, 0x09:
                if runStart < index {
                    buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[runStart..<index]))
                }
                index += 1
                runStart = index
            default:
                index += 1
            }
        }
        let end = min(index, count)
        if runStart < end { buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[runStart..<end])) }
    }

    /// `text` without insignificant whitespace, as one line ending in LF.
    public static func line(_ text: UnsafeRawBufferPointer) -> [UInt8] {
        var line: [UInt8] = []
        append(text, to: &line)
        line.append(0x0A)
        return line
    }
}
