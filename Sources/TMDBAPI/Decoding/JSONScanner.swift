/// A strict, forward-only JSON reader over UTF-8 bytes (RFC 8259), for decoders that know the shape they expect.
///
/// Every read either consumes a complete, valid value of the expected kind and returns it, or returns nil. After a
/// nil the position is unspecified, and the caller gives up on the document. So whatever a caller built from a
/// scan it completed came from valid JSON, values that ``skipValue()`` passed over included. Strings are
/// unescaped and checked as UTF-8. Numbers follow JSON's grammar: ``int()`` takes only integers that fit in `Int`,
/// and ``double()`` takes only finite values.
struct JSONScanner {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    /// How deep ``skipValue()`` may nest arrays and objects before giving up.
    static let maximumDepth = 64

    /// A reader at the start of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// The next byte that is not whitespace, without consuming it.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return offset < bytes.count ? bytes[offset] : nil
    }

    /// Consumes `byte` (after whitespace) if it comes next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool { peek() == nil }

    private mutating func consumeLiteral(_ literal: StaticString) -> Bool {
        skipWhitespace()
        let count = literal.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        let matches = literal.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[offset + $0] == expected[$0] }
        }
        if matches { offset += count }
        return matches
    }

    /// Consumes `null` if it comes next.
    mutating func consumeNull() -> Bool { consumeLiteral("null") }

    /// Reads `true` or `false`.
    mutating func bool() -> Bool? {
        if consumeLiteral("true") { return true }
        if consumeLiteral("false") { return false }
        return nil
    }

    /// Reads a string, unescaped.
    mutating func string() -> String? {
        guard consume(Self.quote) else { return nil }
        let start = offset
        var hasEscapes = false
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == Self.quote { break }
            if byte < 0x20 { return nil }
            if byte == Self.backslash {
                hasEscapes = true
                offset += 2
            } else {
                offset += 1
            }
        }
        guard offset < bytes.count else { return nil }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        guard hasEscapes else { return String(validating: raw, as: UTF8.self) }
        guard let unescaped = Self.unescape(raw) else { return nil }
        return String(validating: unescaped, as: UTF8.self)
    }

    /// The bytes of a string's contents with its escapes resolved, or nil if an escape is invalid.
    private static func unescape(_ raw: UnsafeRawBufferPointer) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == backslash else {
                result.append(byte)
                index += 1
                continue
            }
            guard index + 1 < raw.count else { return nil }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case quote, backslash, UInt8(ascii: "/"): result.append(escape)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(raw, at: index) else { return nil }
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one.
                    guard index + 6 <= raw.count, raw[index] == backslash, raw[index + 1] == UInt8(ascii: "u"),
                        let low = hex4(raw, at: index + 2), (0xDC00...0xDFFF).contains(low)
                    else { return nil }
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    return nil
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                result.append(contentsOf: UTF8.encode(unicode)!)
            default:
                return nil
            }
        }
        return result
    }

    private static func hex4(_ raw: UnsafeRawBufferPointer, at index: Int) -> UInt32? {
        guard index + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for byte in raw[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The extent of a number in JSON's grammar at the current position, and whether it is a bare integer.
    private mutating func numberExtent() -> (range: Range<Int>, isInteger: Bool)? {
        skipWhitespace()
        let start = offset
        var index = offset
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return nil
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
            isInteger = false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
            isInteger = false
        }
        // A number runs up to a delimiter: "01" or "1x" is not a number.
        if index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): break
            default: return nil
            }
        }
        offset = index
        return (start..<index, isInteger)
    }

    /// Reads an integer written without fraction or exponent that fits in `Int`.
    mutating func int() -> Int? {
        guard let (range, isInteger) = numberExtent(), isInteger else { return nil }
        var value = 0
        let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
        for index in (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound {
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = next
        }
        return value
    }

    /// Reads any number as a finite `Double`.
    mutating func double() -> Double? {
        guard let (range, _) = numberExtent() else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Reads an object, calling `member` with each key; `member` must consume the value. Returns false if the
    /// object is malformed or `member` returned false.
    mutating func object(_ member: (inout JSONScanner, String) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), consume(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    /// Reads an array, calling `element` for each element; `element` must consume it. Returns false if the array
    /// is malformed or `element` returned false.
    mutating func array(_ element: (inout JSONScanner) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "[")) else { return false }
        if consume(UInt8(ascii: "]")) { return true }
        repeat {
            guard element(&self) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }

    /// Consumes one value of any kind, checking that it is valid JSON.
    mutating func skipValue(depth: Int = 0) -> Bool {
        guard depth < Self.maximumDepth, let next = peek() else { return false }
        switch next {
        case Self.quote: return string() != nil
        case UInt8(ascii: "{"): return object { scanner, _ in scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): return array { scanner in scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return bool() != nil
        case UInt8(ascii: "n"): return consumeNull()
        default: return numberExtent() != nil
        }
    }
}

extension JSONScanner {
    /// Reads `null` as `.some(nil)` and a value `read` accepts as `.some(value)`; anything else is nil. This is
    /// how `decodeIfPresent` treats a key that is present.
    mutating func nullable<T>(_ read: (inout JSONScanner) -> T?) -> T?? {
        if consumeNull() { return .some(nil) }
        return read(&self).map { .some($0) }
    }

    /// Reads an array whose elements `read` accepts.
    mutating func array<T>(of read: (inout JSONScanner) -> T?) -> [T]? {
        var elements: [T] = []
        let complete = array { scanner in
            guard let element = read(&scanner) else { return false }
            elements.append(element)
            return true
        }
        return complete ? elements : nil
    }
}
