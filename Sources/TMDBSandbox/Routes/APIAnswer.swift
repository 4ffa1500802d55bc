/// What an API route answers before the injected faults: a status, a body, and the page of a paged list.
struct APIAnswer {
    /// 200, or the status of TMDB's error (400 bad page, 422 page above 500 or bad parameter).
    var status: Int
    /// The JSON body.
    var body: [UInt8]
    /// The page served, for paged lists; the ``SandboxFaultPlan/malformedJSONPages`` and
    /// ``SandboxFaultPlan/damagedItemPages`` faults look at it.
    var page: Int? = nil
    /// A change-feed page whose `total_pages` or `page` a ``ChangeFeedFault`` made lie.
    var liesAboutPages = false

    /// The answer of `route` to a request for `target`.
    /// - Parameter configuration: the `/3/configuration` body, rendered at start for the bound port.
    /// - Parameter universe: the catalogue universe of `/3/movie/{id}` and `/3/tv/{id}` beyond the lists.
    /// - Parameter today: the day whose universe the details and the change feeds serve.
    /// - Parameter changeFeeds: the days of change feeds computed so far.
    /// - Parameter discoverOrders: the days of discover orders of the universe computed so far.
    /// - Parameter changeFeedFault: how the change feeds lie about their pages, if they do.
    /// - Parameter changeFeedPageSize: entries on a page of a change feed.
    static func answer(
        _ route: APIRoute, _ target: RequestTarget, catalogue: SandboxCatalogue, configuration: [UInt8],
        universe: SandboxCatalogueUniverse = SandboxCatalogueUniverse(),
        today: ExportDay = ExportDay(daysSinceEpoch: 0),
        changeFeeds: ChangeFeedCache = ChangeFeedCache(),
        discoverOrders: DiscoverOrderCache = DiscoverOrderCache(), changeFeedFault: ChangeFeedFault? = nil,
        changeFeedPageSize: Int = ChangeFeedPage.pageSize,
        people: SandboxPersonUniverse? = nil, hostileValues: Bool = false
    ) -> APIAnswer {
        let movies = catalogue.movies
        let step = universe.step(today)
        let items = DailyListItems(catalogue: catalogue, step: step)
        let appending = target.queryValue("append_to_response")
        if route.takesAppendToResponse, AppendToResponse.exceedsLimit(appending) {
            return APIAnswer(status: 400, body: TMDBErrorBody.tooManyAppendedObjects)
        }
        switch route {
        case .configuration:
            return APIAnswer(status: 200, body: configuration)
        case .movieGenres:
            return APIAnswer(status: 200, body: GenreListBody.bytes)
        case .tvGenres:
            return APIAnswer(status: 200, body: GenreListBody.tvBytes)
        case .movieDetails(let index):
            var details = MovieDetailsGenerator.details(of: movies[index], index: index)
            details.movie = DailyDrift.item(details.movie, epochPopularity: details.movie.popularity, step: step)
            let appendices = AppendToResponse.parse(appending, as: MovieAppendix.self)
            let request = DepthRequest(target, step: step, universe: universe, catalogue: catalogue)
            let body = CatalogueDetailsBody.movie(details, appending: appendices, request: request)
            return APIAnswer(
                status: 200,
                body: hostileValues ? SandboxHostileValues.movie(body, id: details.movie.id) : body)
        case .catalogueMovie(let id):
            let appendices = AppendToResponse.parse(appending, as: MovieAppendix.self)
            guard let body = universe.movieDetailsBody(id: id, on: today, appending: appendices, target: target) else {
                return APIAnswer(status: 404, body: TMDBErrorBody.notFound)
            }
            return APIAnswer(status: 200, body: hostileValues ? SandboxHostileValues.movie(body, id: id) : body)
        case .catalogueSeries(let id):
            let appendices = AppendToResponse.parse(appending, as: SeriesAppendix.self)
            guard
                let body = universe.seriesDetailsBody(
                    id: id, on: today, appending: appendices, seasons: AppendToResponse.seasonNumbers(appending),
                    catalogue: catalogue, target: target)
            else {
                return APIAnswer(status: 404, body: TMDBErrorBody.notFound)
            }
            return APIAnswer(status: 200, body: hostileValues ? SandboxHostileValues.series(body, id: id) : body)
        case .watchProviderList(let type):
            return APIAnswer(
                status: 200, body: WatchProviderListBody.render(type, region: target.queryValue("watch_region")))
        case .season(let id, let number):
            guard let body = universe.seasonBody(seriesId: id, number: number, on: today, catalogue: catalogue) else {
                return APIAnswer(status: 404, body: TMDBErrorBody.notFound)
            }
            return APIAnswer(
                status: 200, body: hostileValues ? SandboxHostileValues.season(body, seriesID: id) : body)
        case .titleWatchProviders(let type, let id):
            guard let body = universe.watchProvidersBody(type, id: id, on: today) else {
                return APIAnswer(status: 404, body: TMDBErrorBody.notFound)
            }
            return APIAnswer(status: 200, body: body)
        case .changes(let type):
            let hostile =
                hostileValues ? (type == .movie ? SandboxHostileValues.movieIDs : SandboxHostileValues.seriesIDs) : []
            return changes(target, today: today, fault: changeFeedFault, pageSize: changeFeedPageSize) {
                SandboxHostileValues.feed(changeFeeds.changes(type, at: universe.step($0), in: universe), ids: hostile)
            }
        case .person(let id):
            let people = people ?? SandboxPersonUniverse(titles: universe)
            let appendices = AppendToResponse.parse(appending, as: PersonAppendix.self)
            guard let body = people.detailsBody(id: id, on: today, appending: appendices) else {
                return APIAnswer(status: 404, body: TMDBErrorBody.notFound)
            }
            return APIAnswer(status: 200, body: hostileValues ? SandboxHostileValues.person(body, id: id) : body)
        case .personChanges:
            let people = people ?? SandboxPersonUniverse(titles: universe)
            let hostile = hostileValues ? SandboxHostileValues.personIDs : []
            return changes(target, today: today, fault: changeFeedFault, pageSize: changeFeedPageSize) {
                SandboxHostileValues.feed(changeFeeds.personChanges(at: universe.step($0), in: people), ids: hostile)
            }
        case .movieList(let list):
            return paged(target) { page in
                MovieListPage.render(list, page: page, catalogue: catalogue) { items.movie($0) }
            }
        case .tvList(let list):
            return paged(target) { page in
                ResultPage.render(page: page, of: catalogue.tvList(list)) { items.show($0) }
            }
        case .trendingMovies(let window):
            return paged(target) { page in
                ResultPage.render(page: page, of: catalogue.trendingMovies(window)) {
                    items.movie($0, withMediaType: true)
                }
            }
        case .trendingShows(let window):
            return paged(target) { page in
                ResultPage.render(page: page, of: catalogue.trendingShows(window)) {
                    items.show($0, withMediaType: true)
                }
            }
        case .recommendations(let index):
            // TMDB's recommendation results carry a media_type; its similar results do not.
            return paged(target) { page in
                let related = RelatedMovies.indices(of: index, in: movies, kind: .recommendations)
                return ResultPage.render(page: page, of: related) { items.movie($0, withMediaType: true) }
            }
        case .similar(let index):
            return paged(target) { page in
                let related = RelatedMovies.indices(of: index, in: movies, kind: .similar)
                return ResultPage.render(page: page, of: related) { items.movie($0) }
            }
        case .discoverMovies:
            return paged(target) { page throws(DiscoverParameters.Invalid) in
                let discovery = try DiscoverParameters.movieDiscovery(target)
                guard step > 0 else {
                    let found = catalogue.discoverMovies(discovery)
                    return ResultPage.render(page: page, of: found, atLeastOnePage: true) { catalogue.fragments[$0] }
                }
                let slots = universe.discoverMovies(discovery, at: step, catalogue: catalogue, cache: discoverOrders)
                return ResultPage.render(page: page, of: slots, atLeastOnePage: true) {
                    universe.movieItem(slot: $0, at: step, catalogue: catalogue)
                }
            }
        case .discoverShows:
            return paged(target) { page throws(DiscoverParameters.Invalid) in
                let discovery = try DiscoverParameters.showDiscovery(target)
                guard step > 0 else {
                    let found = catalogue.discoverShows(discovery)
                    return ResultPage.render(page: page, of: found, atLeastOnePage: true) {
                        catalogue.tv.fragments[$0]
                    }
                }
                let slots = universe.discoverShows(discovery, at: step, catalogue: catalogue, cache: discoverOrders)
                return ResultPage.render(page: page, of: slots, atLeastOnePage: true) {
                    universe.showItem(slot: $0, at: step, catalogue: catalogue)
                }
            }
        case .searchMovies:
            return paged(target) { page throws(DiscoverParameters.Invalid) in
                let includeAdult = try DiscoverParameters.includeAdult(target)
                guard let query = searchQuery(target) else { return nil }
                let found = catalogue.searchMovies(query, includeAdult: includeAdult)
                return ResultPage.render(page: page, of: found, atLeastOnePage: true) { items.movie($0) }
            }
        case .searchShows:
            return paged(target) { page throws(DiscoverParameters.Invalid) in
                let includeAdult = try DiscoverParameters.includeAdult(target)
                guard let query = searchQuery(target) else { return nil }
                let found = catalogue.searchShows(query, includeAdult: includeAdult)
                return ResultPage.render(page: page, of: found, atLeastOnePage: true) { items.show($0) }
            }
        }
    }

    /// Checks `page` (1 when absent; 422 for an integer above 500, 400 for anything else outside 1...500), then
    /// renders it; a bad parameter gives 422, and a nil body TMDB's empty search result.
    private static func paged(
        _ target: RequestTarget, render: (Int) throws(DiscoverParameters.Invalid) -> [UInt8]?
    ) -> APIAnswer {
        guard let page = MovieListPage.pageNumber(target.queryValue("page")) else {
            if let number = target.queryValue("page").flatMap(Int.init), number > SandboxCatalogue.maximumPage {
                return APIAnswer(status: 422, body: TMDBErrorBody.pageAboveMaximum)
            }
            return APIAnswer(status: 400, body: TMDBErrorBody.invalidPage)
        }
        do {
            guard let body = try render(page) else {
                return APIAnswer(status: 200, body: ResultPage.emptySearch, page: 1)
            }
            return APIAnswer(status: 200, body: body, page: page)
        } catch {
            return APIAnswer(status: 422, body: TMDBErrorBody.invalidParameters)
        }
    }

    /// A page of a change feed: the window's days up to `today`, each day's entries (from `feed`) in the feed's order;
    /// TMDB's errors for a bad date, window or page; with a `fault`, a `total_pages` or `page` that lies.
    private static func changes(
        _ target: RequestTarget, today: ExportDay, fault: ChangeFeedFault?, pageSize: Int,
        feed: (ExportDay) -> DailyChanges
    ) -> APIAnswer {
        let window: ChangeFeedWindow
        do {
            window = try ChangeFeedWindow(target, today: today, anyPage: fault != nil)
        } catch {
            switch error {
            case .page: return APIAnswer(status: 400, body: TMDBErrorBody.invalidPage)
            case .date: return APIAnswer(status: 400, body: TMDBErrorBody.invalidDate)
            case .range: return APIAnswer(status: 422, body: TMDBErrorBody.invalidDateRange)
            }
        }
        let days = window.days(upTo: today).map(feed)
        // No `page`: the page faults are for the lists; a feed is answered whole or fails like any other answer.
        let pageSize = max(1, pageSize)
        guard let lie = fault.flatMap({ Self.lie($0, window: window, days: days, pageSize: pageSize) }) else {
            return APIAnswer(status: 200, body: ChangeFeedPage.render(page: window.page, of: days, pageSize: pageSize))
        }
        return APIAnswer(status: 200, body: lie, liesAboutPages: true)
    }

    /// The body of `window`'s page that `fault` makes lie; nil when the fault leaves the window truthful.
    private static func lie(
        _ fault: ChangeFeedFault, window: ChangeFeedWindow, days: [DailyChanges], pageSize: Int
    ) -> [UInt8]? {
        let claim: Int
        switch fault {
        case .claimsPages(let pages):
            claim = pages
        case .ignoresPage:
            return ChangeFeedPage.render(page: 1, of: days, pageSize: pageSize, atLeastPages: 2)
        case .windowsClaimPages(let pages):
            guard window.start < window.end else { return nil }
            claim = pages
        case .firstPageUnderstates(let fewer):
            guard window.page == 1, fewer > 0 else { return nil }
            claim = max(1, ChangeFeedPage.pageCount(of: days, pageSize: pageSize) - fewer)
        case .dayClaimsPages(let text, let pages):
            guard let day = ExportDay(isoDate: text), window.start <= day, day <= window.end else { return nil }
            claim = pages
        case .claimsOneMorePage:
            claim = window.page + 1
        }
        return ChangeFeedPage.render(page: window.page, of: days, pageSize: pageSize, claimingPages: claim)
    }

    /// The `query` item, unless missing, empty or only whitespace (TMDB then answers an empty first page).
    private static func searchQuery(_ target: RequestTarget) -> String? {
        guard let query = target.queryValue("query"),
            !query.allSatisfy({ $0.isWhitespace })
        else { return nil }
        return query
    }
}
