import JSON

/// Where the members of an object and the elements of an array lie in a JSON text, found as `JSONDecoder` finds them
/// before it reads a single value: by structure alone. Brackets, commas, colons and quotes must be in place, literals
/// spelled out and numbers made of number characters (a digit or `-`, then `0-9 + - . e E`); but escapes and numbers
/// are checked only in the values a model reads, and a comma may follow an object's last member or an array's last
/// element. So a damaged page loses only the items whose own fields are damaged.
struct JSONOutline {
    /// One member of an object.
    struct Member {
        /// The key, unescaped; nil when its escapes are invalid.
        var name: String?
        var value: Range<Int>
    }

    /// How deep arrays and objects may nest, as for `JSONDecoder`.
    static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Where the text's one value lies, after any byte order mark and whitespace; nil unless the whole text is
    /// structurally valid JSON.
    func document() -> Range<Int>? {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        start = skipWhitespace(start)
        guard let end = valueEnd(start, depth: 1), skipWhitespace(end) == bytes.count else { return nil }
        return start..<end
    }

    /// The members of the object that starts at `start`, in order; nil if no valid object starts there.
    func members(ofObjectAt start: Int) -> [Member]? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        var members: [Member] = []
        let end = containerEnd(start, depth: 1) { key, value in
            guard let key else { return }
            var scanner = JSONScanner(UnsafeRawBufferPointer(rebasing: bytes[key]))
            members.append(Member(name: try? scanner.string(), value: value))
        }
        return end == nil ? nil : members
    }

    /// The elements of the array that starts at `start`, in order; nil if no valid array starts there.
    func elements(ofArrayAt start: Int) -> [Range<Int>]? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return nil }
        var elements: [Range<Int>] = []
        let end = containerEnd(start, depth: 1) { _, value in elements.append(value) }
        return end == nil ? nil : elements
    }

    /// Where the value that starts at `start` ends; nil if none starts there or it is not valid.
    private func valueEnd(_ start: Int, depth: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return containerEnd(start, depth: depth, nil)
        case UInt8(ascii: "\""): return stringEnd(start)
        case UInt8(ascii: "t"): return literalEnd(start, "true")
        case UInt8(ascii: "f"): return literalEnd(start, "false")
        case UInt8(ascii: "n"): return literalEnd(start, "null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            var index = start + 1
            while index < bytes.count, Self.isNumberCharacter(bytes[index]) { index += 1 }
            return index
        default: return nil
        }
    }

    /// Where the object or array that starts at `start` ends, calling `visit` with each member's key and value (or
    /// each element, with no key).
    private func containerEnd(
        _ start: Int, depth: Int, _ visit: ((_ key: Range<Int>?, _ value: Range<Int>) -> Void)?
    ) -> Int? {
        guard depth <= Self.maximumDepth else { return nil }
        let isObject = bytes[start] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var index = skipWhitespace(start + 1)
        if index < bytes.count, bytes[index] == close { return index + 1 }
        while true {
            var key: Range<Int>?
            if isObject {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(index) else {
                    return nil
                }
                key = index..<keyEnd
                index = skipWhitespace(keyEnd)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index = skipWhitespace(index + 1)
            }
            guard let end = valueEnd(index, depth: depth + 1) else { return nil }
            visit?(key, index..<end)
            index = skipWhitespace(end)
            guard index < bytes.count else { return nil }
            if bytes[index] == close { return index + 1 }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipWhitespace(index + 1)
            if index < bytes.count, bytes[index] == close { return index + 1 }
        }
    }

    /// After the closing quote of the string that starts at `start`; its escapes are not checked.
    private func stringEnd(_ start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return nil
    }

    private func literalEnd(_ start: Int, _ literal: StaticString) -> Int? {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - start >= count else { return nil }
        let matches = literal.withUTF8Buffer { literal in (0..<count).allSatisfy { bytes[start + $0] == literal[$0] } }
        return matches ? start + count : nil
    }

    private static func isNumberCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    private func skipWhitespace(_ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }
}
