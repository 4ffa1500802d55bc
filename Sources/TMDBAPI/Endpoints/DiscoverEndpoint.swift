import Foundation
import HTTPClient

extension TMDB {
    /// One page of `discover/movie` or `discover/tv`, by the item type, with TMDB's filter parameters passed as
    /// query items (e.g. `with_genres=18`, `primary_release_year=1999`, `sort_by=vote_average.desc`).
    public struct Discover<Item: ListItem>: PagedEndpoint {
        /// Filter and sort parameters, in the order they are sent.
        public var parameters: [URLQueryItem]
        /// The 1-based page.
        public var page: Int
        /// The language of titles and overviews.
        public var language: String
        /// An ISO 3166-1 region (movies only), or nil.
        public var region: String?

        /// Parameters the client sets itself; a job's `params` must not name them.
        public static var reservedParameters: Set<String> { ["page", "language", "region", "api_key"] }

        /// Creates the endpoint for one page.
        public init(parameters: [URLQueryItem], page: Int, language: String = "en-US", region: String? = nil) {
            self.parameters = parameters
            self.page = page
            self.language = language
            self.region = region
        }

        /// `discover/<movie|tv>`
        public var path: String { "discover/\(Item.mediaType.rawValue)" }
        /// The filters, then `page`, `language` and (movies) `region`.
        public var queryItems: [URLQueryItem] {
            var items = parameters
            items.append(URLQueryItem(name: "page", value: String(page)))
            items.append(URLQueryItem(name: "language", value: language))
            if let region, Item.mediaType == .movie { items.append(URLQueryItem(name: "region", value: region)) }
            return items
        }
    }
}
