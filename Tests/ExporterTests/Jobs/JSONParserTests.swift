import Testing

@testable import Exporter

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

    @Test(
        "reports syntax errors with line and column",
        arguments: [
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

    /// Every syntax error the parser reports, with its exact position and message: job-file errors quote them.
    @Test(
        "keeps every syntax error's message and position",
        arguments: [
            ("", 1, 1, "unexpected end of file, expected a value"),
            ("  \n ", 2, 2, "unexpected end of file, expected a value"),
            ("{", 1, 2, "expected a quoted key"),
            ("{\"a\"", 1, 5, "expected ':' after key \"a\""),
            ("{\"a\":", 1, 6, "unexpected end of file, expected a value"),
            ("{\"a\": 1", 1, 8, "unexpected end of file, expected ',' or '}'"),
            ("{\"a\": 1 2}", 1, 9, "expected ',' or '}' after a value (missing comma?)"),
            ("{\"a\": 1,}", 1, 9, "trailing comma before '}'"),
            ("{1: 2}", 1, 2, "expected a quoted key"),
            ("{,}", 1, 2, "expected a quoted key"),
            ("[1,]", 1, 4, "trailing comma before ']'"),
            ("[1 2]", 1, 4, "expected ',' or ']' after a value (missing comma?)"),
            ("[1", 1, 3, "unexpected end of file, expected ',' or ']'"),
            ("[", 1, 2, "unexpected end of file, expected a value"),
            ("[,1]", 1, 2, "unexpected character ',', expected a value"),
            ("tru", 1, 1, "unexpected text, expected a value (strings need double quotes)"),
            ("nul", 1, 1, "unexpected text, expected a value (strings need double quotes)"),
            ("fals", 1, 1, "unexpected text, expected a value (strings need double quotes)"),
            ("True", 1, 1, "unexpected character 'T', expected a value"),
            ("'x'", 1, 1, "unexpected character ''', expected a value"),
            ("\u{7F}", 1, 1, "unexpected character 0x7F, expected a value"),
            ("é", 1, 1, "unexpected character 0xC3, expected a value"),
            ("\u{01}", 1, 1, "unexpected character 0x01, expected a value"),
            ("1 2", 1, 3, "unexpected text after the JSON value"),
            ("01", 1, 1, "leading zero in number"),
            ("-01", 1, 1, "leading zero in number"),
            ("-", 1, 2, "invalid number"),
            ("-a", 1, 2, "invalid number"),
            ("1.", 1, 3, "expected digits after '.'"),
            ("1.e5", 1, 3, "expected digits after '.'"),
            ("1e", 1, 3, "expected digits in exponent"),
            ("1e+", 1, 4, "expected digits in exponent"),
            ("\"abc", 1, 1, "unterminated string"),
            ("\"a\\", 1, 1, "unterminated string"),
            ("\"a\nb\"", 1, 3, "control character in string (escape newlines as \\n)"),
            ("\"\\q\"", 1, 4, "invalid escape \\q"),
            ("\"\\u12\"", 1, 4, "incomplete \\u escape"),
            ("\"\\u12G4\"", 1, 6, "invalid hex digit in \\u escape"),
            ("\"\\ud83c\"", 1, 8, "invalid \\u escape"),
            ("\"\\ud83c\\u0041\"", 1, 14, "invalid surrogate pair"),
            ("\"\\udc00\"", 1, 8, "invalid \\u escape"),
            ("\"\\ud83c\\u12\"", 1, 10, "incomplete \\u escape"),
            ("{\"a\": 1, \"a\": 2}", 1, 16, "duplicate key \"a\""),
            ("{\"é\": \"ü\" x}", 1, 11, "expected ',' or '}' after a value (missing comma?)"),
            ("{\"a\": 1}\n\n  x", 3, 3, "unexpected text after the JSON value"),
            ("{\n  \"a\": [1,\n    2,,\n  ]\n}", 3, 7, "unexpected character ',', expected a value"),
            ("{\"a\"\n  1}", 2, 3, "expected ':' after key \"a\""),
            ("[\"日本\", 1.5.2]", 1, 11, "expected ',' or ']' after a value (missing comma?)"),
            ("{\"a\": -}", 1, 8, "invalid number"),
            ("{\"a\": \"\t\"}", 1, 8, "control character in string (escape newlines as \\n)"),
            ("[1]]", 1, 4, "unexpected text after the JSON value"),
            ("[{}, {\"k\": [true, nul]}]", 1, 19, "unexpected text, expected a value (strings need double quotes)"),
            ("\u{FEFF}{}", 1, 1, "unexpected character 0xEF, expected a value"),
            ("{\"a\": 1e}", 1, 9, "expected digits in exponent"),
            ("[00]", 1, 2, "leading zero in number"),
            ("[-]", 1, 3, "invalid number"),
            ("[1,\n2\n3]", 3, 1, "expected ',' or ']' after a value (missing comma?)"),
        ])
    func everySyntaxError(text: String, line: Int, column: Int, message: String) {
        let error = #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text) }
        let expected = JSONParser.SyntaxError(line: line, column: column, message: message)
        #expect(error == expected, "\(text.debugDescription)")
    }

    @Test(
        "reads edge cases of valid JSON",
        arguments: [
            ("1e999", JSONValue.number(.infinity)),
            ("99999999999999999999", .number(1e20)),
            ("-0", .integer(0)),
            ("-1.5E-3", .number(-0.0015)),
            (#""\/\b\f""#, .string("/\u{08}\u{0C}")),
            (" [ ] ", .array([])),
            ("{}", .object([])),
        ])
    func validEdgeCases(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
    }

    @Test("records the line each key is on")
    func memberLines() throws {
        let value = try JSONParser.parse("{\"a\":\n 1,\n \"b\": 2}")
        guard case .object(let members) = value else {
            Issue.record("expected an object, got \(value)")
            return
        }
        #expect(members.map(\.line) == [1, 3])
    }

    @Test("says a document nested deeper than 64 levels is too deep, not invalid")
    func tooDeep() {
        let error = #expect(throws: JSONParser.SyntaxError.self) {
            try JSONParser.parse(String(repeating: "[", count: 65))
        }
        #expect(error == JSONParser.SyntaxError(line: 1, column: 65, message: "nested too deeply", isTooDeep: true))
        #expect(error?.description == "JSON nested more than 64 levels deep at line 1, column 65 (a job file needs 4)")
    }
}
