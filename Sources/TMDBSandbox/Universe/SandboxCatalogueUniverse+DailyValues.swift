/// The day's ``DailyDrift`` on everything the universe serves of an id: its export line, its details, and its list
/// and discover items, from the same base values, so that they agree to the last digit.
extension SandboxCatalogueUniverse {
    /// The popularity of the id at `slot` before any edit, which sets how fast it gains votes.
    func epochPopularity(_ type: CatalogueMediaType, slot: Int) -> Double {
        let space = idSpace(type)
        switch type {
        case .movie:
            return space.isListSlot(slot)
                ? SandboxCatalogue.shared.movies[slot].popularity
                : UniverseMovieGenerator.exportFields(slot: slot).popularity
        case .series:
            return space.isListSlot(slot)
                ? SandboxCatalogue.shared.tv.shows[slot].popularity
                : UniverseShowGenerator.exportFields(slot: slot).popularity
        }
    }

    /// The export line's original title (or name) and popularity of the id at a listed `slot` of `version` on
    /// `step`: the popularity its details and items serve that day.
    func exportFields(
        _ type: CatalogueMediaType, slot: Int, version: Int, at step: Int
    ) -> (originalTitle: String, popularity: Double) {
        let space = idSpace(type)
        let revision = revision(type, slot: slot, version: version)
        let base: (String, Double)
        switch type {
        case .movie:
            let movie = space.isListSlot(slot) ? SandboxCatalogue.shared.movies[slot] : nil
            base =
                movie.map { ($0.originalTitle, $0.popularity) }
                ?? UniverseMovieGenerator.exportFields(slot: slot, revision: revision)
        case .series:
            let show = space.isListSlot(slot) ? SandboxCatalogue.shared.tv.shows[slot] : nil
            base =
                show.map { ($0.originalName, $0.popularity) }
                ?? UniverseShowGenerator.exportFields(slot: slot, revision: revision)
        }
        return (base.0, DailyDrift.popularity(base.1, of: type, id: space.id(slot: slot), step: step))
    }

    /// The movie at a listed `slot` as its list and discover items serve it on `step` (list slots from `catalogue`).
    func dailyMovie(slot: Int, state: SlotState, at step: Int, catalogue: SandboxCatalogue) -> SandboxMovie {
        if movies.isListSlot(slot) {
            let movie = catalogue.movies[slot]
            return DailyDrift.item(movie, epochPopularity: movie.popularity, step: step)
        }
        let revision = revision(.movie, slot: slot, version: state.version)
        let movie = UniverseMovieGenerator.movie(
            slot: slot, id: movies.id(slot: slot), adult: state.isAdult, revision: revision)
        return DailyDrift.item(movie, epochPopularity: epochPopularity(.movie, slot: slot), step: step)
    }

    /// The show at a listed `slot` as its list and discover items serve it on `step` (list slots from `catalogue`).
    func dailyShow(slot: Int, state: SlotState, at step: Int, catalogue: SandboxCatalogue) -> SandboxShow {
        if series.isListSlot(slot) {
            let show = catalogue.tv.shows[slot]
            return DailyDrift.item(show, epochPopularity: show.popularity, step: step)
        }
        let revision = revision(.series, slot: slot, version: state.version)
        let show = UniverseShowGenerator.show(
            slot: slot, id: series.id(slot: slot), adult: state.isAdult, revision: revision)
        return DailyDrift.item(show, epochPopularity: epochPopularity(.series, slot: slot), step: step)
    }
}
