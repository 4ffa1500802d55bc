@testable import Exporter
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    @Test("keeps integers, decimals and booleans apart")
    func exactTypes() throws {
        let value = try JSONParser.parse(#"{"a": 1, "b": 1.5, "c": true, "d": null, "e": "x\u00e9\n", "f": [-2e3]}"#)
        #expect(value["a"] == .integer(1))
        #expect(value["b"] == .number(1.5))
        #expect(value["c"] == .bool(true))
        #expect(value["d"] == .null)
        #expect(value["e"] == .string("xé\n"))
        #expect(value["f"] == .array([.number(-2000)]))
    }

    @Test("decodes surrogate pairs")
    func surrogates() throws {
        #expect(try JSONParser.parse(#""\ud83c\uddeb\ud83c\uddf7""#) == .string("🇫🇷"))
    }

    @Test("reports syntax errors with line and column", arguments: [
        ("{\"a\": 1,}", 1, 9, "trailing comma"),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "missing comma"),
        ("{\"a\": 'x'}", 1, 7, "unexpected character"),
        ("{\"a\": 1", 1, 8, "unexpected end of file"),
        ("{\"a\": 1, \"a\": 2}", 1, 16, "duplicate key"),
        ("[01]", 1, 2, "leading zero"),
        ("{\"a\": \"é\" x}", 1, 11, "expected ','"),
    ])
    func syntaxErrors(text: String, line: Int, column: Int, message: String) {
        let error = #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text) }
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }
}
