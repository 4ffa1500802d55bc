extension SandboxCatalogue {
    /// Indices into ``movies`` of every movie that `discovery` selects, in its order: what `/3/discover/movie`
    /// serves, 20 per page.
    func discoverMovies(_ discovery: SandboxMovieDiscovery) -> [Int] {
        let order = movieOrders.order(discovery.sort) {
            movies.indices.sorted { discovery.sort.precedes(movies[$0], movies[$1]) }
        }
        return order.filter { discovery.matches(movies[$0]) }
    }

    /// Indices into ``shows`` of every show that `discovery` selects, in its order: what `/3/discover/tv` serves,
    /// 20 per page.
    func discoverShows(_ discovery: SandboxShowDiscovery) -> [Int] {
        let shows = tv.shows
        let order = showOrders.order(discovery.sort) {
            shows.indices.sorted { discovery.sort.precedes(shows[$0], shows[$1]) }
        }
        return order.filter { discovery.matches(shows[$0]) }
    }
}
