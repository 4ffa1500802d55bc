import Foundation
import HTTPClient

extension TMDB {
    /// `GET /movie/{id}`: one movie's details (runtime, budget, revenue, genres, IMDb id, status, tagline, …).
    public struct Details: Endpoint {
        /// Read as the movie catalogue reads it, with nothing appended.
        public typealias Response = MovieRecord
        /// The movie.
        public var movieID: Int
        /// The language of the title, overview and tagline.
        public var language: String

        /// Creates the endpoint.
        public init(movieID: Int, language: String = "en-US") {
            self.movieID = movieID
            self.language = language
        }

        /// `movie/<id>`
        public var path: String { "movie/\(movieID)" }
        /// `language`.
        public var queryItems: [URLQueryItem] { [URLQueryItem(name: "language", value: language)] }

        /// Reads the body with ``MovieRecord/init(details:)``.
        public func decodeResponse(_ response: HTTPResponse) throws -> MovieRecord {
            try response.body.withUnsafeBytes { bytes throws(CatalogueRecordError) in try MovieRecord(details: bytes) }
        }
    }
}
