import Foundation

/// Builds request URLs with strict percent-encoding.
///
/// `URLComponents` leaves `+`, `&`-like and other reserved characters in query values that servers read
/// differently (a literal `+` becomes a space), so query values are encoded here with only RFC 3986's
/// unreserved characters left as they are.
public enum QueryEncoding {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    private static let pathAllowed = unreserved.union(CharacterSet(charactersIn: "/:@!$'()*,;="))

    /// Percent-encodes a query name or value.
    public static func encodeQueryComponent(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    /// Joins a base URL and a relative path with exactly one slash, and appends the query items in order.
    /// Returns nil when the result is not a valid URL.
    public static func url(base: URL, path: String, queryItems: [URLQueryItem]) -> URL? {
        var baseString = base.absoluteString
        while baseString.hasSuffix("/") { baseString.removeLast() }
        var relative = Substring(path)
        while relative.hasPrefix("/") { relative = relative.dropFirst() }
        let encodedPath = String(relative).addingPercentEncoding(withAllowedCharacters: pathAllowed) ?? String(relative)
        var string = relative.isEmpty ? baseString : baseString + "/" + encodedPath
        if !queryItems.isEmpty {
            string +=
                "?"
                + queryItems.map { item in
                    encodeQueryComponent(item.name) + (item.value.map { "=" + encodeQueryComponent($0) } ?? "")
                }.joined(separator: "&")
        }
        return URL(string: string)
    }
}
