/// Text that came from a server or a file, made fit for a terminal or a log line.
///
/// A `status_message` holding `ESC [2J` would clear the screen of whoever reads the error; a 100 MB value quoted
/// in an error would be 100 MB of log. Everything such text passes through on its way to stderr goes through
/// here: control characters become visible escapes, and long values are cut with their length.
public enum SafeText {
    /// The longest excerpt of a value quoted in a message, in characters.
    public static let excerptLimit = 200

    /// `text` with every character that could act on a terminal written as an escape instead: C0 and C1 controls
    /// and DEL (`\n`, `\r`, `\t`, `\u{1B}` …), line and paragraph separators, and the bidirectional overrides
    /// that reorder what is shown. Idempotent; text without such characters comes back unchanged.
    public static func escaped<S: StringProtocol>(_ text: S) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` escaped and cut to `limit` characters; a cut one ends with `…` and says how long the whole was:
    /// `abc… (104857600 characters)`.
    public static func excerpt(_ text: String, limit: Int = excerptLimit) -> String {
        // The byte count is O(1); counting characters is done only when a cut is possible.
        guard text.utf8.count > limit else { return escaped(text) }
        let head = text.prefix(limit)
        guard head.endIndex < text.endIndex else { return escaped(text) }
        return escaped(head) + "… (\(text.count) characters)"
    }

    /// `text` as a quoted excerpt for an error message: `"abc"`, or `"abc…" (104857600 characters)` when cut.
    public static func quoted(_ text: String, limit: Int = excerptLimit) -> String {
        guard text.utf8.count > limit else { return "\"" + escaped(text) + "\"" }
        let head = text.prefix(limit)
        guard head.endIndex < text.endIndex else { return "\"" + escaped(text) + "\"" }
        return "\"" + escaped(head) + "…\" (\(text.count) characters)"
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional marks and overrides
        default: false
        }
    }
}
