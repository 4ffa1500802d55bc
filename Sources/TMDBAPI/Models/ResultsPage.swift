public typealias MoviePage = ResultsPage<Movie>
public typealias TVPage = ResultsPage<TVShow>

/// One page of any of TMDB's paged lists. `now_playing` and `upcoming` add a `dates` object, read when present.
public struct ResultsPage<Item: ListItem>: Decodable, Sendable {
    public var page: Int
    /// The items on the page; items that did not decode are in `results.skipped`, rejected with their reasons.
    public var results: LossyList<Item>
    /// How many pages the list has (may exceed the 500 TMDB serves).
    public var totalPages: Int
    public var totalResults: Int
    /// The release-date window of `now_playing` and `upcoming`.
    public var dates: DateWindow?
    /// Strings of the body that were not valid Unicode and were read with U+FFFD in place of what was wrong (see
    /// ``decode(_:)``); 0 from `JSONDecoder` alone, which refuses them.
    public var repairedStrings = 0

    /// The `dates` object: the first and last release date the list covers.
    public struct DateWindow: Decodable, Sendable, Hashable {
        /// The latest release date, `YYYY-MM-DD`.
        public var maximum: String?
        /// The earliest release date, `YYYY-MM-DD`.
        public var minimum: String?

        /// Creates a window (tests, fixtures).
        public init(minimum: String?, maximum: String?) {
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    enum CodingKeys: String, CodingKey {
        case page, results, dates
        case totalPages = "total_pages"
        case totalResults = "total_results"
    }

    /// Creates a page (tests, fixtures).
    public init(page: Int, results: [Item], totalPages: Int, totalResults: Int, dates: DateWindow? = nil) {
        self.page = page
        self.results = LossyList(results)
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.dates = dates
    }

    /// Decodes a page; a missing `results` array is an error, odd items inside it are not.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.decode(Int.self, forKey: .page)
        results = try container.decode(LossyList<Item>.self, forKey: .results)
        totalPages = try container.decodeIfPresent(Int.self, forKey: .totalPages) ?? page
        totalResults = try container.decodeIfPresent(Int.self, forKey: .totalResults) ?? results.items.count
        dates = try? container.decodeIfPresent(DateWindow.self, forKey: .dates)
    }

    /// The last page TMDB will serve for this list: `min(total_pages, 500)`.
    public var lastServedPage: Int { Swift.min(totalPages, TMDB.maximumPage) }
}
