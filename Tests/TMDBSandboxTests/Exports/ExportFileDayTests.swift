import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Daily ID export files of simulated days", .timeLimit(.minutes(15)))
struct ExportFileDayTests {
    /// The seventh day after the epoch, when some of the 30,000 movies die and one turns adult.
    static let today = SandboxCatalogueUniverse.evolutionEpoch.adding(days: 7)
    static let evolving = evolvingOptions(on: today)

    /// The generated ids' lines of an export file, downloaded like a client does.
    static func lines(
        _ server: SandboxServer, _ type: CatalogueMediaType, adult: Bool, on day: ExportDay
    ) throws -> [Int: String] {
        let connection = try RawHTTPConnection(port: server.port)
        let name = SandboxCatalogueUniverse.exportFileName(type, adult: adult, on: day)
        let response = try connection.get("/p/exports/\(name)", authorized: false, toHead: true)
        #expect(response.status == 200, "\(name)")
        let body = try #require(gunzip(try connection.readChunkedBody()))
        let firstGenerated = server.universe.idSpace(type).extraFirstId
        return exportLines(body, type, adult: adult) { $0 >= firstGenerated }
    }

    @Test(
        "differ from the day before by the ids born, removed and turned adult that day, by the lines of those edited, and by most popularities",
        arguments: CatalogueMediaType.allCases)
    func dayToDay(type: CatalogueMediaType) async throws {
        try await withSandbox(Self.evolving) { server in
            let universe = server.universe
            let yesterday = Self.today.adding(days: -1)
            let plain = try [yesterday, Self.today].map { try Self.lines(server, type, adult: false, on: $0) }
            let adult = try [yesterday, Self.today].map { try Self.lines(server, type, adult: true, on: $0) }
            let step = universe.step(Self.today)
            let space = universe.idSpace(type)
            let listed = universe.changedIds(type, on: Self.today)
            let events = listed.filter {
                let life = universe.life(type, slot: space.slot(id: $0, slotCount: universe.slotCount(type, at: step))!)
                return life.birth == step || life.death == step || life.turnsAdult == step
            }
            var moved = Set<Int>()
            var edited = Set<Int>()
            var kept = Set<Int>()
            var beyondPopularity = Set<Int>()
            for files in [plain, adult] {
                let before = Set(files[0].keys)
                let after = Set(files[1].keys)
                moved.formUnion(before.symmetricDifference(after))
                let both = before.intersection(after)
                kept.formUnion(both)
                edited.formUnion(both.filter { files[0][$0] != files[1][$0] })
                beyondPopularity.formUnion(
                    both.filter { DailyNumbers.masked(files[0][$0]!) != DailyNumbers.masked(files[1][$0]!) })
            }
            #expect(moved == Set(events))
            // Popularity moves every day without a feed entry; an edit may move nothing else of the line.
            #expect(Set(listed).subtracting(moved).isSubset(of: edited))
            #expect(beyondPopularity.isSubset(of: Set(listed)))
            #expect(edited.count > kept.count * 9 / 10, "\(edited.count) of \(kept.count)")
            if type == .movie {
                let lives = events.map {
                    universe.life(type, slot: space.slot(id: $0, slotCount: universe.slotCount(type, at: step))!)
                }
                #expect(lives.contains { $0.death == step } && lives.contains { $0.turnsAdult == step })
            }
            // The export line's popularity is the details'.
            for id in edited.sorted().prefix(20) where !universe.isRemovedSinceExport(type, id: id, on: Self.today) {
                let line = try #require(plain[1][id] ?? adult[1][id])
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let popularity =
                    type == .movie
                    ? universe.movieDetails(id: id, on: Self.today)?.movie.popularity
                    : universe.series(id: id, on: Self.today)?.popularity
                #expect(object["popularity"] as? Double == popularity, "\(line)")
            }
        }
    }
}
