import Foundation
@testable import Exporter
import Testing

@Suite("JSON text")
struct JSONTextTests {
    @Test("escapes quotes, backslashes and control characters and keeps other text raw", arguments: [
        ("plain", "\"plain\""),
        ("say \"hi\"", "\"say \\\"hi\\\"\""),
        ("back\\slash", "\"back\\\\slash\""),
        ("a\nb\rc\td", "\"a\\nb\\rc\\td\""),
        ("\u{01}\u{1F}", "\"\\u0001\\u001f\""),
        ("👨‍👩‍👧 שלום", "\"👨‍👩‍👧 שלום\""),
    ])
    func escaping(input: String, expected: String) {
        var buffer: [UInt8] = []
        JSONText.appendString(input, to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == expected)
    }

    @Test("writes strings Foundation's parser reads back unchanged")
    func roundTrip() throws {
        let samples = ["\u{00}\u{07}\u{7F}", "\"\\/", "line\u{2028}sep", "🇫🇷", "\r\n"]
        for sample in samples {
            var buffer: [UInt8] = []
            JSONText.appendString(sample, to: &buffer)
            let parsed = try JSONSerialization.jsonObject(with: Data(buffer), options: .fragmentsAllowed) as? String
            #expect(parsed == sample)
        }
    }

    @Test("writes numbers in shortest round-trip form and non-finite as null", arguments: [
        (8.7, "8.7"), (9.0, "9.0"), (0.0, "0.0"), (1234.567, "1234.567"), (Double.nan, "null"),
    ])
    func numbers(value: Double, expected: String) {
        var buffer: [UInt8] = []
        JSONText.appendNumber(value, to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == expected)
    }
}
