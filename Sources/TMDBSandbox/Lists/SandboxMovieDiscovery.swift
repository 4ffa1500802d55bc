/// A `/3/discover/movie` query: the filters and the order that select movies of the catalogue.
///
/// ``SandboxCatalogue/discoverMovies(_:)`` answers it; the route builds one from the query items.
struct SandboxMovieDiscovery: Sendable, Equatable {
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
        /// `primary_release_date.desc`; undated movies last.
        case releaseDateDescending = "primary_release_date.desc"
        /// `primary_release_date.asc`; undated movies last.
        case releaseDateAscending = "primary_release_date.asc"
        /// `title.asc`, by the UTF-8 bytes of the title (code point order).
        case titleAscending = "title.asc"
        /// `title.desc`, by the UTF-8 bytes of the title (code point order).
        case titleDescending = "title.desc"

        /// Whether `left` comes before `right` in this order.
        func precedes(_ left: SandboxMovie, _ right: SandboxMovie) -> Bool {
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
            case .releaseDateDescending, .releaseDateAscending:
                return Ordering.precedes(
                    date: (left.releaseDate, left.id), (right.releaseDate, right.id), descending: descending)
            case .titleAscending, .titleDescending:
                return Ordering.precedes(text: (left.title, left.id), (right.title, right.id), descending: descending)
            }
        }
    }

    /// `with_genres` as groups: a movie passes when it has at least one genre of every group. `28,12` (all of) is
    /// `[[28], [12]]`, `28|12` (any of) is `[[28, 12]]`, `28,12|16` is `[[28], [12, 16]]`; empty: no filter.
    var withGenres: [[Int]] = []
    /// `primary_release_year`: the release date's year; undated movies never pass.
    var primaryReleaseYear: Int? = nil
    /// `year`: any release date's year; the sandbox has one date per movie, so the same test as above.
    var year: Int? = nil
    /// `primary_release_date.gte`, `primary_release_date.lte`.
    var primaryReleaseDate = DiscoverDateRange()
    /// `vote_count.gte`: at least this many votes.
    var minimumVoteCount: Double? = nil
    /// `vote_average.gte`: at least this average.
    var minimumVoteAverage: Double? = nil
    /// `include_adult`: adult movies pass only when true (TMDB's default is false).
    var includeAdult = false
    /// `sort_by`.
    var sort = Sort.popularityDescending

    /// No filters, popularity descending, adult movies excluded: what `/3/discover/movie` alone answers.
    init() {}

    /// Whether `movie` passes every filter (the order aside).
    func matches(_ movie: SandboxMovie) -> Bool {
        if movie.adult && !includeAdult { return false }
        if let minimumVoteCount, Double(movie.voteCount) < minimumVoteCount { return false }
        if let minimumVoteAverage, movie.voteAverage < minimumVoteAverage { return false }
        if primaryReleaseYear != nil || year != nil {
            let released = DateYear.of(movie.releaseDate)
            if let primaryReleaseYear, released != primaryReleaseYear { return false }
            if let year, released != year { return false }
        }
        if !primaryReleaseDate.contains(movie.releaseDate) { return false }
        return withGenres.allSatisfy { group in group.contains { movie.genreIds.contains($0) } }
    }
}
