/// The four TMDB movie lists the sandbox serves under `/3/movie/{rawValue}`.
enum SandboxList: String, CaseIterable, Sendable {
    /// By popularity, descending; the whole catalogue.
    case popular
    /// By vote average, descending; the whole catalogue.
    case topRated = "top_rated"
    /// About 1,000 movies, with a `dates` object in each page.
    case nowPlaying = "now_playing"
    /// About 300 movies, with a `dates` object in each page.
    case upcoming

    /// Whether TMDB puts a `dates` object first in this list's pages.
    var hasDates: Bool {
        self == .nowPlaying || self == .upcoming
    }
}
