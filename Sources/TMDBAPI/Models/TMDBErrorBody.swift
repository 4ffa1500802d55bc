import Foundation
import HTTPClient

/// The body TMDB sends with non-2xx answers: `{"status_code":7,"status_message":"…","success":false}`.
public struct TMDBErrorBody: Decodable, Sendable, Hashable {
    /// TMDB's own error number (not the HTTP status).
    public var statusCode: Int?
    public var statusMessage: String?

    enum CodingKeys: String, CodingKey {
        case statusCode = "status_code"
        case statusMessage = "status_message"
    }

    /// The body if it has TMDB's error shape; nil for anything else (HTML, empty, other JSON).
    public static func parse(_ body: Data) -> TMDBErrorBody? {
        guard let parsed = try? JSONDecoder().decode(TMDBErrorBody.self, from: body),
            parsed.statusCode != nil || parsed.statusMessage != nil
        else { return nil }
        return parsed
    }
}

extension TMDB {
    /// The `status_message` of TMDB's error body, for ``APIClient``'s `errorMessage`: the text printed after
    /// `HTTP 401: `.
    @Sendable public static func errorMessage(of response: HTTPResponse) -> String? {
        TMDBErrorBody.parse(response.body)?.statusMessage
    }
}
