import Foundation

/// Removes credentials from URLs and from text that may quote one.
///
/// An API key travels as a query item (``Credentials/apiKey(_:)`` sends `api_key`), so any URL that is logged,
/// written to a manifest or put in an error message goes through here first.
public enum URLRedaction {
    /// Query item names whose values are secrets.
    public static let secretQueryItems: Set<String> = ["api_key", "access_token", "token", "session_id"]

    /// The URL as a string with secret query values replaced by `REDACTED` and any user:password removed.
    public static func redact(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return redact(text: url.absoluteString)
        }
        components.user = nil
        components.password = nil
        if let items = components.queryItems {
            components.queryItems = items.map { item in
                secretQueryItems.contains(item.name.lowercased())
                    ? URLQueryItem(name: item.name, value: "REDACTED") : item
            }
        }
        return components.string ?? redact(text: url.absoluteString)
    }

    /// The text with every `api_key=…`-style value and every `Bearer …` token replaced by `REDACTED`.
    public static func redact(text: String) -> String {
        var result = text
        for name in secretQueryItems {
            result = replaceValues(after: name + "=", in: result, stoppingAt: "&#\" \n\t,;)}]'")
        }
        result = replaceValues(after: "Bearer ", in: result, stoppingAt: "\" \n\t,;)}]'")
        return result
    }

    private static func replaceValues(after marker: String, in text: String, stoppingAt terminators: String) -> String {
        guard text.range(of: marker, options: .caseInsensitive) != nil else { return text }
        let stops = Set(terminators)
        var output = ""
        var rest = Substring(text)
        while let range = rest.range(of: marker, options: .caseInsensitive) {
            output += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let end = rest.firstIndex(where: { stops.contains($0) }) ?? rest.endIndex
            if end != rest.startIndex { output += "REDACTED" }
            rest = rest[end...]
        }
        output += rest
        return output
    }
}
