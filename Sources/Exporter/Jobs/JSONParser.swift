import HTTPClient
import JSON

/// Reads a job file into a ``JSONValue``, reporting syntax errors with line and column.
///
/// Foundation's parser reports only a character offset and, on Linux, cannot tell `1` from `true` reliably;
/// job files need both exact types and errors a person can act on. The reading is ``JSONScanner``'s; this adds
/// the values, the lines of keys, duplicate keys and positions a person can find.
enum JSONParser {
    /// A syntax error at a position in the text.
    struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// 1-based line.
        var line: Int
        /// 1-based column, counted in Unicode scalars.
        var column: Int
        var message: String
        /// Whether the text may be valid JSON that is only nested deeper than the parser follows.
        var isTooDeep = false
        var description: String {
            isTooDeep
                ? "JSON nested more than \(JSONScanner.maximumDepth) levels deep at line \(line), column \(column) "
                    + "(a job file needs 4)"
                : "invalid JSON at line \(line), column \(column): \(message)"
        }
    }

    /// Parses a complete JSON document.
    static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        let result = Array(text.utf8).withUnsafeBytes { bytes -> Result<JSONValue, SyntaxError> in
            var scanner = JSONScanner(bytes)
            do throws(JSONScanner.Failure) {
                let value = try parseValue(&scanner, depth: 0, in: bytes)
                guard scanner.isAtEnd() else { throw scanner.failure("unexpected text after the JSON value") }
                return .success(value)
            } catch {
                let (line, column) = position(of: error.offset, in: bytes)
                let message = error.key.map { "\(error.message) \(SafeText.quoted($0))" } ?? error.message
                return .failure(
                    SyntaxError(line: line, column: column, message: message, isTooDeep: error.isTooDeep))
            }
        }
        return try result.get()
    }

    private static func parseValue(
        _ scanner: inout JSONScanner, depth: Int, in bytes: UnsafeRawBufferPointer
    ) throws(JSONScanner.Failure) -> JSONValue {
        switch try scanner.nextKind(depth: depth) {
        case .object:
            var members: [JSONValue.Member] = []
            var object = try scanner.openObject()
            while let key = try scanner.nextKey(in: &object) {
                let line = position(of: scanner.keyOffset, in: bytes).line
                let value = try parseValue(&scanner, depth: depth + 1, in: bytes)
                if members.contains(where: { $0.key == key }) {
                    throw scanner.failure("duplicate key \(SafeText.quoted(key))")
                }
                members.append(JSONValue.Member(key: key, value: value, line: line))
            }
            return .object(members)
        case .array:
            var elements: [JSONValue] = []
            var array = try scanner.openArray()
            while try scanner.nextElement(in: &array) {
                elements.append(try parseValue(&scanner, depth: depth + 1, in: bytes))
            }
            return .array(elements)
        case .string:
            return .string(try scanner.string())
        case .boolean:
            return .bool(try scanner.bool())
        case .null:
            _ = try scanner.null()
            return .null
        case .number:
            switch try scanner.number() {
            case .integer(let value): return .integer(value)
            case .largeInteger(let value), .decimal(let value): return .number(value)
            }
        }
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    private static func position(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column =
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[lineStart..<end]), as: UTF8.self)
            .unicodeScalars.count + 1
        return (line, column)
    }
}
