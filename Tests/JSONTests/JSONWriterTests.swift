import Foundation
import JSON
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
    @Test(
        "escapes quotes, backslashes and control characters and keeps other text raw",
        arguments: [
            ("plain", "\"plain\""),
            ("a sentence too long for a small string", "\"a sentence too long for a small string\""),
            (
                "a sentence too long for a small string, \"quoted\"",
                "\"a sentence too long for a small string, \\\"quoted\\\"\""
            ),
            ("say \"hi\"", "\"say \\\"hi\\\"\""),
            ("back\\slash", "\"back\\\\slash\""),
            ("a\nb\rc\td", "\"a\\nb\\rc\\td\""),
            ("\u{01}\u{1F}", "\"\\u0001\\u001f\""),
            ("👨‍👩‍👧 שלום", "\"👨‍👩‍👧 שלום\""),
        ])
    func escaping(input: String, expected: String) {
        var writer = JSONWriter()
        writer.string(input)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    @Test("writes strings Foundation's parser reads back unchanged")
    func roundTrip() throws {
        let samples = ["\u{00}\u{07}\u{7F}", "\"\\/", "line\u{2028}sep", "🇫🇷", "\r\n"]
        for sample in samples {
            var writer = JSONWriter()
            writer.string(sample)
            let parsed =
                try JSONSerialization.jsonObject(with: Data(writer.bytes), options: .fragmentsAllowed) as? String
            #expect(parsed == sample)
        }
    }

    @Test(
        "writes numbers in shortest round-trip form and non-finite as null",
        arguments: [
            (8.7, "8.7"), (9.0, "9.0"), (0.0, "0.0"), (1234.567, "1234.567"), (Double.nan, "null"),
        ])
    func numbers(value: Double, expected: String) {
        var writer = JSONWriter()
        writer.number(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    @Test("puts commas between members and elements at every depth, and a line feed after each line")
    func structure() {
        var writer = JSONWriter()
        for line in 1...2 {
            writer.beginObject()
            writer.key("a")
            writer.beginArray()
            writer.integer(line)
            writer.beginObject()
            writer.endObject()
            writer.beginArray()
            writer.null()
            writer.bool(false)
            writer.endArray()
            writer.endArray()
            writer.key("b")
            writer.number(.infinity)
            writer.endObject()
            writer.endLine()
        }
        let expected = #"{"a":[1,{},[null,false]],"b":null}"# + "\n" + #"{"a":[2,{},[null,false]],"b":null}"# + "\n"
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        writer.removeAll()
        writer.string("x")
        #expect(writer.bytes == Array("\"x\"".utf8))
    }

    @Test(
        "writes integers as String(_:) does, Int.min and Int.max included",
        arguments: [0, 7, -7, 10, 99, 100, -1_000, 63_000_000, Int.max, Int.min])
    func integers(value: Int) {
        var writer = JSONWriter()
        writer.integer(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }

    @Test("writes a key known when compiling as a String key, escaped if it must be")
    func staticKeys() {
        var literal = JSONWriter()
        var string = JSONWriter()
        literal.beginObject()
        string.beginObject()
        literal.key("known_for_department")
        string.key("known_for_department" as String)
        literal.null()
        string.null()
        literal.key("say \"hi\"\n")
        string.key("say \"hi\"\n" as String)
        literal.bool(true)
        string.bool(true)
        literal.endObject()
        string.endObject()
        #expect(literal.bytes == string.bytes)
        #expect(String(decoding: literal.bytes, as: UTF8.self) == #"{"known_for_department":null,"say \"hi\"\n":true}"#)
    }
}
