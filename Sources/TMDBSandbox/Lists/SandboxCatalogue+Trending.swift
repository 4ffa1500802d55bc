extension SandboxCatalogue {
    /// Indices into ``movies`` of `/3/trending/movie/{window}`, best first: 1,000 non-adult movies, in an order of
    /// their own for each window.
    func trendingMovies(_ window: SandboxTrendingWindow) -> [Int] {
        trending.movies[window] ?? []
    }

    /// Indices into ``shows`` of `/3/trending/tv/{window}`, best first: 1,000 non-adult shows, in an order of their
    /// own for each window.
    func trendingShows(_ window: SandboxTrendingWindow) -> [Int] {
        trending.shows[window] ?? []
    }
}
