/// What `/3/discover/movie` and `/3/discover/tv` filter and sort a list title on, under one name for both: a
/// movie's release date and title, a show's first air date and name.
protocol DiscoverableTitle {
    var id: Int { get }
    var adult: Bool { get }
    var popularity: Double { get }
    var voteAverage: Double { get }
    var voteCount: Int { get }
    var genreIds: [Int] { get }
    /// `release_date` or `first_air_date`; empty when undated.
    var discoverDate: String { get }
    /// `title` or `name`.
    var discoverName: String { get }
    /// How `sort_by` names the date: `primary_release_date` or `first_air_date`.
    static var discoverDateField: String { get }
    /// How `sort_by` names the name: `title` or `name`.
    static var discoverNameField: String { get }
}

extension SandboxMovie: DiscoverableTitle {
    var discoverDate: String { releaseDate }
    var discoverName: String { title }
    static let discoverDateField = "primary_release_date"
    static let discoverNameField = "title"
}

extension SandboxShow: DiscoverableTitle {
    var discoverDate: String { firstAirDate }
    var discoverName: String { name }
    static let discoverDateField = "first_air_date"
    static let discoverNameField = "name"
}

/// What a `sort_by` value of either discover route sorts on.
enum DiscoverSortKey: CaseIterable, Sendable {
    case popularity, voteAverage, voteCount, date, name

    /// Whether `left` comes before `right` by this key, the lower id first on ties; undated titles last.
    func precedes<Title: DiscoverableTitle>(_ left: Title, _ right: Title, descending: Bool) -> Bool {
        switch self {
        case .popularity:
            Ordering.precedes((left.popularity, left.id), (right.popularity, right.id), descending: descending)
        case .voteAverage:
            Ordering.precedes((left.voteAverage, left.id), (right.voteAverage, right.id), descending: descending)
        case .voteCount:
            Ordering.precedes((left.voteCount, left.id), (right.voteCount, right.id), descending: descending)
        case .date:
            Ordering.precedes(
                date: (left.discoverDate, left.id), (right.discoverDate, right.id), descending: descending)
        case .name:
            Ordering.precedes(
                text: (left.discoverName, left.id), (right.discoverName, right.id), descending: descending)
        }
    }
}

extension Array where Element: DiscoverableTitle {
    /// `selected` (indices into the array) with their titles in `key`'s descending order, the lower id first on ties
    /// and undated titles last: the order of a fixed list such as `popular`.
    func indices(_ selected: [Int], by key: DiscoverSortKey) -> [Int] {
        selected.sorted { key.precedes(self[$0], self[$1], descending: true) }
    }
}

/// The filters both discover routes take: adult, votes and genres, and the order. Each query adds its own date
/// filters.
protocol TitleDiscovery: Equatable {
    associatedtype Title: DiscoverableTitle
    /// `sort_by`.
    var sort: DiscoverSort<Title> { get set }
    /// No filters, popularity descending, adult titles excluded: what the route alone answers.
    init()
    /// Whether `title` passes every filter (the order aside).
    func matches(_ title: Title) -> Bool
    /// `with_genres` as groups: a title passes when it has at least one genre of every group. `28,12` (all of) is
    /// `[[28], [12]]`, `28|12` (any of) is `[[28, 12]]`, `28,12|16` is `[[28], [12, 16]]`; empty: no filter.
    var withGenres: [[Int]] { get set }
    /// `vote_count.gte`: at least this many votes.
    var minimumVoteCount: Double? { get set }
    /// `vote_average.gte`: at least this average.
    var minimumVoteAverage: Double? { get set }
    /// `include_adult`: adult titles pass only when true (TMDB's default is false).
    var includeAdult: Bool { get set }
}

extension TitleDiscovery {
    /// Whether `title` passes the adult, vote and genre filters.
    func passesSharedFilters(_ title: some DiscoverableTitle) -> Bool {
        if title.adult && !includeAdult { return false }
        if let minimumVoteCount, Double(title.voteCount) < minimumVoteCount { return false }
        if let minimumVoteAverage, title.voteAverage < minimumVoteAverage { return false }
        return withGenres.allSatisfy { group in group.contains { title.genreIds.contains($0) } }
    }
}
