import Foundation

/// How the client proves who it is. The secret is never printed: `description` hides it.
public enum Credentials: Sendable, Hashable, CustomStringConvertible {
    /// Sent as `Authorization: Bearer …`.
    case bearerToken(String)
    /// Sent as the `api_key` query item.
    case apiKey(String)

    /// Adds the credentials to a request: a header for a token, a query item for a key.
    public func authorize(url: URL, headers: inout [String: String]) -> URL {
        switch self {
        case .bearerToken(let token):
            headers["Authorization"] = "Bearer \(token)"
            return url
        case .apiKey(let key):
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
            components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "api_key", value: key)]
            return components.url ?? url
        }
    }

    public var description: String {
        switch self {
        case .bearerToken: "bearer token (Authorization header)"
        case .apiKey: "API key (api_key query item)"
        }
    }
}
