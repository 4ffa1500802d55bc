import Foundation

/// The error body TMDB sends with non-2xx answers: `{"status_code":7,"status_message":"…","success":false}`.
public struct TMDBErrorBody: Decodable, Sendable, Hashable {
    /// TMDB's own error number (not the HTTP status).
    public var statusCode: Int?
    /// TMDB's human-readable explanation.
    public var statusMessage: String?

    enum CodingKeys: String, CodingKey {
        case statusCode = "status_code"
        case statusMessage = "status_message"
    }

    /// Parses the body if it is TMDB's error shape; nil for anything else (HTML, empty, other JSON).
    public static func parse(_ body: Data) -> TMDBErrorBody? {
        guard let parsed = try? JSONDecoder().decode(TMDBErrorBody.self, from: body),
            parsed.statusCode != nil || parsed.statusMessage != nil
        else { return nil }
        return parsed
    }
}
