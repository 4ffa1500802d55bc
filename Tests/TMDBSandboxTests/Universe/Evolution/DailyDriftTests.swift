import Testing

@testable import TMDBSandbox

/// TMDB's change feed does not announce `popularity`, `vote_average` or `vote_count`, which move every day for most
/// titles: the sandbox's days after the epoch do the same, one pure function of the id and the day.
@Suite("Daily drift of popularity and votes")
struct DailyDriftTests {
    static let epoch = SandboxCatalogueUniverse.evolutionEpoch
    static let universe = SandboxCatalogueUniverse(movieCount: 11_000, seriesCount: 2_800, evolves: true)
    static let still = SandboxCatalogueUniverse(movieCount: 11_000, seriesCount: 2_800)

    /// Some list ids and the generated ids of the epoch, every 7th.
    static func sampleIds(_ type: CatalogueMediaType) -> [Int] {
        let space = universe.idSpace(type)
        return
            (Array(stride(from: 0, to: space.listCount, by: 97))
            + Array(stride(from: space.listCount, to: space.size, by: 7)))
            .map(space.id(slot:))
    }

    /// Popularity, vote average and vote count of the details `id` serves on `day`; nil for a 404.
    static func numbers(
        _ type: CatalogueMediaType, id: Int, on day: ExportDay, in universe: SandboxCatalogueUniverse = universe
    ) -> DailyDrift.Values? {
        switch type {
        case .movie:
            return universe.movieDetails(id: id, on: day).map {
                DailyDrift.Values(
                    popularity: $0.movie.popularity, voteAverage: $0.movie.voteAverage, voteCount: $0.movie.voteCount)
            }
        case .series:
            return universe.series(id: id, on: day).map {
                DailyDrift.Values(popularity: $0.popularity, voteAverage: $0.voteAverage, voteCount: $0.voteCount)
            }
        }
    }

    @Test(
        "moves most ids' popularity from one day to the next while the change feed does not list them",
        arguments: CatalogueMediaType.allCases)
    func popularityMovesWithoutFeed(type: CatalogueMediaType) {
        let (yesterday, today) = (Self.epoch.adding(days: 11), Self.epoch.adding(days: 12))
        let listed = Set(Self.universe.changedIds(type, on: today))
        let ids = Self.sampleIds(type).filter { !listed.contains($0) }
        var compared = 0
        var moved = 0
        for id in ids {
            guard let before = Self.numbers(type, id: id, on: yesterday),
                let after = Self.numbers(type, id: id, on: today)
            else { continue }
            compared += 1
            if before.popularity != after.popularity { moved += 1 }
        }
        #expect(compared > ids.count * 8 / 10)
        #expect(moved > compared * 9 / 10, "\(moved) of \(compared)")
    }

    @Test(
        "never lowers an id's vote count over ten days, and gives popular ids more votes",
        arguments: CatalogueMediaType.allCases)
    func voteCountsGrow(type: CatalogueMediaType) {
        var gains: [(popularity: Double, votes: Int)] = []
        for id in Self.sampleIds(type) {
            let days = (0...10).compactMap { Self.numbers(type, id: id, on: Self.epoch.adding(days: $0)) }
            guard days.count == 11 else { continue }
            for (before, after) in zip(days, days.dropFirst()) {
                #expect(before.voteCount <= after.voteCount, "id \(id): \(before.voteCount) → \(after.voteCount)")
            }
            gains.append((days[0].popularity, days[10].voteCount - days[0].voteCount))
        }
        let popular = gains.filter { $0.popularity >= 100 }.map(\.votes)
        let tail = gains.filter { $0.popularity < 5 }.map(\.votes)
        #expect(!popular.isEmpty && !tail.isEmpty)
        #expect(popular.reduce(0, +) / popular.count > 10 * max(1, tail.reduce(0, +) / tail.count))
    }

    @Test(
        "keeps popularity at or above 0.6 and averages within 1 to 10, three decimals at most",
        arguments: CatalogueMediaType.allCases)
    func valuesStayPlausible(type: CatalogueMediaType) {
        let day = Self.epoch.adding(days: 30)
        for id in Self.sampleIds(type) {
            guard let base = Self.numbers(type, id: id, on: Self.epoch),
                let values = Self.numbers(type, id: id, on: day)
            else { continue }
            if base.popularity >= 0.6 { #expect(values.popularity >= 0.6, "id \(id)") }
            #expect(values.popularity == (values.popularity * 1_000).rounded() / 1_000, "id \(id)")
            if id < Self.universe.idSpace(type).extraFirstId {
                // A list item's base never changes: only the day's factor, within ±20%, moves it.
                #expect(abs(values.popularity - base.popularity) <= base.popularity * 0.2 + 0.05, "id \(id)")
            }
            if values.voteCount > 0 {
                #expect((1.0...10.0).contains(values.voteAverage), "id \(id): \(values.voteAverage)")
                #expect(values.voteAverage == (values.voteAverage * 1_000).rounded() / 1_000, "id \(id)")
            }
        }
    }

    @Test("serves the same values for a day computed twice, in any order of days (no look-back, no state)")
    func dayIsPure() {
        let ids = Self.sampleIds(.movie).prefix(200)
        let day = Self.epoch.adding(days: 40)
        let first = ids.map { Self.numbers(.movie, id: $0, on: day) }
        _ = ids.map { Self.numbers(.movie, id: $0, on: day.adding(days: 5)) }
        let again = ids.map { Self.numbers(.movie, id: $0, on: day) }
        #expect(first == again)
        let base = DailyDrift.Values(popularity: 12.345, voteAverage: 6.7, voteCount: 120)
        let twice = (0..<2).map { _ in
            DailyDrift.values(base, epochPopularity: 12.345, of: .series, id: 123_456, step: 40)
        }
        #expect(twice[0] == twice[1])
        #expect(twice[0] != base)
    }

    @Test("changes nothing on the epoch or in a universe that does not evolve", arguments: CatalogueMediaType.allCases)
    func stillDaysUnchanged(type: CatalogueMediaType) {
        let later = Self.epoch.adding(days: 9)
        for id in Self.sampleIds(type).prefix(300) {
            let base = Self.numbers(type, id: id, on: later, in: Self.still)
            #expect(Self.numbers(type, id: id, on: Self.epoch) == base, "id \(id)")
            #expect(Self.numbers(type, id: id, on: Self.epoch.adding(days: -30)) == base, "id \(id)")
        }
        let base = DailyDrift.Values(popularity: 3.21, voteAverage: 0, voteCount: 0)
        #expect(DailyDrift.values(base, epochPopularity: 3.21, of: type, id: 999, step: 0) == base)
    }

    @Test("gives an average to an id with no votes once it gains some")
    func firstVotesBringAnAverage() {
        let base = DailyDrift.Values(popularity: 80, voteAverage: 0, voteCount: 0)
        let values = DailyDrift.values(base, epochPopularity: 80, of: .movie, id: 424_242, step: 3)
        #expect(values.voteCount > 0)
        #expect((1.0...10.0).contains(values.voteAverage))
    }
}
