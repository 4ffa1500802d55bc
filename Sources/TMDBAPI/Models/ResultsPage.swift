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
    /// ``decode(_:)``).
    public var repairedStrings = 0

    /// The `dates` object: the first and last release date the list covers.
    public struct DateWindow: Sendable, Hashable {
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

    /// Creates a page (tests, fixtures).
    public init(page: Int, results: [Item], totalPages: Int, totalResults: Int, dates: DateWindow? = nil) {
        self.page = page
        self.results = LossyList(results)
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.dates = dates
    }

    /// Not decodable on its own: a page is read from its bytes by ``decode(_:)``, which list endpoints use. (An
    /// endpoint's response type must be `Decodable`.)
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "A ResultsPage is read by ResultsPage.decode(_:), not decoded"))
    }

    /// The last page TMDB will serve for this list: `min(total_pages, 500)`.
    public var lastServedPage: Int { Swift.min(totalPages, TMDB.maximumPage) }
}
