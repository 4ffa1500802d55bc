import Foundation
import JSON
import Testing

@Suite("JSON scanner")
struct JSONScannerTests {
    /// Runs `read` over `text` and expects the whole text to be consumed.
    func scan<T>(_ text: String, _ read: (inout JSONScanner) throws(JSONScanner.Failure) -> T) throws -> T {
        try Array(text.utf8).withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            let value = try read(&scanner)
            let atEnd = scanner.isAtEnd()
            #expect(atEnd, "\(text) not read to the end")
            return value
        }
    }

    @Test(
        "reads integers that fit in Int as integers and every other number as a decimal",
        arguments: [
            ("0", JSONScanner.Number.integer(0)), ("-0", .integer(0)), ("9223372036854775807", .integer(.max)),
            ("-9223372036854775808", .integer(.min)), ("9223372036854775808", .largeInteger(9_223_372_036_854_775_808)),
            ("1.0", .decimal(1)), ("-2e3", .decimal(-2000)), ("1E+2", .decimal(100)), ("0.5e-1", .decimal(0.05)),
        ])
    func numbers(text: String, expected: JSONScanner.Number) throws {
        #expect(try scan(text) { scanner throws(JSONScanner.Failure) in try scanner.number() } == expected)
    }

    @Test(
        "reads a Double as JSONDecoder does: not one that overflows or rounds a nonzero to 0",
        arguments: [
            ("1e400", nil), ("-1e400", nil), ("1.8e308", nil), ("1e-400", nil), ("2e-324", nil), ("-0.0001e-330", nil),
            ("1.7976931348623158e308", 1.7976931348623157e308), ("5e-324", .leastNonzeroMagnitude),
            ("3e-324", .leastNonzeroMagnitude), ("0e-400", 0), ("0.000e999", 0), ("-0.0", -0.0), ("7", 7),
            ("1e-3", 0.001),
        ] as [(String, Double?)])
    func doubles(text: String, expected: Double?) throws {
        let read = Array(text.utf8).withUnsafeBytes { buffer -> Double? in
            var scanner = JSONScanner(buffer)
            return try? scanner.double()
        }
        #expect(read == expected, "\(text)")
        let decoded = try? JSONDecoder().decode([Double].self, from: Data("[\(text)]".utf8))
        #expect(decoded?.first == expected, "JSONDecoder reads \(text) differently")
    }

    @Test("gives the bytes a value spans")
    func valueRanges() throws {
        let text = #"[ {"a": [1, "]"]} , 2.5e1,"x" ]"#
        let ranges = try scan(text) { scanner throws(JSONScanner.Failure) -> [Range<Int>] in
            var ranges: [Range<Int>] = []
            var array = try scanner.openArray()
            while try scanner.nextElement(in: &array) { ranges.append(try scanner.valueRange()) }
            return ranges
        }
        let bytes = Array(text.utf8)
        #expect(ranges.map { String(decoding: bytes[$0], as: UTF8.self) } == [#"{"a": [1, "]"]}"#, "2.5e1", #""x""#])
    }

    @Test("reads strings with every escape, surrogate pairs and raw UTF-8")
    func strings() throws {
        let text = #" "a\"\\\/\b\f\n\r\t\u00e9\ud83c\udfac ü日本" "#
        let value = try scan(text) { scanner throws(JSONScanner.Failure) in try scanner.string() }
        #expect(value == "a\"\\/\u{08}\u{0C}\n\r\té🎬 ü日本")
    }

    @Test("walks objects and arrays member by member, and skips values of any kind")
    func containers() throws {
        let text = #"{"a": [1, {"x": [true, false, null]}, "s"], "b": {}, "c": [], "d": -1.5}"#
        let keys = try scan(text) { scanner throws(JSONScanner.Failure) -> [String] in
            var keys: [String] = []
            var object = try scanner.openObject()
            while let key = try scanner.nextKey(in: &object) {
                keys.append(key)
                try scanner.skipValue()
            }
            return keys
        }
        #expect(keys == ["a", "b", "c", "d"])
    }

    @Test(
        "fails with the offset of what is wrong",
        arguments: [
            ("\"1\"", "integer", 0), ("1.5", "integer", 3), ("99999999999999999999", "integer", 20), ("nul", "null", 0),
            ("[1 2]", "integers", 3), ("[1,]", "integers", 3), ("{\"a\" 1}", "object", 5), ("\"a\\qb\"", "string", 4),
        ])
    func failures(text: String, read: String, offset: Int) {
        let failure = Array(text.utf8).withUnsafeBytes { buffer -> JSONScanner.Failure? in
            var scanner = JSONScanner(buffer)
            do throws(JSONScanner.Failure) {
                switch read {
                case "integer": _ = try scanner.int()
                case "null": _ = try scanner.null()
                case "string": _ = try scanner.string()
                case "integers":
                    var array = try scanner.openArray()
                    while try scanner.nextElement(in: &array) { _ = try scanner.int() }
                default:
                    var object = try scanner.openObject()
                    while try scanner.nextKey(in: &object) != nil { try scanner.skipValue() }
                }
                return nil
            } catch {
                return error
            }
        }
        #expect(failure?.offset == offset, "\(text): \(String(describing: failure))")
    }

    @Test("finds the end, an escape or a control character of a string wherever it falls in an eight-byte step")
    func stringEndsAtEveryPosition() throws {
        for length in 0..<20 {
            let plain = String(repeating: "a", count: length)
            #expect(try scan(#""\#(plain)" "#) { scanner throws(JSONScanner.Failure) in try scanner.string() } == plain)
            let escaped = #""\#(plain)\tb""#
            #expect(
                try scan(escaped) { scanner throws(JSONScanner.Failure) in try scanner.string() } == plain + "\tb")
            let control = Array("\"\(plain)\u{01}b\"".utf8).withUnsafeBytes { buffer -> JSONScanner.Failure? in
                var scanner = JSONScanner(buffer)
                do throws(JSONScanner.Failure) {
                    _ = try scanner.string()
                    return nil
                } catch {
                    return error
                }
            }
            #expect(control?.offset == length + 1 && control?.message.hasPrefix("control character") == true)
        }
    }
}
