/// Repairs the strings of a JSON document that are not valid Unicode, so that a reader keeps the rest of their
/// value instead of refusing it: each ill-formed UTF-8 sequence becomes U+FFFD, one per maximal ill-formed subpart
/// (the Unicode standard's recommended practice, as `String(decoding:as:)` does), and each `\u` escape of a lone
/// surrogate becomes `\ufffd`. So does each `\u0000`: valid JSON, but a NUL that PostgreSQL refuses in text and
/// that cuts a line for `psql`'s `\copy`, so the exporter's one rule for it is this repair. Bytes outside strings are
/// left alone: there anything but ASCII is a syntax error, the reader's to report.
///
/// `JSONScanner` and `JSONDecoder` both refuse such strings; given the repaired text, they read the same values.
public enum JSONTextRepair {
    /// A repaired document.
    public struct Repaired: Sendable, Hashable {
        /// The document, its strings repaired.
        public var bytes: [UInt8]
        /// How many strings, keys included, had something replaced.
        public var strings: Int
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let escapedReplacement = Array(#"\ufffd"#.utf8)

    /// Reads `document` with `read`; if that fails and the document has strings to repair, reads the repaired text
    /// instead, with how many strings were repaired. A reader that refuses `\u0000` (``JSONScanner/refusesNUL``)
    /// gets it repaired too, so NUL and invalid Unicode take one path.
    public static func reading<Value, Failure: Error>(
        _ document: UnsafeRawBufferPointer, _ read: (UnsafeRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> (value: Value, repairedStrings: Int) {
        do throws(Failure) {
            return (try read(document), 0)
        } catch {
            guard let repaired = repair(document) else { throw error }
            let value = repaired.bytes.withUnsafeBytes { bytes in Result { () throws(Failure) in try read(bytes) } }
            return (try value.get(), repaired.strings)
        }
    }

    /// The document with its strings repaired, or nil when every string is valid Unicode without NUL already.
    public static func repair(_ document: UnsafeRawBufferPointer) -> Repaired? {
        var output: [UInt8] = []
        var copied = 0
        var strings = 0
        var index = 0
        while index < document.count {
            guard document[index] == quote else {
                index += 1
                continue
            }
            let start = index + 1
            var end = start
            var suspect = false
            while end < document.count, document[end] != quote {
                if document[end] == backslash {
                    suspect =
                        suspect || surrogate(escapedAt: end, in: document) != nil || isNUL(escapedAt: end, in: document)
                    end += 2
                } else {
                    suspect = suspect || document[end] >= 0x80
                    end += 1
                }
            }
            end = min(end, document.count)
            if suspect, let contents = repairedContents(UnsafeRawBufferPointer(rebasing: document[start..<end])) {
                if output.isEmpty { output.reserveCapacity(document.count + 64) }
                output.append(contentsOf: document[copied..<start])
                output.append(contentsOf: contents)
                copied = end
                strings += 1
            }
            index = end + 1
        }
        guard strings > 0 else { return nil }
        output.append(contentsOf: document[copied...])
        return Repaired(bytes: output, strings: strings)
    }

    /// A string's contents (between its quotes) repaired, or nil if they need no repair.
    private static func repairedContents(_ contents: UnsafeRawBufferPointer) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(contents.count + 8)
        var changed = false
        // Unescaped bytes run from `runStart` to the next backslash; escapes never split a valid UTF-8 sequence.
        var runStart = 0
        var index = 0
        func appendRun(upTo end: Int) {
            let run = contents[runStart..<end]
            if run.contains(where: { $0 >= 0x80 }), String(validating: run, as: UTF8.self) == nil {
                result.append(contentsOf: String(decoding: run, as: UTF8.self).utf8)
                changed = true
            } else {
                result.append(contentsOf: run)
            }
        }
        while index < contents.count {
            guard contents[index] == backslash else {
                index += 1
                continue
            }
            appendRun(upTo: index)
            var length = min(2, contents.count - index)
            if isNUL(escapedAt: index, in: contents) {
                result.append(contentsOf: escapedReplacement)
                changed = true
                index += 6
                runStart = index
                continue
            }
            if let code = surrogate(escapedAt: index, in: contents) {
                length = 6
                if code < 0xDC00, let low = surrogate(escapedAt: index + 6, in: contents), low >= 0xDC00 {
                    length = 12
                } else {
                    result.append(contentsOf: escapedReplacement)
                    changed = true
                    index += length
                    runStart = index
                    continue
                }
            } else if index + 1 < contents.count, contents[index + 1] == UInt8(ascii: "u"),
                hexValue(at: index + 2, in: contents) != nil
            {
                length = 6
            }
            result.append(contentsOf: contents[index..<(index + length)])
            index += length
            runStart = index
        }
        appendRun(upTo: contents.count)
        return changed ? result : nil
    }

    /// Whether a `\u0000` escape is at `index`.
    private static func isNUL(escapedAt index: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        index + 1 < bytes.count && bytes[index] == backslash && bytes[index + 1] == UInt8(ascii: "u")
            && hexValue(at: index + 2, in: bytes) == 0
    }

    /// The code unit of a `\uXXXX` escape at `index` if it is a surrogate (U+D800 to U+DFFF).
    private static func surrogate(escapedAt index: Int, in bytes: UnsafeRawBufferPointer) -> UInt32? {
        guard index + 1 < bytes.count, bytes[index] == backslash, bytes[index + 1] == UInt8(ascii: "u"),
            let code = hexValue(at: index + 2, in: bytes), (0xD800..<0xE000).contains(code)
        else { return nil }
        return code
    }

    /// The value of four hex digits at `index`, or nil.
    private static func hexValue(at index: Int, in bytes: UnsafeRawBufferPointer) -> UInt32? {
        guard index >= 0, bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for position in index..<(index + 4) {
            guard let digit = JSONScanner.hexDigit(bytes[position]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
