import Foundation
import HTTPClient

extension TMDB {
    /// `GET /movie/{id}`: one movie's details (runtime, budget, revenue, genres, IMDb id, status, tagline, …).
    public struct Details: Endpoint {
        /// Decodes to the movie's details.
        public typealias Response = MovieDetails
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
    }
}
