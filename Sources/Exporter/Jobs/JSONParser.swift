import HTTPClient

/// A strict RFC 8259 JSON parser that reports syntax errors with line and column.
///
/// Foundation's parser reports only a character offset and, on Linux, cannot tell `1` from `true` reliably;
/// job files need both exact types and errors a person can act on.
public struct JSONParser {
    /// A syntax error at a position in the text.
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// 1-based line.
        public var line: Int
        /// 1-based column, counted in Unicode scalars.
        public var column: Int
        /// What was wrong.
        public var message: String
        /// Whether the text may be valid JSON that is only nested deeper than this parser follows.
        public var isTooDeep = false
        public var description: String {
            isTooDeep
                ? "JSON nested more than \(JSONParser.maximumDepth) levels deep at line \(line), column \(column) "
                    + "(a job file needs 4)"
                : "invalid JSON at line \(line), column \(column): \(message)"
        }
    }

    /// The deepest nesting of arrays and objects followed; deeper documents are refused, not parsed, so a
    /// hostile file cannot exhaust the stack.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    /// Parses a complete JSON document.
    public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String, at position: Int? = nil) -> SyntaxError {
        let end = min(position ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for offset in 0..<end where bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).unicodeScalars.count + 1
        return SyntaxError(line: line, column: column, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private var lineNumber: Int { bytes[..<index].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else {
            var tooDeep = error("nested too deeply")
            tooDeep.isTooDeep = true
            throw tooDeep
        }
        guard let byte = current else { throw error("unexpected end of file, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character \(describe(byte)), expected a value")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "0x%02X", byte)
    }

    private mutating func expectWord(_ word: String) throws(SyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("unexpected text, expected a value (strings need double quotes)")
        }
        index += expected.count
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
        index += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error(current == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a quoted key")
            }
            let line = lineNumber
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after key \(SafeText.quoted(key))") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            if members.contains(where: { $0.key == key }) { throw error("duplicate key \(SafeText.quoted(key))") }
            members.append(JSONValue.Member(key: key, value: value, line: line))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            case nil: throw error("unexpected end of file, expected ',' or '}'")
            default: throw error("expected ',' or '}' after a value (missing comma?)")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            case nil: throw error("unexpected end of file, expected ',' or ']'")
            default: throw error("expected ',' or ']' after a value (missing comma?)")
            }
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int, into scalars: inout String.UnicodeScalarView) {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = current else { throw error("unterminated string", at: start) }
            if byte == UInt8(ascii: "\"") {
                flush(index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in string (escape newlines as \\n)") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flush(index, into: &scalars)
            index += 1
            guard let escape = current else { throw error("unterminated string", at: start) }
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code), current == UInt8(ascii: "\\"),
                    index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                {
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                scalars.append(scalar)
            default:
                throw error("invalid escape \\\(Character(Unicode.Scalar(escape)))")
            }
            runStart = index
        }
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let begin = parser.index
            while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { parser.index += 1 }
            return parser.index - begin
        }
        let integerStart = index
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw error("invalid number") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { throw error("leading zero in number", at: start) }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits(&self) > 0 else { throw error("expected digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected digits in exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .integer(value) }
        guard let value = Double(text) else { throw error("invalid number", at: start) }
        return .number(value)
    }
}
