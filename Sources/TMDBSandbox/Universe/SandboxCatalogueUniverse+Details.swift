extension SandboxCatalogueUniverse {
    /// The details `/3/movie/{id}` serves for `id` on `day`: a list movie's as the list routes serve them, a later
    /// one's generated (as edited by that day), with the day's ``DailyDrift``; nil when the id is not in that day's exports or removed since the
    /// export.
    func movieDetails(id: Int, on day: ExportDay) -> SandboxMovieDetails? {
        generatedMovie(id: id, at: step(day))?.details
    }

    /// The show behind `/3/tv/{id}` on `day`, with the list fields its details carry; nil when the id is not in that
    /// day's exports or removed since the export.
    func series(id: Int, on day: ExportDay, catalogue: SandboxCatalogue = .shared) -> SandboxShow? {
        generatedShow(id: id, at: step(day), catalogue: catalogue)?.show
    }

    /// The body of `/3/movie/{id}?append_to_response=…` on `day`; nil for a 404.
    /// - Parameter target: the request, whose `language` and `include_image_language` filter the `images`.
    func movieDetailsBody(
        id: Int, on day: ExportDay, appending appendices: [MovieAppendix], target: RequestTarget? = nil
    ) -> [UInt8]? {
        let step = step(day)
        guard let (details, revision) = generatedMovie(id: id, at: step) else { return nil }
        let request = DepthRequest(target, step: step, universe: self)
        return CatalogueDetailsBody.movie(details, appending: appendices, revision: revision, request: request)
    }

    /// The body of `/3/tv/{id}?append_to_response=…` on `day`, with the `season/N` of `seasons`; nil for a 404.
    func seriesDetailsBody(
        id: Int, on day: ExportDay, appending appendices: [SeriesAppendix], seasons: [Int] = [],
        catalogue: SandboxCatalogue = .shared, target: RequestTarget? = nil
    ) -> [UInt8]? {
        let step = step(day)
        guard let (show, revision) = generatedShow(id: id, at: step, catalogue: catalogue) else { return nil }
        let request = DepthRequest(target, step: step, universe: self, catalogue: catalogue)
        return CatalogueDetailsBody.series(
            show, appending: appendices, seasons: seasons, revision: revision, request: request)
    }

    /// The body of `/3/tv/{id}/season/{number}` on `day`; nil for a 404 (no such series that day, or no such
    /// season).
    func seasonBody(seriesId id: Int, number: Int, on day: ExportDay, catalogue: SandboxCatalogue = .shared)
        -> [UInt8]?
    {
        let step = step(day)
        guard let (show, revision) = generatedShow(id: id, at: step, catalogue: catalogue) else { return nil }
        let seasons = SeriesSeasons(
            seriesId: id, version: revision?.version ?? 0, firstAirDate: show.firstAirDate, step: step)
        return SeasonBody.standalone(season: number, of: seasons)
    }

    /// The season numbers the details of series `id` list on `day` (specials, season 0, first), each of which
    /// `append_to_response=season/N` appends: an exporter needs ⌈count / 20⌉ requests for them. Nil when the
    /// details answer 404.
    func seasonNumbers(ofSeries id: Int, on day: ExportDay, catalogue: SandboxCatalogue = .shared) -> [Int]? {
        let step = step(day)
        guard let (show, revision) = generatedShow(id: id, at: step, catalogue: catalogue) else { return nil }
        let layout = SeasonLayout(seriesId: id, version: revision?.version ?? 0, firstAirDate: show.firstAirDate)
        return layout.seasons.map(\.number)
    }

    /// The body of `/3/movie/{id}/watch/providers` (`/3/tv/{id}/watch/providers`) on `day`; nil for a 404.
    func watchProvidersBody(_ type: CatalogueMediaType, id: Int, on day: ExportDay) -> [UInt8]? {
        let step = step(day)
        guard let slot = slot(type, id: id, at: step), !isRemoved(type, slot: slot) else { return nil }
        // The offers do not depend on the edit version.
        let depth = TitleDepth(type: type, id: id, version: 0, request: DepthRequest(step: step))
        return WatchProvidersBody.standalone(depth)
    }

    /// The edit that makes a generated slot's `version`; nil for version 0, the slot as first generated.
    func revision(_ type: CatalogueMediaType, slot: Int, version: Int) -> Revision? {
        Revision(slot: slot, version: version, in: idSpace(type))
    }

    func generatedMovie(id: Int, at step: Int) -> (details: SandboxMovieDetails, revision: Revision?)? {
        guard let (slot, state) = listedSlot(.movie, id: id, at: step), !isRemoved(.movie, slot: slot) else {
            return nil
        }
        if movies.isListSlot(slot) {
            guard var details = SandboxCatalogue.shared.movieDetails(id: id) else { return nil }
            details.movie = DailyDrift.item(details.movie, epochPopularity: details.movie.popularity, step: step)
            return (details, nil)
        }
        let revision = revision(.movie, slot: slot, version: state.version)
        var details = UniverseMovieGenerator.details(slot: slot, id: id, adult: state.isAdult, revision: revision)
        details.movie = DailyDrift.item(
            details.movie, epochPopularity: epochPopularity(.movie, slot: slot), step: step)
        return (details, revision)
    }

    func generatedShow(
        id: Int, at step: Int, catalogue: SandboxCatalogue
    ) -> (show: SandboxShow, revision: Revision?)? {
        guard let (slot, state) = listedSlot(.series, id: id, at: step), !isRemoved(.series, slot: slot) else {
            return nil
        }
        let revision = revision(.series, slot: slot, version: state.version)
        return (dailyShow(slot: slot, state: state, at: step, catalogue: catalogue), revision)
    }
}
