import JSON
import Testing

/// The scanner checks UTF-8 itself, ASCII eight bytes at a time, instead of asking `String(validating:as:)`: these
/// tests hold it to the standard library's verdict, with and without escapes in the string.
@Suite("JSON scanner: UTF-8 in strings")
struct JSONScannerUTF8Tests {
    /// The string `contents` makes between double quotes, or the failure reading it.
    static func read(_ contents: [UInt8]) -> Result<String, JSONScanner.Failure> {
        ([UInt8(ascii: "\"")] + contents + [UInt8(ascii: "\"")]).withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            return Result { () throws(JSONScanner.Failure) in try scanner.string() }
        }
    }

    /// What the scanner must make of `contents`, which holds no quote, backslash or control character: the string
    /// the standard library validates, or nil where it refuses the bytes.
    static func expected(_ contents: [UInt8]) -> String? {
        String(validating: contents, as: UTF8.self)
    }

    static func check(_ contents: [UInt8], escaped: Bool = false) {
        let escape: [UInt8] = escaped ? Array(#"\t"#.utf8) : []
        let result = read(escape + contents)
        switch (result, expected(contents)) {
        case (.success(let string), let expected?):
            #expect(string == (escaped ? "\t" : "") + expected, "\(contents)")
        case (.failure(let failure), nil):
            #expect(failure.message == "invalid UTF-8 in string" && failure.offset == 0, "\(contents): \(failure)")
        case (let result, let expected):
            Issue.record("\(contents): read \(result), expected \(String(describing: expected))")
        }
    }

    /// Bytes that end a string or start an escape, or may not appear in one raw.
    static func isStructural(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }

    @Test("agrees with the standard library on every one- and two-byte string", arguments: [false, true])
    func shortStrings(escaped: Bool) {
        for first in UInt8(0x20)...0xFF where !Self.isStructural(first) {
            Self.check([first], escaped: escaped)
            for second in UInt8(0x20)...0xFF where !Self.isStructural(second) {
                Self.check([first, second], escaped: escaped)
            }
        }
    }

    @Test(
        "agrees with the standard library on three- and four-byte sequences at every range boundary",
        arguments: [false, true])
    func longSequences(escaped: Bool) {
        let edges: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xFF]
        for lead in UInt8(0xC0)...0xFF {
            for second in edges {
                for third in edges {
                    Self.check([lead, second, third], escaped: escaped)
                    for fourth: UInt8 in [0x7F, 0x80, 0xBF, 0xC0] {
                        Self.check([lead, second, third, fourth], escaped: escaped)
                    }
                }
            }
        }
    }

    @Test("finds a bad byte at any position of a long ASCII string, in or after the eight-byte steps")
    func badByteAtEveryPosition() {
        for length in [7, 8, 9, 16, 17, 31] {
            for position in 0..<length {
                var contents = Array(repeating: UInt8(ascii: "a"), count: length)
                for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
                    contents.replaceSubrange(position..<position + 1, with: bad)
                    Self.check(contents)
                    contents = Array(repeating: UInt8(ascii: "a"), count: length)
                }
                contents[position] = 0xC3
                contents.insert(0xA9, at: position + 1)
                Self.check(contents)
            }
        }
    }

    @Test("reads valid text in every script, with and without escapes, as the standard library does")
    func validText() {
        for text in ["", "Fight Club", "Zoë Bell", "渡辺 謙", "Björk Guðmundsdóttir", "🎬 pop-corn 🍿", "a\u{10FFFF}b"] {
            Self.check(Array(text.utf8))
            Self.check(Array(text.utf8), escaped: true)
        }
    }
}
