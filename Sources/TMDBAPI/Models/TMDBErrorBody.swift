import HTTPClient

extension TMDB {
    /// The `status_message` of TMDB's error body, for ``APIClient``'s `errorMessage`: the text printed after
    /// `HTTP 401: `.
    @Sendable public static func errorMessage(of response: HTTPResponse) -> String? {
        TMDBErrorBody.parse(response.body)?.statusMessage
    }
}
