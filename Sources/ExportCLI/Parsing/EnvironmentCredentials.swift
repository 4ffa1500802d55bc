import Foundation
import HTTPClient

/// Where the CLI finds TMDB credentials: the environment, never the command line (it would show in `ps`).
enum EnvironmentCredentials {
    /// Holds a v4 read access token, sent as `Authorization: Bearer …`.
    static let tokenVariable = "TMDB_API_TOKEN"
    /// Holds a v3 API key, sent as the `api_key` query item.
    static let keyVariable = "TMDB_API_KEY"

    /// Credentials from `TMDB_API_TOKEN` (preferred) or `TMDB_API_KEY`; nil when neither is set and non-empty.
    static func read(from environment: [String: String]) -> Credentials? {
        if let token = environment[tokenVariable]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty {
            return .bearerToken(token)
        }
        if let key = environment[keyVariable]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
            return .apiKey(key)
        }
        return nil
    }
}
