import HTTPClient

extension TMDB {
    /// `GET /configuration`: the image base URL and the valid image sizes. Fetched once per run.
    public struct Configuration: Endpoint {
        /// Decodes to the API configuration.
        public typealias Response = APIConfiguration
        /// The endpoint path.
        public var path: String { "configuration" }
        /// Creates the endpoint.
        public init() {}
    }
}
