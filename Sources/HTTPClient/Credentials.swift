import Foundation

/// How the client proves who it is to TMDB. The secret is never printed: `description` hides it.
public enum Credentials: Sendable, Hashable, CustomStringConvertible {
    /// A v4 read access token, sent as `Authorization: Bearer …`.
    case bearerToken(String)
    /// A v3 API key, sent as the `api_key` query item.
    case apiKey(String)

    /// The environment variable holding a bearer token.
    public static let tokenVariable = "TMDB_API_TOKEN"
    /// The environment variable holding an API key.
    public static let keyVariable = "TMDB_API_KEY"

    /// Credentials from `TMDB_API_TOKEN` (preferred) or `TMDB_API_KEY`; nil when neither is set and non-empty.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Credentials?
    {
        if let token = environment[tokenVariable]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty {
            return .bearerToken(token)
        }
        if let key = environment[keyVariable]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
            return .apiKey(key)
        }
        return nil
    }

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
        case .bearerToken: "bearer token from \(Credentials.tokenVariable)"
        case .apiKey: "API key from \(Credentials.keyVariable)"
        }
    }
}
