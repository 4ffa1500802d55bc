/// Which titles credit each ``PersonPool`` person on one day: one pass over the day's movies and series (listed and
/// not removed since the export) rendering their credits once, so that a person's details re-render only that
/// person's titles, not the universe.
struct PersonCreditIndex: Sendable {
    /// One title's credits of one person, with the title fields `combined_credits` repeats.
    struct TitleCredits {
        var type: CatalogueMediaType
        var id: Int
        var adult: Bool
        var name: String
        var originalName: String
        /// `release_date` or `first_air_date`, `""` when unknown.
        var date: String
        var records: [CreditRecord]
    }

    /// Per pool person, the ids of the movies crediting them, ascending.
    private(set) var movies: [[Int32]]
    /// Per pool person, the ids of the series crediting them, ascending.
    private(set) var series: [[Int32]]

    /// Scans every title of `titles` on `step`.
    init(titles: SandboxCatalogueUniverse, at step: Int) {
        movies = Array(repeating: [], count: PersonPool.count)
        series = Array(repeating: [], count: PersonPool.count)
        for type in CatalogueMediaType.allCases {
            let space = titles.idSpace(type)
            for slot in 0..<titles.slotCount(type, at: step) {
                let state = titles.state(type, slot: slot, at: step)
                guard state.isListed, !titles.isRemoved(type, slot: slot) else { continue }
                let id = space.id(slot: slot)
                let recorder = CreditRecorder()
                Self.renderCredits(
                    type, id: id, revision: titles.revision(type, slot: slot, version: state.version), recorder)
                for person in Set(recorder.people) {
                    switch type {
                    case .movie: movies[person].append(Int32(id))
                    case .series: series[person].append(Int32(id))
                    }
                }
            }
        }
    }

    /// The person's credits, movies then series, each title's in its body's order.
    func credits(
        ofPerson person: Int, in titles: SandboxCatalogueUniverse, at step: Int
    ) -> [TitleCredits] {
        var found: [TitleCredits] = []
        for id in movies[person].map(Int.init) {
            guard let (details, revision) = titles.generatedMovie(id: id, at: step) else { continue }
            let recorder = CreditRecorder(person: person)
            Self.renderCredits(.movie, id: id, revision: revision, recorder)
            let movie = details.movie
            found.append(
                TitleCredits(
                    type: .movie, id: id, adult: movie.adult, name: movie.title, originalName: movie.originalTitle,
                    date: movie.releaseDate, records: recorder.records))
        }
        for id in series[person].map(Int.init) {
            guard let (show, revision) = titles.generatedShow(id: id, at: step, catalogue: .shared) else { continue }
            let recorder = CreditRecorder(person: person)
            Self.renderCredits(.series, id: id, revision: revision, recorder)
            found.append(
                TitleCredits(
                    type: .series, id: id, adult: show.adult, name: show.name, originalName: show.originalName,
                    date: show.firstAirDate, records: recorder.records))
        }
        return found
    }

    /// Renders a title's credits as its details do (edited by `revision`) into a scratch buffer, for `recorder`.
    private static func renderCredits(
        _ type: CatalogueMediaType, id: Int, revision: Revision?, _ recorder: CreditRecorder
    ) {
        var scratch = JSONBuffer(capacity: 65_536)
        switch type {
        case .movie:
            MovieCreditsBody.append(
                to: &scratch, movieId: id, castDelta: revision?.castDelta ?? 0, crewDelta: revision?.crewDelta ?? 0,
                recorder: recorder)
        case .series:
            AggregateCreditsBody.append(
                to: &scratch, seriesId: id, castDelta: revision?.castDelta ?? 0,
                crewDelta: revision?.crewDelta ?? 0, recorder: recorder)
        }
    }
}
