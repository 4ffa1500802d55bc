/// Writes JSON values as UTF-8 bytes with exact control over key order and number format.
///
/// Strings escape `"`, `\` and every control character below U+0020 (as `\n`, `\r`, `\t`, `\b`, `\f` or
/// `\u00XX`); everything else, emoji and right-to-left text included, is written as raw UTF-8.
public enum JSONText {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends a JSON string literal.
    public static func appendString(_ string: String, to buffer: inout [UInt8]) {
        buffer.append(0x22)
        // Most strings need no escaping: copy them in one go.
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            buffer.append(contentsOf: string.utf8)
            buffer.append(0x22)
            return
        }
        for byte in string.utf8 {
            switch byte {
            case 0x22: buffer.append(contentsOf: [0x5C, 0x22])
            case 0x5C: buffer.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: buffer.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: buffer.append(contentsOf: [0x5C, 0x72])
            case 0x09: buffer.append(contentsOf: [0x5C, 0x74])
            case 0x08: buffer.append(contentsOf: [0x5C, 0x62])
            case 0x0C: buffer.append(contentsOf: [0x5C, 0x66])
            case 0..<0x20:
                buffer.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
            default: buffer.append(byte)
            }
        }
        buffer.append(0x22)
    }

    /// Appends a JSON number for a finite double in its shortest round-trip form; non-finite values become `null`.
    public static func appendNumber(_ value: Double, to buffer: inout [UInt8]) {
        guard value.isFinite else {
            buffer.append(contentsOf: "null".utf8)
            return
        }
        buffer.append(contentsOf: NumberText.decimal(value).utf8)
    }
}

/// Number formatting shared by the CSV and NDJSON writers so both files carry the same digits.
public enum NumberText {
    /// The shortest text that reads back as the same double: `8.7`, `8.0`, `1234.567`.
    public static func decimal(_ value: Double) -> String {
        value.description
    }
}
