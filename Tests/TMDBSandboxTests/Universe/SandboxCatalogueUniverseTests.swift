import Testing

@testable import TMDBSandbox

@Suite("Catalogue universe")
struct SandboxCatalogueUniverseTests {
    static let day = ExportDay(isoDate: "2024-05-15")!
    let universe = SandboxCatalogueUniverse(movieCount: 30_000, seriesCount: 6_000)

    @Test("maps every slot to a distinct, increasing id and back", arguments: CatalogueMediaType.allCases)
    func slotsAndIds(type: CatalogueMediaType) {
        let space = universe.idSpace(type)
        var previous = 0
        for slot in 0..<space.size {
            let id = space.id(slot: slot)
            #expect(id > previous, "slot \(slot)")
            #expect(space.slot(id: id) == slot, "id \(id)")
            previous = id
        }
        #expect(space.slot(id: space.id(slot: space.size - 1) + 30) == nil)
    }

    @Test("leaves gaps between ids, like TMDB's", arguments: CatalogueMediaType.allCases)
    func sparse(type: CatalogueMediaType) {
        let ids = universe.ids(type, on: Self.day, adult: false) + universe.ids(type, on: Self.day, adult: true)
        let sorted = ids.sorted()
        let gaps = Set(zip(sorted, sorted.dropFirst()).map { $1 - $0 })
        #expect(gaps.count > 5)
        #expect(!gaps.contains(0))
        let outside = (sorted.first!...sorted.last!).filter { !universe.contains(type, id: $0, on: Self.day) }
        #expect(outside.count > sorted.count * 3)
    }

    @Test("starts with the list catalogue's movies and shows, with the same ids")
    func listItemsFirst() {
        let catalogue = SandboxCatalogue.shared
        for index in [0, 1, 137, 10_399] {
            #expect(universe.movies.id(slot: index) == catalogue.movies[index].id)
            #expect(
                universe.movieDetails(id: catalogue.movies[index].id, on: Self.day)
                    == catalogue.movieDetails(
                        id: catalogue.movies[index].id))
        }
        for index in [0, 5, 2_399] {
            #expect(universe.series.id(slot: index) == catalogue.tv.shows[index].id)
            #expect(universe.series(id: catalogue.tv.shows[index].id, on: Self.day) == catalogue.tv.shows[index])
        }
    }

    @Test("generates the same data for an id every time, and different data for other ids")
    func deterministic() throws {
        let other = SandboxCatalogueUniverse(movieCount: 30_000, seriesCount: 6_000)
        let ids = Array(universe.ids(.movie, on: Self.day, adult: false).suffix(50))
        let first = ids.map { universe.movieDetails(id: $0, on: Self.day) }
        let second = ids.map { other.movieDetails(id: $0, on: Self.day) }
        #expect(first == second)
        #expect(Set(first.compactMap { $0?.movie.title }).count > 10)
        #expect(universe.ids(.series, on: Self.day, adult: true) == other.ids(.series, on: Self.day, adult: true))
    }

    @Test("flags about 1% of the generated ids adult", arguments: CatalogueMediaType.allCases)
    func adultShare(type: CatalogueMediaType) {
        let space = universe.idSpace(type)
        let generated = space.listCount..<space.size
        let adult = generated.filter { universe.isAdult(type, slot: $0) }.count
        #expect((generated.count / 200...generated.count / 50).contains(adult))
    }

    @Test(
        "removes about 0.5% of the generated ids after the export, and no list item",
        arguments: CatalogueMediaType.allCases)
    func removedShare(type: CatalogueMediaType) {
        let space = universe.idSpace(type)
        let removed = (0..<space.size).filter { universe.isRemoved(type, slot: $0) }
        #expect(removed.allSatisfy { !space.isListSlot($0) })
        let generated = space.size - space.listCount
        #expect((generated / 400...generated / 100).contains(removed.count))
        let listed =
            universe.removedIds(type, on: Self.day, adult: false) + universe.removedIds(type, on: Self.day, adult: true)
        #expect(listed.sorted() == removed.map(space.id(slot:)))
        let id = space.id(slot: removed[0])
        #expect(universe.isRemovedSinceExport(type, id: id, on: Self.day))
        #expect(universe.ids(type, on: Self.day, adult: universe.isAdult(type, id: id)).contains(id))
    }

    @Test("gives details with runtime 0 and empty IMDb ids to some generated movies, as TMDB does")
    func longTailQuirks() {
        let details = universe.ids(.movie, on: Self.day, adult: false).suffix(2_000).compactMap {
            universe.movieDetails(id: $0, on: Self.day)
        }
        let zeroRuntime = details.filter { $0.runtime == 0 }.count
        #expect((details.count / 40...details.count / 5).contains(zeroRuntime))
        #expect(!details.contains { $0.runtime == nil })
        #expect(details.contains { $0.imdbId == "" })
        #expect(details.contains { $0.collection != nil })
        #expect(details.contains { $0.movie.title.contains(",") || $0.movie.title.contains("\"") })
    }
}
