/// A `/3/discover/tv` query: the filters and the order that select shows of the TV catalogue.
///
/// ``SandboxCatalogue/discoverShows(_:)`` answers it; the route builds one from the query items. Its `with_genres`
/// groups name ``SandboxGenre/tv`` ids, e.g. `10759|18`.
struct SandboxShowDiscovery: TitleDiscovery, Sendable, Equatable {
    typealias Sort = DiscoverSort<SandboxShow>

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
