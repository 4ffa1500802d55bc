/// `/3/discover/movie` and `/3/discover/tv` over the whole universe of a day after the epoch: every id of that day's
/// exports except those removed since the export (their details answer 404), adult ones only with `include_adult`,
/// in the order of the day's values (``DailyDrift``), ties to the lower id.
extension SandboxCatalogueUniverse {
    /// The slots of the movies `discovery` selects on `step` (1 or later), in its order.
    func discoverMovies(
        _ discovery: SandboxMovieDiscovery, at step: Int, catalogue: SandboxCatalogue, cache: DiscoverOrderCache
    ) -> [Int] {
        discover(discovery, .movie, at: step, cache: cache, sortable: sortable) { slot, state in
            dailyMovie(slot: slot, state: state, at: step, catalogue: catalogue)
        }
    }

    /// The slots of the shows `discovery` selects on `step` (1 or later), in its order.
    func discoverShows(
        _ discovery: SandboxShowDiscovery, at step: Int, catalogue: SandboxCatalogue, cache: DiscoverOrderCache
    ) -> [Int] {
        discover(discovery, .series, at: step, cache: cache, sortable: sortable) { slot, state in
            dailyShow(slot: slot, state: state, at: step, catalogue: catalogue)
        }
    }

    /// The slots of the titles of `type` that `discovery` selects on `step`, in its order; `daily` is a slot's title
    /// that day, `sortable` the same without the texts no order reads.
    private func discover<Discovery: TitleDiscovery>(
        _ discovery: Discovery, _ type: CatalogueMediaType, at step: Int, cache: DiscoverOrderCache,
        sortable: (Discovery.Title) -> Discovery.Title, daily: (Int, SlotState) -> Discovery.Title
    ) -> [Int] {
        let key = DiscoverOrderCache.OrderKey(
            type: type, space: idSpace(type), step: step, sort: discovery.sort.rawValue)
        var unfiltered = discovery
        unfiltered.includeAdult = true
        unfiltered.sort = .popularityDescending
        let filters = unfiltered != Discovery()
        return cache.answer(key, query: String(describing: discovery)) {
            let order = cache.order(key) {
                if discovery.sort.key == .popularity {
                    return popularityOrder(type, at: step, descending: discovery.sort.descending)
                }
                return itemOrder(type, at: step, by: discovery.sort.precedes) { sortable(daily($0, $1)) }
            }
            return order.compactMap { entry in
                guard discovery.includeAdult || !entry.isAdult else { return nil }
                guard filters else { return entry.slot }
                let title = daily(entry.slot, state(type, slot: entry.slot, at: step))
                return discovery.matches(title) ? entry.slot : nil
            }
        }
    }

    /// The discover result object of the movie at a listed `slot` on `step`.
    func movieItem(slot: Int, at step: Int, catalogue: SandboxCatalogue) -> [UInt8] {
        dailyMovie(slot: slot, state: state(.movie, slot: slot, at: step), at: step, catalogue: catalogue)
            .jsonFragment()
    }

    /// The discover result object of the show at a listed `slot` on `step`.
    func showItem(slot: Int, at step: Int, catalogue: SandboxCatalogue) -> [UInt8] {
        dailyShow(slot: slot, state: state(.series, slot: slot, at: step), at: step, catalogue: catalogue)
            .jsonFragment()
    }

    /// The day's ids by the popularity of their export lines: the cheap order, which builds no item.
    private func popularityOrder(
        _ type: CatalogueMediaType, at step: Int, descending: Bool
    ) -> [DiscoverOrderCache.Entry] {
        var found: [(popularity: Double, id: Int, entry: DiscoverOrderCache.Entry)] = []
        forEachDiscoverable(type, at: step) { slot, state in
            let popularity = exportFields(type, slot: slot, version: state.version, at: step).popularity
            let id = idSpace(type).id(slot: slot)
            found.append((popularity, id, DiscoverOrderCache.Entry(slot: slot, isAdult: state.isAdult)))
        }
        found.sort { Ordering.precedes(($0.popularity, $0.id), ($1.popularity, $1.id), descending: descending) }
        return found.map(\.entry)
    }

    /// The day's ids in the order of their items: builds every item once.
    private func itemOrder<Item>(
        _ type: CatalogueMediaType, at step: Int, by precedes: (Item, Item) -> Bool, item: (Int, SlotState) -> Item
    ) -> [DiscoverOrderCache.Entry] {
        var found: [(item: Item, entry: DiscoverOrderCache.Entry)] = []
        forEachDiscoverable(type, at: step) { slot, state in
            found.append((item(slot, state), DiscoverOrderCache.Entry(slot: slot, isAdult: state.isAdult)))
        }
        found.sort { precedes($0.item, $1.item) }
        return found.map(\.entry)
    }

    /// The movie without the texts no order reads, so that a million of them fit while they are sorted.
    private func sortable(_ movie: SandboxMovie) -> SandboxMovie {
        var movie = movie
        (movie.overview, movie.originalTitle, movie.posterPath, movie.backdropPath) = ("", "", nil, nil)
        return movie
    }

    /// The show without the texts no order reads.
    private func sortable(_ show: SandboxShow) -> SandboxShow {
        var show = show
        (show.overview, show.originalName, show.posterPath, show.backdropPath) = ("", "", nil, nil)
        return show
    }

    /// Every slot listed on `step` and not removed since the export, adult or not.
    private func forEachDiscoverable(_ type: CatalogueMediaType, at step: Int, _ body: (Int, SlotState) -> Void) {
        for slot in 0..<slotCount(type, at: step) {
            let state = state(type, slot: slot, at: step)
            guard state.isListed, !isRemoved(type, slot: slot) else { continue }
            body(slot, state)
        }
    }
}
