import Testing

@testable import TMDBSandbox

@Suite("Evolving universe")
struct UniverseEvolutionTests {
    static let epoch = SandboxCatalogueUniverse.evolutionEpoch
    static let universe = SandboxCatalogueUniverse(movieCount: 30_000, seriesCount: 6_000, evolves: true)

    /// What the feed of `type` lists on `step`, by kind, from each listed slot's life.
    struct DayCounts {
        var edited = 0
        var born = 0
        var died = 0
        var turnedAdult = 0
    }

    static func counts(_ type: CatalogueMediaType, at step: Int) -> DayCounts {
        let space = universe.idSpace(type)
        var counts = DayCounts()
        for id in universe.changedIds(type, on: universe.day(ofStep: step)) {
            let life = universe.life(type, slot: space.slot(id: id, slotCount: universe.slotCount(type, at: step))!)
            if life.birth == step {
                counts.born += 1
            } else if life.death == step {
                counts.died += 1
            } else if life.turnsAdult == step {
                counts.turnedAdult += 1
            } else {
                counts.edited += 1
            }
        }
        return counts
    }

    @Test("evolves from 2026-01-01")
    func epochDay() {
        #expect(Self.epoch.isoDate == "2026-01-01")
    }

    @Test("serves the same ids up to the epoch as a universe that does not evolve, and no changes")
    func baseState() {
        let still = SandboxCatalogueUniverse(movieCount: 30_000, seriesCount: 6_000)
        for type in CatalogueMediaType.allCases {
            for adult in [false, true] {
                let base = still.ids(type, on: Self.epoch.adding(days: 30), adult: adult)
                #expect(Self.universe.ids(type, on: Self.epoch, adult: adult) == base)
                #expect(Self.universe.ids(type, on: Self.epoch.adding(days: -400), adult: adult) == base)
            }
            #expect(Self.universe.changedIds(type, on: Self.epoch).isEmpty)
            #expect(still.changedIds(type, on: Self.epoch.adding(days: 5)).isEmpty)
        }
    }

    @Test(
        "edits about 1% of the generated ids a day and adds 0.05% of the size, at least one",
        arguments: CatalogueMediaType.allCases)
    func dailyShares(type: CatalogueMediaType) {
        let space = Self.universe.idSpace(type)
        let generated = space.size - space.listCount
        let counts = Self.counts(type, at: 7)
        #expect(counts.born == max(1, space.size / 2_000))
        #expect((generated * 6 / 1_000...generated * 15 / 1_000).contains(counts.edited), "\(counts.edited)")
    }

    @Test(
        "removes about 0.03% of the generated ids a day and turns a few adult", arguments: CatalogueMediaType.allCases)
    func removalsAndFlips(type: CatalogueMediaType) {
        let space = Self.universe.idSpace(type)
        let generated = space.size - space.listCount
        let days = 1...40
        let counts = days.map { Self.counts(type, at: $0) }
        let died = counts.reduce(0) { $0 + $1.died }
        let turnedAdult = counts.reduce(0) { $0 + $1.turnedAdult }
        // Expected: 0.3 × generated / 1,000 deaths and 0.05 × generated / 1,000 turns a day.
        let expectedDeaths = Double(generated * days.count) * 0.3 / 1_000
        #expect(Double(died) > expectedDeaths / 2 && Double(died) < expectedDeaths * 2, "\(died)")
        #expect(turnedAdult > 0 && turnedAdult < died, "\(turnedAdult)")
    }

    @Test("adds ids above every id of the day before, and never brings a removed id back")
    func birthsAndDeaths() {
        let before = Self.universe.ids(.movie, on: Self.epoch.adding(days: 4), adult: false)
        let day = Self.epoch.adding(days: 5)
        let after = Set(
            Self.universe.ids(.movie, on: day, adult: false) + Self.universe.ids(.movie, on: day, adult: true))
        let born = after.subtracting(before).filter { !Self.universe.isAdult(.movie, id: $0, on: day) }
        let removed = Set(before).subtracting(after)
        #expect(!born.isEmpty && born.allSatisfy { $0 > before.last! })
        let later = Self.epoch.adding(days: 300)
        #expect(!removed.isEmpty)
        for id in removed {
            #expect(!Self.universe.contains(.movie, id: id, on: later))
            #expect(Self.universe.movieDetails(id: id, on: later) == nil)
        }
    }

    @Test("never lists, edits, removes or turns a list movie or show", arguments: CatalogueMediaType.allCases)
    func listItemsStay(type: CatalogueMediaType) {
        let space = Self.universe.idSpace(type)
        let lastListId = space.id(slot: space.listCount - 1)
        for step in 1...20 {
            let onlyGenerated = Self.universe.changedIds(type, on: Self.epoch.adding(days: step)).allSatisfy {
                $0 > lastListId
            }
            #expect(onlyGenerated, "day \(step) after the epoch")
        }
        let late = Self.epoch.adding(days: 900)
        #expect(Self.universe.contains(type, id: space.id(slot: 0), on: late))
        #expect(Self.universe.contains(type, id: lastListId, on: late))
    }

    @Test("removes an id for good, and turns one adult, on the day the feed lists it")
    func removalAndFlipDays() throws {
        let universe = SandboxCatalogueUniverse(movieCount: 12_000, seriesCount: 3_000, evolves: true)
        let space = universe.idSpace(.movie)
        let lives = (space.listCount..<space.size).map { ($0, universe.life(.movie, slot: $0)) }
        let dying = lives.filter { $0.1.death != nil }.prefix(20)
        let turning = lives.filter { $0.1.turnsAdult != nil }.prefix(10)
        #expect(dying.count == 20 && turning.count > 3)
        for (slot, life) in dying {
            let id = space.id(slot: slot)
            let day = Self.epoch.adding(days: life.death!)
            #expect(universe.contains(.movie, id: id, on: day.adding(days: -1)))
            #expect(!universe.contains(.movie, id: id, on: day))
            #expect(universe.movieDetails(id: id, on: day) == nil)
            let inFeed = universe.changedIds(.movie, on: day).contains(id)
            #expect(inFeed, "removed id \(id) on \(day)")
        }
        for (slot, life) in turning {
            let id = space.id(slot: slot)
            let day = Self.epoch.adding(days: life.turnsAdult!)
            #expect(!universe.isAdult(.movie, id: id, on: day.adding(days: -1)))
            #expect(universe.isAdult(.movie, id: id, on: day))
            let inAdultFile = universe.ids(.movie, on: day, adult: true).contains(id)
            let inPlainFile = universe.ids(.movie, on: day, adult: false).contains(id)
            #expect(inAdultFile && !inPlainFile, "id \(id) on \(day)")
            if !universe.isRemovedSinceExport(.movie, id: id, on: day) {
                #expect(try #require(universe.movieDetails(id: id, on: day)).movie.adult)
            }
            let inFeed = universe.changedIds(.movie, on: day).contains(id)
            #expect(inFeed, "id \(id) turned adult on \(day)")
        }
    }
}
