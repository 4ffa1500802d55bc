import Foundation
import HTTPClient

extension TMDB {
    /// One page of `movie/{id}/recommendations` or `movie/{id}/similar`.
    public struct RelatedMovies: PagedEndpoint {
        /// Movies.
        public typealias Item = Movie

        /// Which relation.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// `movie/{id}/recommendations`
            case recommendations
            /// `movie/{id}/similar`
            case similar
        }

        /// The movie the list is about.
        public var movieID: Int
        /// Which relation.
        public var kind: Kind
        /// The 1-based page.
        public var page: Int
        /// The language of titles and overviews.
        public var language: String

        /// Creates the endpoint for one page.
        public init(movieID: Int, kind: Kind, page: Int, language: String = "en-US") {
            self.movieID = movieID
            self.kind = kind
            self.page = page
            self.language = language
        }

        /// `movie/<id>/<recommendations|similar>`
        public var path: String { "movie/\(movieID)/\(kind.rawValue)" }
        /// `page` and `language`.
        public var queryItems: [URLQueryItem] {
            [URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "language", value: language)]
        }
    }
}
