/// Appends JSON tokens to a byte buffer by hand.
///
/// Written by hand rather than with `JSONEncoder` so that an integral `vote_average` is emitted as `8`, not `8.0`,
/// absent values are real `null`s, keys keep TMDB's order, and non-ASCII text stays raw UTF-8 as TMDB sends it.
struct JSONBuffer {
    /// The UTF-8 bytes written so far.
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends text that is already valid JSON (punctuation, keys written as literals).
    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends bytes that are already valid JSON.
    mutating func raw(_ data: [UInt8]) {
        bytes.append(contentsOf: data)
    }

    /// Appends part of a buffer that is already valid JSON there (a fragment without its opening brace).
    mutating func raw(_ data: ArraySlice<UInt8>) {
        bytes.append(contentsOf: data)
    }

    /// Appends `"key":`, with the key escaped.
    mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Appends a quoted string: `"` `\` and control characters escaped, everything else raw UTF-8.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escape: copy it in one go.
        let plain = text.utf8.withContiguousStorageIfAvailable { !$0.contains(where: Self.needsEscape) }
        if plain == true {
            bytes.append(contentsOf: text.utf8)
        } else {
            for byte in text.utf8 {
                appendEscaped(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        let backslash = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), backslash:
            bytes.append(backslash)
            bytes.append(byte)
        case 0x0A:
            bytes.append(backslash)
            bytes.append(UInt8(ascii: "n"))
        case 0x0D:
            bytes.append(backslash)
            bytes.append(UInt8(ascii: "r"))
        case 0x09:
            bytes.append(backslash)
            bytes.append(UInt8(ascii: "t"))
        case 0x00..<0x20:
            bytes.append(backslash)
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        default:
            bytes.append(byte)
        }
    }

    /// Appends a string, or `null` when it is absent.
    mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    /// Appends an integer, digit by digit (no intermediate String: pages are built on every request).
    mutating func int(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// Appends a number in its shortest round-tripping form; integral values are written without a fraction.
    ///
    /// Non-finite values have no JSON form and are written as `null`.
    mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            int(Int(value))
        } else {
            raw(value.description)
        }
    }

    /// Appends `true` or `false`.
    mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    /// Appends `null`.
    mutating func null() {
        raw("null")
    }

    /// Appends `[` the strings separated by commas `]`.
    mutating func stringArray(_ values: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (offset, value) in values.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `[` then each element as an object, `{` its fields `}`, separated by commas, then `]`; `fields` writes
    /// one element's keys and values, starting with its first key (no comma before it).
    mutating func objectArray<Element>(
        _ elements: some Sequence<Element>, _ fields: (inout JSONBuffer, Element) -> Void
    ) {
        bytes.append(UInt8(ascii: "["))
        for (offset, element) in elements.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "{"))
            fields(&self, element)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
