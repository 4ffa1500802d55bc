/// The four TMDB TV lists the sandbox serves under `/3/tv/{rawValue}`.
enum SandboxTVList: String, CaseIterable, Sendable {
    /// By popularity, descending; the whole TV catalogue.
    case popular
    /// By vote average, descending; the whole TV catalogue.
    case topRated = "top_rated"
    /// About 300 shows, by popularity.
    case onTheAir = "on_the_air"
    /// About 60 shows, by vote count.
    case airingToday = "airing_today"
}
