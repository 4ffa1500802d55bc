import Foundation
import JSON
import Testing

@Suite("Repairing strings that are not valid Unicode")
struct JSONTextRepairTests {
    func repair(_ bytes: [UInt8]) -> JSONTextRepair.Repaired? {
        bytes.withUnsafeBytes { JSONTextRepair.repair($0) }
    }

    /// `text` with each `~` replaced by the next of `bytes`.
    func document(_ text: String, _ bytes: [UInt8] = []) -> [UInt8] {
        var remaining = bytes[...]
        return text.utf8.flatMap { $0 == UInt8(ascii: "~") ? [remaining.popFirst()!] : [$0] }
    }

    @Test(
        "leaves documents whose strings are valid Unicode alone",
        arguments: [
            #"{"title": "Café 日本語 🎬", "overview": "\ud83c\udfac \u00e9 \" \\ \/", "n": [1, 2.5, null]}"#,
            #"{"a": "\uD83C\uDFAC", "b": "\\ud83c", "c": "\\"}"#,
            #"{"page": 1, "results": []}"#, "", "\"", "\"\\",
        ])
    func validDocuments(text: String) {
        #expect(repair(Array(text.utf8)) == nil)
    }

    @Test(
        "replaces each ill-formed UTF-8 subpart with U+FFFD, as String(decoding:as:) does",
        arguments: [
            (#"{"t": "x~y"}"#, [0xFF], "x\u{FFFD}y"),
            (#"{"t": "euro: ~~"}"#, [0xE2, 0x82], "euro: \u{FFFD}"),
            (#"{"t": "~~"}"#, [0xC0, 0xAF], "\u{FFFD}\u{FFFD}"),
            (#"{"t": "~~~"}"#, [0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
            (#"{"t": "é~\n\"~"}"#, [0x80, 0xFE], "é\u{FFFD}\n\"\u{FFFD}"),
            (#"{"t": "\\~"}"#, [0xF5], "\\\u{FFFD}"),
        ] as [(String, [UInt8], String)])
    func invalidUTF8(text: String, bytes: [UInt8], expected: String) throws {
        let repaired = try #require(repair(document(text, bytes)))
        #expect(repaired.strings == 1)
        let value = try JSONDecoder().decode([String: String].self, from: Data(repaired.bytes))
        #expect(value["t"] == expected)
    }

    @Test(
        "replaces the \\u escape of a lone surrogate with \\ufffd and keeps pairs",
        arguments: [
            (#"{"t": "a\ud83cb"}"#, #"{"t": "a\ufffdb"}"#),
            (#"{"t": "\udc00"}"#, #"{"t": "\ufffd"}"#),
            (#"{"t": "\ud83c\u0041"}"#, #"{"t": "\ufffd\u0041"}"#),
            (#"{"t": "\ud83c\ud83c\udfac"}"#, #"{"t": "\ufffd\ud83c\udfac"}"#),
            (#"{"t": "end\uD800"}"#, #"{"t": "end\ufffd"}"#),
        ])
    func loneSurrogates(text: String, expected: String) throws {
        let repaired = try #require(repair(Array(text.utf8)))
        #expect(String(decoding: repaired.bytes, as: UTF8.self) == expected)
        #expect(repaired.strings == 1)
    }

    @Test(
        "replaces each \\u0000 with \\ufffd, as a lone surrogate, so that no NUL reaches a file",
        arguments: [
            (#"{"t": "a\u0000b"}"#, #"{"t": "a\ufffdb"}"#),
            (#"{"t": "\u0000\u0000"}"#, #"{"t": "\ufffd\ufffd"}"#),
            (#"{"t": "\\u0000"}"#, nil),
            (#"{"t": "\u00001"}"#, #"{"t": "\ufffd1"}"#),
            (#"{"t": "\ud800\u0000"}"#, #"{"t": "\ufffd\ufffd"}"#),
        ] as [(String, String?)])
    func nul(text: String, expected: String?) throws {
        let repaired = repair(Array(text.utf8))
        #expect(repaired.map { String(decoding: $0.bytes, as: UTF8.self) } == expected)
        #expect(repaired?.strings == (expected == nil ? nil : 1))
    }

    @Test("reads a document as it is when it can, and its repaired text, counted, when the reader refuses it")
    func reading() throws {
        func strings(_ text: String) throws -> (String, Int) {
            let result = Array(text.utf8).withUnsafeBytes { bytes in
                Result { () throws(JSONScanner.Failure) in
                    try JSONTextRepair.reading(bytes) { (document) throws(JSONScanner.Failure) -> String in
                        var scanner = JSONScanner(document)
                        scanner.refusesNUL = true
                        return try scanner.string()
                    }
                }
            }
            let (value, repaired) = try result.get()
            return (value, repaired)
        }
        #expect(try strings(#""a\u00e9""#) == ("aé", 0))
        #expect(try strings(#""a\u0000b""#) == ("a\u{FFFD}b", 1))
        #expect(try strings(#""\ud800 x""#) == ("\u{FFFD} x", 1))
        #expect(throws: JSONScanner.Failure.self) { try strings(#""\ud800 x"#) }
    }

    @Test("counts each string repaired once, keys included, and leaves bytes outside strings to the reader")
    func counts() throws {
        let bytes = document(#"{"k~": "~~", "ok": "fine", "v": ["~", "\ud800"]} ~"#, [0xFF, 0xC3, 0xFF, 0x80, 0xFE])
        let repaired = try #require(repair(bytes))
        #expect(repaired.strings == 4)
        #expect(repaired.bytes.last == 0xFE)
        #expect(
            String(decoding: repaired.bytes.dropLast(), as: UTF8.self)
                == "{\"k\u{FFFD}\": \"\u{FFFD}\u{FFFD}\", \"ok\": \"fine\", \"v\": [\"\u{FFFD}\", \"\\ufffd\"]} ")
    }

    @Test("gives JSONScanner and JSONDecoder the same strings to read")
    func readersAgree() throws {
        let bytes = document(#"{"a": "x~", "b": "\ud83c!", "c": "~\u00e9~"}"#, [0xFF, 0xE9, 0xC3])
        let repaired = try #require(repair(bytes))
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(repaired.bytes))
        let scanned = try repaired.bytes.withUnsafeBytes { buffer throws(JSONScanner.Failure) -> [String: String] in
            var scanner = JSONScanner(buffer)
            var values: [String: String] = [:]
            var object = try scanner.openObject()
            while let key = try scanner.nextKey(in: &object) { values[key] = try scanner.string() }
            return values
        }
        #expect(scanned == decoded)
        #expect(decoded == ["a": "x\u{FFFD}", "b": "\u{FFFD}!", "c": "\u{FFFD}é\u{FFFD}"])
    }
}
