import JSON
import Testing

@Suite("JSON compaction")
struct JSONCompactionTests {
    func compact(_ text: String) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes.withUnsafeBytes { JSONCompaction.line($0) }, as: UTF8.self)
    }

    @Test(
        "removes whitespace between tokens and keeps every other byte as received",
        arguments: [
            ("{ \"a\" : 1 ,\n\t\"b\" : [ true , null ] }", "{\"a\":1,\"b\":[true,null]}\n"),
            ("{\"a\":1}", "{\"a\":1}\n"),
            ("\r\n  [ 1.50 , -0e+3 , 1E2 ]  \n", "[1.50,-0e+3,1E2]\n"),
            ("{\"k e y\" : \"a  b\\n\\t c\"}", "{\"k e y\":\"a  b\\n\\t c\"}\n"),
            ("[\"quote \\\" inside \\\\\", \" x \"]", "[\"quote \\\" inside \\\\\",\" x \"]\n"),
            ("{ \"é 日本\" : \"\\u00e9 \\ud83c\\udfac 🎬\" }", "{\"é 日本\":\"\\u00e9 \\ud83c\\udfac 🎬\"}\n"),
            ("", "\n"),
        ])
    func compaction(input: String, expected: String) {
        #expect(compact(input) == expected)
    }

    @Test("keeps a string that ends in an escaped backslash from swallowing the whitespace after it")
    func escapedBackslashAtEnd() {
        #expect(compact("[ \"a\\\\\" , \"b\" ]") == "[\"a\\\\\",\"b\"]\n")
    }

    @Test("appends to what the buffer already holds")
    func appends() {
        var buffer = Array("x".utf8)
        Array(" [ 1 ] ".utf8).withUnsafeBytes { JSONCompaction.append($0, to: &buffer) }
        #expect(String(decoding: buffer, as: UTF8.self) == "x[1]")
    }

    /// Whitespace outside strings removed one byte at a time: what the compaction, which skips through strings
    /// eight bytes at a time, must give.
    static func compactedByteByByte(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var inString = false
        var escaped = false
        for byte in text {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
            } else if byte == 0x22 {
                inString = true
            } else if [0x20, 0x0A, 0x0D, 0x09].contains(byte) {
                continue
            }
            result.append(byte)
        }
        return result
    }

    @Test("keeps the whitespace of strings whose escapes, quotes and non-ASCII fall anywhere in an eight-byte step")
    func escapesAtEveryPosition() {
        for position in 0..<20 {
            for inner in [#"\""#, #"\\"#, "\\n", "é", "\\u00e9 "] {
                let contents = String(repeating: "a b", count: 8)
                let index = contents.index(contents.startIndex, offsetBy: position)
                let text =
                    Array(#"{ "k" : [ ""#.utf8) + Array(contents[..<index].utf8) + Array(inner.utf8)
                    + Array(contents[index...].utf8) + Array(#"" , "x y" ] }"#.utf8)
                let compacted = text.withUnsafeBytes { bytes in
                    var buffer: [UInt8] = []
                    JSONCompaction.append(bytes, to: &buffer)
                    return buffer
                }
                #expect(compacted == Self.compactedByteByByte(text), "\(String(decoding: text, as: UTF8.self))")
            }
        }
    }
}
