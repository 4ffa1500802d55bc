import Foundation
import JSON

extension LossyList {
    /// Gives each skipped element of a page's `results` its JSON text from `page` and its id, when it has one. Does
    /// nothing if the page's `results` cannot be told apart element by element as `JSONDecoder` read them.
    mutating func attachText(fromPage page: Data) {
        page.withUnsafeBytes { bytes in
            let outline = JSONOutline(bytes)
            guard let results = outline.members(ofObjectAt: 0)?.first(where: { outline.isKey($0.key, "results") }),
                let elements = outline.elements(ofArrayAt: results.value.lowerBound),
                elements.count == items.count + skipped.count
            else { return }
            for index in skipped.indices {
                let element = elements[skipped[index].position]
                skipped[index].raw = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[element]), as: UTF8.self)
                skipped[index].id = outline.members(ofObjectAt: element.lowerBound)?
                    .first { outline.isKey($0.key, "id") }
                    .flatMap { Self.integer(UnsafeRawBufferPointer(rebasing: bytes[$0.value])) }
            }
        }
    }

    /// The value as `JSONDecoder` reads an `Int` (`7`, `7.0`, `7e0`), or nil.
    private static func integer(_ value: UnsafeRawBufferPointer) -> Int? {
        var scanner = JSONScanner(value)
        switch try? scanner.number() {
        case .integer(let integer)?: return integer
        case .decimal(let decimal)?: return Int(exactly: decimal)
        case nil: return nil
        }
    }
}

/// Where the members of an object and the elements of an array lie in a JSON text, found by its structure alone
/// (strings, brackets, commas, colons), so that an element is found where `JSONDecoder` found it even when a string
/// escape or a number in it is invalid: `JSONDecoder` checks those only in the values it reads.
struct JSONOutline {
    private let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether the key (with its quotes) at `range` is `name`, written without escapes.
    func isKey(_ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount + 2 else { return false }
        return name.withUTF8Buffer { name in name.indices.allSatisfy { bytes[range.lowerBound + 1 + $0] == name[$0] } }
    }

    /// The keys (with their quotes) and values of the object that starts at `start` (after any whitespace), in order.
    func members(ofObjectAt start: Int) -> [(key: Range<Int>, value: Range<Int>)]? {
        var index = skipWhitespace(start)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        var members: [(key: Range<Int>, value: Range<Int>)] = []
        index = skipWhitespace(index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return members }
        while index < bytes.count, bytes[index] == UInt8(ascii: "\""), let keyEnd = valueEnd(index) {
            let key = index..<keyEnd
            index = skipWhitespace(keyEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index = skipWhitespace(index + 1)
            guard let end = valueEnd(index) else { return nil }
            members.append((key, index..<end))
            index = skipWhitespace(end)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return members }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipWhitespace(index + 1)
        }
        return nil
    }

    /// The elements of the array that starts at `start`, in order.
    func elements(ofArrayAt start: Int) -> [Range<Int>]? {
        var index = skipWhitespace(start)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        var elements: [Range<Int>] = []
        index = skipWhitespace(index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return elements }
        while let end = valueEnd(index) {
            elements.append(index..<end)
            index = skipWhitespace(end)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "]") { return elements }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipWhitespace(index + 1)
        }
        return nil
    }

    /// Where the value that starts at `start` ends: after its closing quote or bracket, or its last character.
    private func valueEnd(_ start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { return nil }
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return index == start ? nil : index }
                depth -= 1
                index += 1
            case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ":"):
                if depth == 0 { return index == start ? nil : index }
                index += 1
            default:
                index += 1
            }
            if depth == 0, index > start, bytes[index - 1] == UInt8(ascii: "\"") || isClosing(bytes[index - 1]) {
                return index
            }
        }
        return depth == 0 && index > start ? index : nil
    }

    private func isClosing(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") }

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
