/// A `/3/discover/movie` query: the filters and the order that select movies of the catalogue.
///
/// ``SandboxCatalogue/discoverMovies(_:)`` answers it; the route builds one from the query items.
struct SandboxMovieDiscovery: TitleDiscovery, Sendable, Equatable {
    typealias Sort = DiscoverSort<SandboxMovie>

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
