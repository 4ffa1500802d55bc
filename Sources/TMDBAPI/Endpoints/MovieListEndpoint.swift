import Foundation
import HTTPClient

extension TMDB {
    /// One page of one of TMDB's four movie lists: `movie/popular`, `movie/top_rated`, `movie/now_playing`,
    /// `movie/upcoming`.
    public struct MovieList: Endpoint {
        /// Decodes to a page of movies.
        public typealias Response = MoviePage

        /// Which list.
        public enum Kind: String, CaseIterable, Sendable, Hashable {
            /// `movie/popular`
            case popular = "movie/popular"
            /// `movie/top_rated`
            case topRated = "movie/top_rated"
            /// `movie/now_playing` (carries a `dates` object)
            case nowPlaying = "movie/now_playing"
            /// `movie/upcoming` (carries a `dates` object)
            case upcoming = "movie/upcoming"
        }

        /// Which list.
        public var kind: Kind
        /// The 1-based page, 1…500.
        public var page: Int
        /// The language of titles and overviews, e.g. `en-US`.
        public var language: String
        /// An ISO 3166-1 region that filters release dates, or nil.
        public var region: String?

        /// Creates the endpoint for one page.
        public init(_ kind: Kind, page: Int, language: String = "en-US", region: String? = nil) {
            self.kind = kind
            self.page = page
            self.language = language
            self.region = region
        }

        /// The list's path, e.g. `movie/top_rated`.
        public var path: String { kind.rawValue }

        /// `page`, `language` and, when set, `region`.
        public var queryItems: [URLQueryItem] {
            var items = [
                URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "language", value: language),
            ]
            if let region { items.append(URLQueryItem(name: "region", value: region)) }
            return items
        }
    }
}
