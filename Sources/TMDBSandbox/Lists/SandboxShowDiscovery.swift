/// A `/3/discover/tv` query: the filters and the order that select shows of the TV catalogue.
///
/// ``SandboxCatalogue/discoverShows(_:)`` answers it; the route builds one from the query items.
struct SandboxShowDiscovery: Sendable, Equatable {
    /// The `sort_by` values: one key, then the lower id first on ties.
    enum Sort: String, CaseIterable, Sendable {
        /// `popularity.desc`, the default.
        case popularityDescending = "popularity.desc"
        /// `popularity.asc`.
        case popularityAscending = "popularity.asc"
        /// `vote_average.desc`.
        case voteAverageDescending = "vote_average.desc"
        /// `vote_average.asc`.
        case voteAverageAscending = "vote_average.asc"
        /// `vote_count.desc`.
        case voteCountDescending = "vote_count.desc"
        /// `vote_count.asc`.
        case voteCountAscending = "vote_count.asc"
        /// `first_air_date.desc`; undated shows last.
        case firstAirDateDescending = "first_air_date.desc"
        /// `first_air_date.asc`; undated shows last.
        case firstAirDateAscending = "first_air_date.asc"
        /// `name.asc`, by the UTF-8 bytes of the name (code point order).
        case nameAscending = "name.asc"
        /// `name.desc`, by the UTF-8 bytes of the name (code point order).
        case nameDescending = "name.desc"

        /// Whether `left` comes before `right` in this order.
        func precedes(_ left: SandboxShow, _ right: SandboxShow) -> Bool {
            let descending = rawValue.hasSuffix(".desc")
            switch self {
            case .popularityDescending, .popularityAscending:
                return Ordering.precedes(
                    (left.popularity, left.id), (right.popularity, right.id), descending: descending)
            case .voteAverageDescending, .voteAverageAscending:
                return Ordering.precedes(
                    (left.voteAverage, left.id), (right.voteAverage, right.id), descending: descending)
            case .voteCountDescending, .voteCountAscending:
                return Ordering.precedes((left.voteCount, left.id), (right.voteCount, right.id), descending: descending)
            case .firstAirDateDescending, .firstAirDateAscending:
                return Ordering.precedes(
                    date: (left.firstAirDate, left.id), (right.firstAirDate, right.id), descending: descending)
            case .nameAscending, .nameDescending:
                return Ordering.precedes(text: (left.name, left.id), (right.name, right.id), descending: descending)
            }
        }
    }

    /// `with_genres` as groups of ``SandboxGenre/tv`` ids: a show passes when it has at least one genre of every
    /// group. `10759,18` (all of) is `[[10759], [18]]`, `10759|18` (any of) is `[[10759, 18]]`; empty: no filter.
    var withGenres: [[Int]] = []
    /// `first_air_date_year`: the first air date's year; undated shows never pass.
    var firstAirDateYear: Int? = nil
    /// `first_air_date.gte`, `first_air_date.lte`.
    var firstAirDate = DiscoverDateRange()
    /// `vote_count.gte`: at least this many votes.
    var minimumVoteCount: Double? = nil
    /// `vote_average.gte`: at least this average.
    var minimumVoteAverage: Double? = nil
    /// `include_adult`: adult shows pass only when true (TMDB's default is false).
    var includeAdult = false
    /// `sort_by`.
    var sort = Sort.popularityDescending

    /// No filters, popularity descending, adult shows excluded: what `/3/discover/tv` alone answers.
    init() {}

    /// Whether `show` passes every filter (the order aside).
    func matches(_ show: SandboxShow) -> Bool {
        if show.adult && !includeAdult { return false }
        if let minimumVoteCount, Double(show.voteCount) < minimumVoteCount { return false }
        if let minimumVoteAverage, show.voteAverage < minimumVoteAverage { return false }
        if let firstAirDateYear, DateYear.of(show.firstAirDate) != firstAirDateYear { return false }
        if !firstAirDate.contains(show.firstAirDate) { return false }
        return withGenres.allSatisfy { group in group.contains { show.genreIds.contains($0) } }
    }
}
