import Foundation
import HTTPClient

extension TMDB {
    /// `GET /genre/movie/list`: genre ids and their names in a language. Fetched once per run.
    public struct MovieGenres: Endpoint {
        /// Decodes to the list of genres.
        public typealias Response = GenreList
        /// The language of the names, e.g. `en-US`.
        public var language: String
        /// The endpoint path.
        public var path: String { "genre/movie/list" }
        /// Sends `language`.
        public var queryItems: [URLQueryItem] { [URLQueryItem(name: "language", value: language)] }
        /// Creates the endpoint.
        public init(language: String = "en-US") { self.language = language }
    }
}
