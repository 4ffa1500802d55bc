/// Text from a run's data (titles, genre names, failure reasons, file names) made inert in HTML.
///
/// The same escaping serves element content and double- or single-quoted attribute values: `&`, `<`, `>`, `"` and
/// `'` become character references, so no data can close an element, open a tag or leave an attribute. Control
/// characters other than tab, LF and CR are not allowed in HTML and become U+FFFD.
package enum HTMLText {
    package static func escaped(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
