import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Poison ids: --failing-id and --oversized-id", .timeLimit(.minutes(15)))
struct PoisonIDTests {
    static let today = SandboxCatalogueUniverse.evolutionEpoch.adding(days: 3)
    static let universe = SandboxCatalogueUniverse(options: evolvingOptions(on: today, movies: 200, series: 50))
    static let movie = universe.ids(.movie, on: today, adult: false)[4]
    static let series = universe.ids(.series, on: today, adult: false)[2]
    static let person = PersonPool.id(3)

    static func poisoned(failing: Set<Int> = [], oversized: Set<Int> = []) -> SandboxOptions {
        var options = evolvingOptions(on: today, movies: 200, series: 50)
        options.faults.failingIDs = failing
        options.faults.oversizedIDs = oversized
        options.faults.oversizedBodyBytes = 1 << 20
        return options
    }

    @Test("answers every details request of a failing id with 500, of any type, and other ids as usual")
    func failingIDs() async throws {
        let failing: Set = [Self.movie, Self.series, Self.person]
        try await withSandbox(Self.poisoned(failing: failing)) { server in
            for path in [
                "/3/movie/\(Self.movie)?append_to_response=credits", "/3/tv/\(Self.series)",
                "/3/person/\(Self.person)",
            ] {
                for _ in 0..<2 {
                    let answer = try await fetch(server, path)
                    #expect(answer.status == 500, "\(path)")
                }
            }
            let other = Self.universe.ids(.movie, on: Self.today, adult: false)[5]
            let answer = try await fetch(server, "/3/movie/\(other)")
            #expect(answer.status == 200)
            #expect(server.requestLog().filter { $0.fault == .failingID }.count == 6)
        }
    }

    @Test("answers an oversized id's details with valid JSON of the chosen size, the answer's members all kept")
    func oversizedIDs() async throws {
        let plain = try await withSandbox(Self.poisoned()) { server in
            try await fetch(server, "/3/movie/\(Self.movie)").body
        }
        try await withSandbox(Self.poisoned(oversized: [Self.movie])) { server in
            let answer = try await fetch(server, "/3/movie/\(Self.movie)")
            #expect(answer.status == 200)
            #expect(answer.body.count == 1 << 20)
            var object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            #expect((object.removeValue(forKey: "padding") as? String)?.count ?? 0 > 1_000_000)
            let original = try #require(try JSONSerialization.jsonObject(with: plain) as? [String: Any])
            #expect(object.keys.sorted() == original.keys.sorted())
            #expect(object["id"] as? Int == Self.movie)
            #expect(server.requestLog().last?.fault == .oversizedID)
        }
    }

    @Test("keeps an empty object valid when padding it")
    func padsAnEmptyObject() throws {
        let padded = SandboxRouter.padded(Array("{}".utf8), to: 40)
        #expect(padded.count == 40)
        #expect(try JSONSerialization.jsonObject(with: Data(padded)) is [String: Any])
    }
}
