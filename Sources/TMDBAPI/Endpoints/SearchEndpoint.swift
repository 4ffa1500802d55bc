import Foundation
import HTTPClient

extension TMDB {
    /// One page of `search/movie` or `search/tv`, by the item type.
    public struct Search<Item: ListItem>: PagedEndpoint {
        /// The text to search for.
        public var query: String
        /// The 1-based page.
        public var page: Int
        /// The language of titles and overviews.
        public var language: String
        /// An ISO 3166-1 region (movies only), or nil.
        public var region: String?

        /// Creates the endpoint for one page.
        public init(query: String, page: Int, language: String = "en-US", region: String? = nil) {
            self.query = query
            self.page = page
            self.language = language
            self.region = region
        }

        /// `search/<movie|tv>`
        public var path: String { "search/\(Item.mediaType.rawValue)" }
        /// `query`, `page`, `language` and (movies) `region`.
        public var queryItems: [URLQueryItem] {
            var items = [
                URLQueryItem(name: "query", value: query), URLQueryItem(name: "page", value: String(page)),
                URLQueryItem(name: "language", value: language),
            ]
            if let region, Item.mediaType == .movie { items.append(URLQueryItem(name: "region", value: region)) }
            return items
        }
    }
}
