/// A `sort_by` value of a discover route: one key (``DiscoverSortKey``) and a direction, then the lower id first on
/// ties. `popularity.desc` is the default; undated titles come last by date; names sort by their UTF-8 bytes (code
/// point order). The route's own words spell the date and the name: `primary_release_date` and `title` for movies,
/// `first_air_date` and `name` for shows.
struct DiscoverSort<Title: DiscoverableTitle>: RawRepresentable, CaseIterable, Hashable, Sendable {
    var key: DiscoverSortKey
    var descending: Bool

    /// The default order.
    static var popularityDescending: Self { Self(key: .popularity, descending: true) }

    /// Every `sort_by` the route takes: each key descending, then ascending.
    static var allCases: [Self] {
        DiscoverSortKey.allCases.flatMap { [Self(key: $0, descending: true), Self(key: $0, descending: false)] }
    }

    init(key: DiscoverSortKey, descending: Bool) {
        self.key = key
        self.descending = descending
    }

    /// The sort a `sort_by` value names, e.g. `vote_average.desc`; nil for a value the route does not take.
    init?(rawValue: String) {
        guard let sort = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = sort
    }

    var rawValue: String {
        let field =
            switch key {
            case .popularity: "popularity"
            case .voteAverage: "vote_average"
            case .voteCount: "vote_count"
            case .date: Title.discoverDateField
            case .name: Title.discoverNameField
            }
        return field + (descending ? ".desc" : ".asc")
    }

    /// Whether `left` comes before `right` in this order.
    func precedes(_ left: Title, _ right: Title) -> Bool {
        key.precedes(left, right, descending: descending)
    }
}
