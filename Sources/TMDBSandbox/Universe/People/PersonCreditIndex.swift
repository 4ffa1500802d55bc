/// Which credits of one day's titles name each ``PersonPool`` person, without their text: for every title listed and
/// not removed since the export, the entries of its credits body (who, cast or crew, place, and the generator as it
/// was before the entry was drawn), and for every person the titles crediting them. A person's details then draw
/// again only that person's entries, not their titles' credits.
///
/// The index of a day is derived from the index of another day by redrawing only the titles whose state differs
/// (born, dead or edited in between): unchanged titles' entries are shared between the two, not copied.
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

    /// One entry of a title's cast or crew.
    struct Entry: Sendable {
        /// The generator's state before the entry was drawn.
        var start: UInt64
        /// The ``PersonPool`` index (fewer than 65,536 people).
        var person: UInt16
        /// The entry's place in its list: a movie cast entry's `order`.
        var position: UInt16
        var isCast: Bool
    }

    /// The titles of one media type.
    private struct Side: Sendable {
        /// Per slot, the version whose credits ``entries`` holds, or -1 when the title credits nobody that day.
        var versions: [Int32] = []
        /// Per slot, the entries of its credits body in the body's order.
        var entries: [[Entry]] = []
        /// Per person, the slots of the titles crediting them, ascending (so in id order).
        var titles: [[Int32]] = Array(repeating: [], count: PersonPool.count)
    }

    /// The day indexed, in steps after the epoch.
    private(set) var step = 0
    private var movies = Side()
    private var series = Side()

    /// The index of `titles` on `step`, built by drawing every title's credits.
    init(titles: SandboxCatalogueUniverse, at step: Int) {
        update(titles, to: step)
    }

    /// This index moved to `step`: the titles whose state differs between the two days are drawn again.
    func moved(_ titles: SandboxCatalogueUniverse, to step: Int) -> PersonCreditIndex {
        var index = self
        index.update(titles, to: step)
        return index
    }

    /// The person's credits, movies then series, titles in id order, each title's in its body's order.
    func credits(ofPerson person: Int, in titles: SandboxCatalogueUniverse, at step: Int) -> [TitleCredits] {
        var found: [TitleCredits] = []
        for slot in movies.titles[person].map(Int.init) {
            let id = titles.idSpace(.movie).id(slot: slot)
            guard let (details, _) = titles.generatedMovie(id: id, at: step) else { continue }
            let movie = details.movie
            found.append(
                TitleCredits(
                    type: .movie, id: id, adult: movie.adult, name: movie.title, originalName: movie.originalTitle,
                    date: movie.releaseDate,
                    records: movies.entries[slot].filter { $0.person == person }.map(Self.movieRecord)))
        }
        for slot in series.titles[person].map(Int.init) {
            let id = titles.idSpace(.series).id(slot: slot)
            guard let (show, _) = titles.generatedShow(id: id, at: step, catalogue: .shared) else { continue }
            found.append(
                TitleCredits(
                    type: .series, id: id, adult: show.adult, name: show.name, originalName: show.originalName,
                    date: show.firstAirDate,
                    records: series.entries[slot].filter { $0.person == person }.flatMap {
                        Self.seriesRecords($0, seriesId: id)
                    }))
        }
        return found
    }

    private mutating func update(_ titles: SandboxCatalogueUniverse, to step: Int) {
        self.step = step
        Self.update(&movies, .movie, titles, to: step)
        Self.update(&series, .series, titles, to: step)
    }

    /// Redraws the slots of `side` whose version on `step` differs from the one indexed.
    private static func update(
        _ side: inout Side, _ type: CatalogueMediaType, _ titles: SandboxCatalogueUniverse, to step: Int
    ) {
        let count = titles.slotCount(type, at: step)
        let slots = max(count, side.versions.count)
        if side.versions.count < slots {
            side.versions += Array(repeating: -1, count: slots - side.versions.count)
            side.entries += Array(repeating: [], count: slots - side.entries.count)
        }
        for slot in 0..<slots {
            let version = slot < count ? creditedVersion(titles, type, slot: slot, at: step) : -1
            guard version != side.versions[slot] else { continue }
            for person in Set(side.entries[slot].map(\.person)) {
                let list = Int(person)
                if let place = position(of: Int32(slot), in: side.titles[list]) { side.titles[list].remove(at: place) }
            }
            side.versions[slot] = version
            side.entries[slot] = version < 0 ? [] : entries(titles, type, slot: slot, version: Int(version))
            for person in Set(side.entries[slot].map(\.person)) {
                let list = Int(person)
                side.titles[list].insert(Int32(slot), at: insertion(of: Int32(slot), in: side.titles[list]))
            }
        }
    }

    /// The slot's version on `step` when it is listed and not removed since the export, else -1.
    private static func creditedVersion(
        _ titles: SandboxCatalogueUniverse, _ type: CatalogueMediaType, slot: Int, at step: Int
    ) -> Int32 {
        let state = titles.state(type, slot: slot, at: step)
        guard state.isListed, !titles.isRemoved(type, slot: slot) else { return -1 }
        return Int32(state.version)
    }

    /// The entries of a title's credits body, as its details render it (edited by the version's revision).
    private static func entries(
        _ titles: SandboxCatalogueUniverse, _ type: CatalogueMediaType, slot: Int, version: Int
    ) -> [Entry] {
        let id = titles.idSpace(type).id(slot: slot)
        let revision = titles.revision(type, slot: slot, version: version)
        let (castDelta, crewDelta) = (revision?.castDelta ?? 0, revision?.crewDelta ?? 0)
        var found: [Entry] = []
        switch type {
        case .movie:
            MovieCreditsBody.forEachCredit(movieId: id, castDelta: castDelta, crewDelta: crewDelta) {
                found.append(Entry(credit: ($0.person, $0.isCast), position: $1, start: $2))
            }
        case .series:
            AggregateCreditsBody.forEachCredit(seriesId: id, castDelta: castDelta, crewDelta: crewDelta) {
                found.append(Entry(credit: ($0.person, $0.isCast), position: $1, start: $2))
            }
        }
        return found
    }

    private static func movieRecord(_ entry: Entry) -> CreditRecord {
        let credit = MovieCreditsBody.credit(isCast: entry.isCast, from: SplitMix64(seed: entry.start))
        return CreditRecord(
            person: credit.person, creditId: credit.creditId.value, isCast: credit.isCast,
            character: credit.character, order: credit.isCast ? Int(entry.position) : nil,
            department: credit.department, job: credit.job)
    }

    private static func seriesRecords(_ entry: Entry, seriesId: Int) -> [CreditRecord] {
        let credit = AggregateCreditsBody.credit(
            isCast: entry.isCast, seriesId: seriesId, from: SplitMix64(seed: entry.start))
        return credit.parts.map { part in
            CreditRecord(
                person: credit.person, creditId: part.creditId.value, isCast: credit.isCast,
                character: credit.isCast ? part.name : nil, department: credit.department,
                job: credit.isCast ? nil : part.name, episodeCount: part.episodeCount)
        }
    }

    /// Where `slot` is in the ascending `list`, if it is.
    private static func position(of slot: Int32, in list: [Int32]) -> Int? {
        let place = insertion(of: slot, in: list)
        return place < list.count && list[place] == slot ? place : nil
    }

    /// The first place in the ascending `list` whose slot is not below `slot`.
    private static func insertion(of slot: Int32, in list: [Int32]) -> Int {
        // Titles are drawn in slot order, so a new slot usually goes last.
        if list.last.map({ $0 < slot }) ?? true { return list.count }
        var (low, high) = (0, list.count)
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < slot { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension PersonCreditIndex.Entry {
    init(credit: (person: Int, isCast: Bool), position: Int, start: SplitMix64) {
        self.init(
            start: start.state, person: UInt16(credit.person), position: UInt16(position), isCast: credit.isCast)
    }
}
