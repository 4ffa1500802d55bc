/// A name from a job file that becomes a folder, a file name or a data package's resource name (the job's `name`, a
/// request's `name`), checked byte by byte on its UTF-8.
///
/// A set of allowed `Character`s is not enough: Swift compares characters by canonical equivalence, so U+212A
/// KELVIN SIGN passes as `K`, naming a folder that looks like `Kelvin` but is not, and that collides with it once
/// a tool normalizes names.
enum PortableName {
    /// The longest name, in bytes.
    static let maximumBytes = 100

    /// What makes `name` unusable, e.g. `it holds U+212A KELVIN SIGN`, or nil when it is 1 to ``maximumBytes`` ASCII
    /// letters, digits and characters of `punctuation` (ASCII itself), not starting with `.` or `-`: never `.` or
    /// `..`, never a hidden file.
    static func problem(with name: String, punctuation: String) -> String? {
        let allowed = Array(punctuation.utf8)
        func isAllowed(_ byte: UInt8) -> Bool { isLetterOrDigit(byte) || allowed.contains(byte) }
        if name.isEmpty { return "it is empty" }
        if !name.utf8.allSatisfy(isAllowed) {
            let scalar = name.unicodeScalars.first { !$0.isASCII || !isAllowed(UInt8($0.value)) }!
            return "it holds \(described(scalar))"
        }
        if name.utf8.count > maximumBytes { return "it is \(name.utf8.count) bytes long" }
        if let first = name.utf8.first, first == UInt8(ascii: ".") || first == UInt8(ascii: "-") {
            return "it starts with '\(Character(Unicode.Scalar(first)))'"
        }
        return nil
    }

    /// `'/'` for a visible ASCII character, else its code point and, when it has one, its Unicode name:
    /// `U+212A KELVIN SIGN`, `U+0020 SPACE`, `U+0000` (control characters have none).
    static func described(_ scalar: Unicode.Scalar) -> String {
        if scalar.value > 0x20 && scalar.value < 0x7F { return "'\(Character(scalar))'" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let name = scalar.properties.name ?? scalar.properties.nameAlias else { return code }
        return "\(code) \(name)"
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }
}
