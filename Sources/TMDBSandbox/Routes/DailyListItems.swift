/// The result objects of the list catalogue's items on a day, for the list, trending, search, recommendation and
/// similar routes: the pre-rendered ones up to the epoch, the items with the day's numbers (``DailyDrift``) after
/// it, in the same places (the lists keep their order; only the numbers move).
struct DailyListItems {
    let catalogue: SandboxCatalogue
    /// Days after the evolution epoch; 0 when the universe does not evolve.
    let step: Int

    /// The result object of the movie at `index` of the catalogue.
    /// - Parameter withMediaType: add `"media_type":"movie"`, as trending and recommendation results do.
    func movie(_ index: Int, withMediaType: Bool = false) -> [UInt8] {
        if step == 0 && !withMediaType { return catalogue.fragments[index] }
        let movie = catalogue.movies[index]
        return DailyDrift.item(movie, epochPopularity: movie.popularity, step: step)
            .jsonFragment(withMediaType: withMediaType)
    }

    /// The result object of the show at `index` of the TV catalogue.
    /// - Parameter withMediaType: add `"media_type":"tv"`, as trending results do.
    func show(_ index: Int, withMediaType: Bool = false) -> [UInt8] {
        if step == 0 && !withMediaType { return catalogue.tv.fragments[index] }
        let show = catalogue.tv.shows[index]
        return DailyDrift.item(show, epochPopularity: show.popularity, step: step)
            .jsonFragment(withMediaType: withMediaType)
    }
}
