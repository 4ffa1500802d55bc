extension SandboxCatalogue {
    /// Indices into ``movies`` of every movie that `discovery` selects, in its order: what `/3/discover/movie`
    /// serves, 20 per page.
    func discoverMovies(_ discovery: SandboxMovieDiscovery) -> [Int] {
        discover(discovery, in: movies, orders: movieOrders)
    }

    /// Indices into ``shows`` of every show that `discovery` selects, in its order: what `/3/discover/tv` serves,
    /// 20 per page.
    func discoverShows(_ discovery: SandboxShowDiscovery) -> [Int] {
        discover(discovery, in: tv.shows, orders: showOrders)
    }

    private func discover<Discovery: TitleDiscovery>(
        _ discovery: Discovery, in titles: [Discovery.Title], orders: OrderCache<DiscoverSort<Discovery.Title>>
    ) -> [Int] {
        let order = orders.order(discovery.sort) {
            titles.indices.sorted { discovery.sort.precedes(titles[$0], titles[$1]) }
        }
        return order.filter { discovery.matches(titles[$0]) }
    }
}
