/// One page of a change feed (`/movie/changes`, `/tv/changes`): ids only, 100 a page. The same id may appear on
/// several pages, and `adult` may be null.
public struct ChangesPage: Decodable, Sendable, Hashable {
    /// One changed item.
    public struct Change: Decodable, Sendable, Hashable {
        public var id: Int
        /// Null for some items in the real feed.
        public var adult: Bool?

        public init(id: Int, adult: Bool?) {
            self.id = id
            self.adult = adult
        }
    }

    public var results: [Change]
    public var page: Int
    public var totalPages: Int

    enum CodingKeys: String, CodingKey {
        case results, page
        case totalPages = "total_pages"
    }
}
