import Foundation
import HTTPClient

/// The body TMDB sends with non-2xx answers: `{"status_code":7,"status_message":"…","success":false}`, or for some
/// refused parameters (a list page above 500, answered 422) `{"errors":["page must be less than or equal to 500"]}`.
public struct TMDBErrorBody: Decodable, Sendable, Hashable {
    /// TMDB's own error number (not the HTTP status).
    public var statusCode: Int?
    public var statusMessage: String?
    /// The messages of the `errors` form.
    public var errors: [String]?

    enum CodingKeys: String, CodingKey {
        case statusCode = "status_code"
        case statusMessage = "status_message"
        case errors
    }

    /// The body if it has one of TMDB's error shapes; nil for anything else (HTML, empty, other JSON).
    public static func parse(_ body: Data) -> TMDBErrorBody? {
        guard let parsed = try? JSONDecoder().decode(TMDBErrorBody.self, from: body),
            parsed.statusCode != nil || parsed.statusMessage != nil || parsed.errors?.isEmpty == false
        else { return nil }
        return parsed
    }

    /// `status_message`, else the `errors` joined with `; `.
    public var message: String? {
        statusMessage ?? errors.flatMap { $0.isEmpty ? nil : $0.joined(separator: "; ") }
    }
}

extension TMDB {
    /// The message of TMDB's error body, for ``APIClient``'s `errorMessage`: the text printed after `HTTP 401: `.
    @Sendable public static func errorMessage(of response: HTTPResponse) -> String? {
        TMDBErrorBody.parse(response.body)?.message
    }
}
