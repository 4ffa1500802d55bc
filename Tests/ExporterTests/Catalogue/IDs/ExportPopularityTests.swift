import RunStore
import Testing

@testable import Exporter

@Suite("ExportPopularity: each selected id's popularity in the night's export")
struct ExportPopularityTests {
    static let popularity = ExportPopularity(ids: [3, 5, 8, 13, 21], values: [2.5, .nan, 9.0, 2.5, 0.1])

    @Test("finds an id's popularity, and none for an id not selected or a line without one")
    func lookup() {
        #expect(Self.popularity.value(of: 8) == 9.0)
        #expect(Self.popularity.value(of: 5) == nil)
        #expect(Self.popularity.value(of: 4) == nil)
    }

    @Test("picks the most popular ids, ties to the lower id, a missing popularity as 0, ascending by id")
    func mostPopular() {
        #expect(Self.popularity.mostPopular(2) == [3, 8])
        #expect(Self.popularity.mostPopular(4) == [3, 8, 13, 21])
        #expect(Self.popularity.mostPopular(0).isEmpty)
        #expect(Self.popularity.mostPopular(9) == [3, 5, 8, 13, 21])
    }
}
