extension SandboxCatalogueUniverse {
    /// The details `/3/movie/{id}` serves for `id`: a list movie's as the list routes serve them, a later one's
    /// generated; nil when the id is not in the universe or removed since the export.
    public func movieDetails(id: Int, on day: ExportDay) -> SandboxMovieDetails? {
        guard let slot = movies.slot(id: id), !isRemoved(.movie, slot: slot) else { return nil }
        if movies.isListSlot(slot) { return SandboxCatalogue.shared.movieDetails(id: id) }
        return UniverseMovieGenerator.details(slot: slot, id: id, adult: isAdult(.movie, slot: slot))
    }

    /// The show behind `/3/tv/{id}`, with the list fields its details carry; nil when the id is not in the universe
    /// or removed since the export.
    public func series(id: Int, on day: ExportDay, catalogue: SandboxCatalogue = .shared) -> SandboxShow? {
        guard let slot = series.slot(id: id), !isRemoved(.series, slot: slot) else { return nil }
        if series.isListSlot(slot) { return catalogue.tv.shows[slot] }
        return UniverseShowGenerator.show(slot: slot, id: id, adult: isAdult(.series, slot: slot))
    }
}
