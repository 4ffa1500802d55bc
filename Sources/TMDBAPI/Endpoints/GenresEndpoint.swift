import Foundation
import HTTPClient

extension TMDB {
    /// `GET /genre/movie/list` or `GET /genre/tv/list`: a media type's genre ids and their names in a language.
    /// Fetched once per run for each media type the job's lists have.
    public struct Genres: Endpoint {
        /// Decodes to the list of genres.
        public typealias Response = GenreList
        /// Whose genres: movies' or TV shows'.
        public var mediaType: MediaType
        /// The language of the names, e.g. `en-US`.
        public var language: String
        /// `genre/<movie|tv>/list`
        public var path: String { "genre/\(mediaType.rawValue)/list" }
        /// Sends `language`.
        public var queryItems: [URLQueryItem] { [URLQueryItem(name: "language", value: language)] }
        /// Creates the endpoint.
        public init(_ mediaType: MediaType, language: String = "en-US") {
            self.mediaType = mediaType
            self.language = language
        }
    }
}
