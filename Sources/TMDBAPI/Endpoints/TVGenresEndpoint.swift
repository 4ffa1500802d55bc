import Foundation
import HTTPClient

extension TMDB {
    /// `GET /genre/tv/list`: TV genre ids and their names. Fetched once per run when a job has TV lists.
    public struct TVGenres: Endpoint {
        /// Decodes to the list of genres.
        public typealias Response = GenreList
        /// The language of the names.
        public var language: String
        /// The endpoint path.
        public var path: String { "genre/tv/list" }
        /// Sends `language`.
        public var queryItems: [URLQueryItem] { [URLQueryItem(name: "language", value: language)] }
        /// Creates the endpoint.
        public init(language: String = "en-US") { self.language = language }
    }
}
