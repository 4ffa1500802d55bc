import Foundation
import HTTPClient

extension TMDB {
    /// One page of one of TMDB's four TV lists: `tv/popular`, `tv/top_rated`, `tv/on_the_air`, `tv/airing_today`.
    public struct TVList: PagedEndpoint {
        /// TV shows.
        public typealias Item = TVShow

        /// Which list.
        public enum Kind: String, CaseIterable, Sendable, Hashable {
            /// `tv/popular`
            case popular = "tv/popular"
            /// `tv/top_rated`
            case topRated = "tv/top_rated"
            /// `tv/on_the_air`: shows with an episode in the next seven days.
            case onTheAir = "tv/on_the_air"
            /// `tv/airing_today`
            case airingToday = "tv/airing_today"
        }

        /// Which list.
        public var kind: Kind
        /// The 1-based page, 1…500.
        public var page: Int
        /// The language of names and overviews.
        public var language: String

        /// Creates the endpoint for one page.
        public init(_ kind: Kind, page: Int, language: String = "en-US") {
            self.kind = kind
            self.page = page
            self.language = language
        }

        /// The list's path, e.g. `tv/top_rated`.
        public var path: String { kind.rawValue }
        /// `page` and `language`.
        public var queryItems: [URLQueryItem] {
            [URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "language", value: language)]
        }
    }
}
