import Foundation
import HTTPClient

extension TMDB {
    /// How far back trending looks.
    public enum TimeWindow: String, Sendable, Hashable, CaseIterable {
        /// The last day.
        case day
        /// The last week.
        case week
    }

    /// One page of `trending/movie/{day|week}` or `trending/tv/{day|week}`, by the item type.
    public struct Trending<Item: ListItem>: PagedEndpoint {
        /// The time window.
        public var window: TimeWindow
        /// The 1-based page.
        public var page: Int
        /// The language of titles and overviews.
        public var language: String

        /// Creates the endpoint for one page.
        public init(_ window: TimeWindow, page: Int, language: String = "en-US") {
            self.window = window
            self.page = page
            self.language = language
        }

        /// `trending/<movie|tv>/<day|week>`
        public var path: String { "trending/\(Item.mediaType.rawValue)/\(window.rawValue)" }
        /// `page` and `language`.
        public var queryItems: [URLQueryItem] {
            [URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "language", value: language)]
        }
    }
}
