/// A `/3/discover/movie` query: the filters and the order that select movies of the catalogue.
///
/// ``SandboxCatalogue/discoverMovies(_:)`` answers it; the route builds one from the query items.
struct SandboxMovieDiscovery: TitleDiscovery, Sendable, Equatable {
    /// The `sort_by` values: one key (``DiscoverSortKey``), then the lower id first on ties. `popularity.desc` is the
    /// default; undated movies come last by date; titles sort by their UTF-8 bytes (code point order).
    enum Sort: String, CaseIterable, Sendable {
        case popularityDescending = "popularity.desc"
        case popularityAscending = "popularity.asc"
        case voteAverageDescending = "vote_average.desc"
        case voteAverageAscending = "vote_average.asc"
        case voteCountDescending = "vote_count.desc"
        case voteCountAscending = "vote_count.asc"
        case releaseDateDescending = "primary_release_date.desc"
        case releaseDateAscending = "primary_release_date.asc"
        case titleAscending = "title.asc"
        case titleDescending = "title.desc"

        /// Whether `left` comes before `right` in this order.
        func precedes(_ left: SandboxMovie, _ right: SandboxMovie) -> Bool {
            key.precedes(left, right, descending: rawValue.hasSuffix(".desc"))
        }

        private var key: DiscoverSortKey {
            switch self {
            case .popularityDescending, .popularityAscending: .popularity
            case .voteAverageDescending, .voteAverageAscending: .voteAverage
            case .voteCountDescending, .voteCountAscending: .voteCount
            case .releaseDateDescending, .releaseDateAscending: .date
            case .titleAscending, .titleDescending: .name
            }
        }
    }

    var withGenres: [[Int]] = []
    /// `primary_release_year`: the release date's year; undated movies never pass.
    var primaryReleaseYear: Int? = nil
    /// `year`: any release date's year; the sandbox has one date per movie, so the same test as above.
    var year: Int? = nil
    /// `primary_release_date.gte`, `primary_release_date.lte`.
    var primaryReleaseDate = DiscoverDateRange()
    var minimumVoteCount: Double? = nil
    var minimumVoteAverage: Double? = nil
    var includeAdult = false
    /// `sort_by`.
    var sort = Sort.popularityDescending

    /// No filters, popularity descending, adult movies excluded: what `/3/discover/movie` alone answers.
    init() {}

    /// Whether `movie` passes every filter (the order aside).
    func matches(_ movie: SandboxMovie) -> Bool {
        guard passesSharedFilters(movie) else { return false }
        if primaryReleaseYear != nil || year != nil {
            let released = DateYear.of(movie.releaseDate)
            if let primaryReleaseYear, released != primaryReleaseYear { return false }
            if let year, released != year { return false }
        }
        return primaryReleaseDate.contains(movie.releaseDate)
    }
}
