/// A strict, forward-only JSON reader over UTF-8 bytes (RFC 8259): the package's one JSON reader besides
/// `JSONDecoder`. TMDB's list pages are read with it, and the job-file parser is built on it.
///
/// Each read consumes one complete, valid value of the kind asked for, or throws a ``Failure`` that says what was
/// wrong and where; after a failure the position is unspecified and the caller gives up on the document. So
/// whatever a caller built from a scan it completed came from valid JSON, values that ``skipValue(depth:)``
/// passed over included. Strings are unescaped and checked as UTF-8.
public struct JSONScanner {
    /// Why a read failed, at a byte offset of the document.
    public struct Failure: Error, Sendable, Hashable {
        public var offset: Int
        public var message: String
        /// The key the message is about, kept apart so that whoever prints the message can escape and cut it.
        public var key: String?
        /// Whether the text may be valid JSON that is only nested deeper than ``maximumDepth``.
        public var isTooDeep = false
    }

    /// The kinds of value, as told by their first byte.
    public enum Kind: Sendable {
        case object, array, string, boolean, null, number
    }

    /// A JSON number: an integer written without fraction or exponent that fits in `Int`, one that does not (its
    /// nearest `Double`, so that a reader can say "larger than a 64-bit integer"), or any other number.
    public enum Number: Sendable, Hashable {
        case integer(Int)
        case largeInteger(Double)
        case decimal(Double)
    }

    /// Where the scanner stands inside an object or array opened by ``openObject()`` or ``openArray()``.
    public struct Container {
        fileprivate var isFirst = true
    }

    /// How deep arrays and objects may nest.
    public static let maximumDepth = 64

    // Internal but usable from inlinable code: the few small reads every value starts with are inlined into the
    // decoders of other modules (callgrind: 1% of an export's instructions went to calling them).
    @usableFromInline let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    @usableFromInline var offset = 0
    /// The offset of the opening quote of the key ``nextKey(in:)`` read last.
    public private(set) var keyOffset = 0
    /// Whether a `\u0000` escape fails the read, for a reader that repairs it with ``JSONTextRepair`` instead of
    /// passing a NUL on (valid JSON, but no database loads it as text).
    public var refusesNUL = false

    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// A failure at `offset`, or at the current position.
    public func failure(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? self.offset, message: message)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    @inlinable mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// The next byte that is not whitespace, without consuming it.
    @inlinable mutating func peek() -> UInt8? {
        skipWhitespace()
        return offset < bytes.count ? bytes[offset] : nil
    }

    @inlinable mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    /// Whether only whitespace is left.
    public mutating func isAtEnd() -> Bool { peek() == nil }

    /// The kind of the value that comes next; throws if none can start here or it would nest deeper than
    /// ``maximumDepth`` (`depth` counts the containers around it).
    public mutating func nextKind(depth: Int) throws(Failure) -> Kind {
        let next = peek()
        guard depth < Self.maximumDepth else {
            var tooDeep = failure("nested too deeply")
            tooDeep.isTooDeep = true
            throw tooDeep
        }
        guard let next else { throw failure("unexpected end of file, expected a value") }
        switch next {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case Self.quote: return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw failure("unexpected character \(Self.describe(next)), expected a value")
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    @usableFromInline mutating func literal(_ word: StaticString) throws(Failure) {
        skipWhitespace()
        let count = word.utf8CodeUnitCount
        let matches =
            bytes.count - offset >= count
            && word.withUTF8Buffer { expected in (0..<count).allSatisfy { bytes[offset + $0] == expected[$0] } }
        guard matches else { throw failure("unexpected text, expected a value (strings need double quotes)") }
        offset += count
    }

    /// Reads `null` if it comes next; false, consuming nothing, if another value does.
    @inlinable public mutating func null() throws(Failure) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    public mutating func bool() throws(Failure) -> Bool {
        switch peek() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default:
            throw failure("expected true or false")
        }
    }

    /// Reads a string, unescaped.
    public mutating func string() throws(Failure) -> String {
        guard peek() == Self.quote else { throw failure("expected a string") }
        return try stringAtQuote()
    }

    /// The string whose opening quote is at the current offset.
    private mutating func stringAtQuote() throws(Failure) -> String {
        switch try stringBytesAtQuote() {
        case .borrowed(let bytes): String(decoding: bytes, as: UTF8.self)
        case .unescaped(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The UTF-8 of the string whose opening quote is at the current offset, checked and unescaped.
    private mutating func stringBytesAtQuote() throws(Failure) -> JSONKey.Storage {
        let start = offset
        let (index, hasNonASCII) = StringRun.end(in: bytes, from: start + 1)
        // Most strings have no escapes: check them in one go, ASCII without a look. The rest, and every malformed
        // string, go through the byte-by-byte reader, which says what is wrong first.
        guard index < bytes.count, bytes[index] == Self.quote else { return .unescaped(try unescapedBytes(start)) }
        offset = index + 1
        let contents = UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<index])
        guard !hasNonASCII || UTF8Validation.isValid(contents) else {
            throw failure("invalid UTF-8 in string", at: start)
        }
        return .borrowed(contents)
    }

    /// The UTF-8 of the string whose opening quote is at `start`, its escapes resolved.
    private mutating func unescapedBytes(_ start: Int) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        var index = start + 1
        while true {
            guard index < bytes.count else { throw failure("unterminated string", at: start) }
            let byte = bytes[index]
            if byte == Self.quote { break }
            if byte < 0x20 { throw failure("control character in string (escape newlines as \\n)", at: index) }
            guard byte == Self.backslash else {
                result.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { throw failure("unterminated string", at: start) }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case Self.quote, Self.backslash, UInt8(ascii: "/"): result.append(escape)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4(at: index)
                index += 4
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == Self.backslash,
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    let low = try hex4(at: index + 2)
                    index += 6
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid surrogate pair", at: index) }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw failure("invalid \\u escape", at: index) }
                if code == 0, refusesNUL { throw failure("NUL (\\u0000) in string", at: index) }
                result.append(contentsOf: UTF8.encode(scalar)!)
            default:
                throw failure("invalid escape \\\(Character(Unicode.Scalar(escape)))", at: index)
            }
        }
        offset = index + 1
        guard result.withUnsafeBytes(UTF8Validation.isValid) else {
            throw failure("invalid UTF-8 in string", at: start)
        }
        return result
    }

    private func hex4(at index: Int) throws(Failure) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("incomplete \\u escape", at: index) }
        var value: UInt32 = 0
        for position in index..<(index + 4) {
            guard let digit = Self.hexDigit(bytes[position]) else {
                throw failure("invalid hex digit in \\u escape", at: position)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The value of one hex digit of a `\\u` escape, or nil for any other byte.
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Reads a number. What follows it is the caller's to check: in `[1x]` the number is `1`, and the array fails.
    public mutating func number() throws(Failure) -> Number {
        guard let first = peek(), first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { throw failure("expected a number") }
        let start = offset
        let negative = first == UInt8(ascii: "-")
        if negative { offset += 1 }
        // The integer part's value, while it fits.
        var value = 0
        var fits = true
        let integerStart = offset
        while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") {
            if fits {
                let digit = Int(bytes[offset] - UInt8(ascii: "0"))
                let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (next, overflow2) =
                    negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                fits = !overflow1 && !overflow2
                value = next
            }
            offset += 1
        }
        let integerDigits = offset - integerStart
        guard integerDigits > 0 else { throw failure("invalid number") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw failure("leading zero in number", at: start)
        }
        var isInteger = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            isInteger = false
            guard skipDigits() > 0 else { throw failure("expected digits after '.'") }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            isInteger = false
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard skipDigits() > 0 else { throw failure("expected digits in exponent") }
        }
        if isInteger && fits { return .integer(value) }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let decimal = Double(text) else { throw failure("invalid number", at: start) }
        return isInteger ? .largeInteger(decimal) : .decimal(decimal)
    }

    private mutating func skipDigits() -> Int {
        let start = offset
        while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") {
            offset += 1
        }
        return offset - start
    }

    /// Reads an integer written without fraction or exponent that fits in `Int`.
    public mutating func int() throws(Failure) -> Int {
        guard case .integer(let value) = try number() else { throw failure("expected an integer") }
        return value
    }

    /// Reads any number as a finite `Double`. Like `JSONDecoder`, refuses one too large for a `Double` and one so
    /// small that it rounds to zero although a digit of it is not zero (`1e-400`): neither has a faithful value.
    public mutating func double() throws(Failure) -> Double {
        skipWhitespace()
        let start = offset
        switch try number() {
        case .integer(let value): return Double(value)
        case .largeInteger(let value), .decimal(let value):
            guard value.isFinite else { throw failure("number out of range") }
            if value == 0, hasNonzeroSignificand(start) { throw failure("number out of range (rounds to zero)") }
            return value
        }
    }

    /// Whether the number read from `start` to the current offset has a digit other than 0 before its exponent.
    private func hasNonzeroSignificand(_ start: Int) -> Bool {
        for index in start..<offset {
            switch bytes[index] {
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return false
            case UInt8(ascii: "1")...UInt8(ascii: "9"): return true
            default: continue
            }
        }
        return false
    }

    /// Consumes the `{` of an object; read its members with ``nextKey(in:)``.
    public mutating func openObject() throws(Failure) -> Container {
        guard consume(UInt8(ascii: "{")) else { throw failure("expected an object") }
        return Container()
    }

    /// Reads the next member's key and its colon, so that the value comes next; nil after the closing brace.
    public mutating func nextKey(in object: inout Container) throws(Failure) -> String? {
        guard try moveToKey(in: &object) else { return nil }
        let key = try stringAtQuote()
        try expectColon(after: key)
        return key
    }

    /// Reads the next member's key and its colon, like ``nextKey(in:)``, as bytes to match against literal keys.
    public mutating func nextKeyBytes(in object: inout Container) throws(Failure) -> JSONKey? {
        guard try moveToKey(in: &object) else { return nil }
        let key = JSONKey(try stringBytesAtQuote())
        try expectColon(after: key.string)
        return key
    }

    /// Moves to the opening quote of the next member's key; false after the closing brace.
    private mutating func moveToKey(in object: inout Container) throws(Failure) -> Bool {
        if object.isFirst {
            object.isFirst = false
            if consume(UInt8(ascii: "}")) { return false }
        } else {
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return false
            case nil: throw failure("unexpected end of file, expected ',' or '}'")
            default: throw failure("expected ',' or '}' after a value (missing comma?)")
            }
        }
        let next = peek()
        guard next == Self.quote else {
            throw failure(next == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a quoted key")
        }
        keyOffset = offset
        return true
    }

    private mutating func expectColon(after key: @autoclosure () -> String) throws(Failure) {
        guard consume(UInt8(ascii: ":")) else {
            var missingColon = failure("expected ':' after key")
            missingColon.key = key()
            throw missingColon
        }
    }

    /// Consumes the `[` of an array; step through its elements with ``nextElement(in:)``.
    public mutating func openArray() throws(Failure) -> Container {
        guard consume(UInt8(ascii: "[")) else { throw failure("expected an array") }
        return Container()
    }

    /// Moves to the next element, so that it comes next; false after the closing bracket.
    public mutating func nextElement(in array: inout Container) throws(Failure) -> Bool {
        if array.isFirst {
            array.isFirst = false
            if consume(UInt8(ascii: "]")) { return false }
        } else {
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return false
            case nil: throw failure("unexpected end of file, expected ',' or ']'")
            default: throw failure("expected ',' or ']' after a value (missing comma?)")
            }
        }
        if peek() == UInt8(ascii: "]") { throw failure("trailing comma before ']'") }
        return true
    }

    /// Consumes one value of any kind, like ``skipValue(depth:)``, and returns the bytes it spans.
    public mutating func valueRange() throws(Failure) -> Range<Int> {
        skipWhitespace()
        let start = offset
        try skipValue()
        return start..<offset
    }

    /// Consumes one value of any kind, checking that it is valid JSON.
    public mutating func skipValue(depth: Int = 0) throws(Failure) {
        switch try nextKind(depth: depth) {
        case .object:
            var object = try openObject()
            while try nextKey(in: &object) != nil { try skipValue(depth: depth + 1) }
        case .array:
            var array = try openArray()
            while try nextElement(in: &array) { try skipValue(depth: depth + 1) }
        case .string: _ = try string()
        case .boolean: _ = try bool()
        case .null: _ = try null()
        case .number: _ = try number()
        }
    }
}
