/// A `/3/discover/tv` query: the filters and the order that select shows of the TV catalogue.
///
/// ``SandboxCatalogue/discoverShows(_:)`` answers it; the route builds one from the query items. Its `with_genres`
/// groups name ``SandboxGenre/tv`` ids, e.g. `10759|18`.
struct SandboxShowDiscovery: TitleDiscovery, Sendable, Equatable {
    /// The `sort_by` values: one key (``DiscoverSortKey``), then the lower id first on ties. `popularity.desc` is the
    /// default; undated shows come last by date; names sort by their UTF-8 bytes (code point order).
    enum Sort: String, CaseIterable, Sendable {
        case popularityDescending = "popularity.desc"
        case popularityAscending = "popularity.asc"
        case voteAverageDescending = "vote_average.desc"
        case voteAverageAscending = "vote_average.asc"
        case voteCountDescending = "vote_count.desc"
        case voteCountAscending = "vote_count.asc"
        case firstAirDateDescending = "first_air_date.desc"
        case firstAirDateAscending = "first_air_date.asc"
        case nameAscending = "name.asc"
        case nameDescending = "name.desc"

        /// Whether `left` comes before `right` in this order.
        func precedes(_ left: SandboxShow, _ right: SandboxShow) -> Bool {
            key.precedes(left, right, descending: rawValue.hasSuffix(".desc"))
        }

        private var key: DiscoverSortKey {
            switch self {
            case .popularityDescending, .popularityAscending: .popularity
            case .voteAverageDescending, .voteAverageAscending: .voteAverage
            case .voteCountDescending, .voteCountAscending: .voteCount
            case .firstAirDateDescending, .firstAirDateAscending: .date
            case .nameAscending, .nameDescending: .name
            }
        }
    }

    var withGenres: [[Int]] = []
    /// `first_air_date_year`: the first air date's year; undated shows never pass.
    var firstAirDateYear: Int? = nil
    /// `first_air_date.gte`, `first_air_date.lte`.
    var firstAirDate = DiscoverDateRange()
    var minimumVoteCount: Double? = nil
    var minimumVoteAverage: Double? = nil
    var includeAdult = false
    /// `sort_by`.
    var sort = Sort.popularityDescending

    /// No filters, popularity descending, adult shows excluded: what `/3/discover/tv` alone answers.
    init() {}

    /// Whether `show` passes every filter (the order aside).
    func matches(_ show: SandboxShow) -> Bool {
        guard passesSharedFilters(show) else { return false }
        if let firstAirDateYear, DateYear.of(show.firstAirDate) != firstAirDateYear { return false }
        return firstAirDate.contains(show.firstAirDate)
    }
}
