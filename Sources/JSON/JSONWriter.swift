/// Writes JSON text as UTF-8 bytes, value by value, in the order the caller gives: the NDJSON files and the JSON log
/// lines. Commas between members and elements go in by themselves.
///
/// Strings escape `"`, `\` and every control character below U+0020 (as `\n`, `\r`, `\t`, `\b`, `\f` or
/// `\u00XX`); everything else, emoji and right-to-left text included, is written as raw UTF-8. Doubles are written
/// in their shortest round-trip form (`8.7`, `9.0`, `1e-07`), and NaN and infinities as `null`.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// Whether a value was written at the current level, so that the next key or element needs a comma.
    private var followsValue = false

    public init() {}

    private mutating func separate() {
        if followsValue { bytes.append(UInt8(ascii: ",")) }
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        followsValue = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        followsValue = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        followsValue = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        followsValue = true
    }

    /// Writes a member's key and colon; its value comes next.
    public mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        followsValue = false
    }

    /// Writes a member's key known when compiling, e.g. a column name, and its colon; its value comes next. Read
    /// straight from the binary's UTF-8, without a `String` in between.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(0x22)
        name.withUTF8Buffer { utf8 in
            if !appendUnescaped(utf8) { appendEscaped(String(decoding: utf8, as: UTF8.self)) }
        }
        bytes.append(0x22)
        bytes.append(UInt8(ascii: ":"))
        followsValue = false
    }

    public mutating func string(_ value: String) {
        separate()
        appendString(value)
        followsValue = true
    }

    public mutating func integer(_ value: Int) {
        separate()
        appendDigits(value)
        followsValue = true
    }

    /// Appends `value` in decimal, as `String(value)` writes it, without making the `String`.
    private mutating func appendDigits(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Int.min has 19 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        separate()
        let text = value.description
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
        followsValue = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        appendLiteral(value ? "true" : "false")
        followsValue = true
    }

    public mutating func null() {
        separate()
        appendLiteral("null")
        followsValue = true
    }

    /// Ends a line of NDJSON; the next value starts a new one.
    public mutating func endLine() {
        bytes.append(0x0A)
        followsValue = false
    }

    /// Cuts the buffer back to its first `count` bytes, where a line ended: a line written since is taken back.
    public mutating func truncate(to count: Int) {
        bytes.removeSubrange(count...)
        followsValue = false
    }

    /// Empties the buffer, keeping its capacity.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        followsValue = false
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func appendString(_ string: String) {
        bytes.append(0x22)
        // Most strings need no escaping: check and copy their bytes in one go. Through the contiguous UTF-8 that
        // native and small strings have, as String.UTF8View's iterator costs a call per byte.
        let copied = string.utf8.withContiguousStorageIfAvailable { utf8 in appendUnescaped(utf8) }
        if copied != true { appendEscaped(string) }
        bytes.append(0x22)
    }

    private mutating func appendLiteral(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `utf8` if it needs no escapes; false, appending nothing, if it does.
    private mutating func appendUnescaped(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
        bytes.append(contentsOf: utf8)
        return true
    }

    private mutating func appendEscaped(_ string: String) {
        for byte in string.utf8 {
            switch byte {
            case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
            case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
            case 0x08: bytes.append(contentsOf: [0x5C, 0x62])
            case 0x0C: bytes.append(contentsOf: [0x5C, 0x66])
            case 0..<0x20:
                bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30])
                bytes.append(contentsOf: [Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
    }
}
