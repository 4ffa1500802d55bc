import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Person routes", .timeLimit(.minutes(15)))
struct PersonRouteTests {
    static let today = SandboxCatalogueUniverse.evolutionEpoch.adding(days: 12)
    static let evolving = evolvingOptions(on: today, movies: 300, series: 60)
    static let people = SandboxPersonUniverse(titles: SandboxCatalogueUniverse(options: evolving))

    @Test("serves a person's details with combined_credits and external_ids appended")
    func details() async throws {
        try await withSandbox(Self.evolving) { server in
            let id = PersonPool.id(7)
            let answer = try await fetch(server, "/3/person/\(id)?append_to_response=combined_credits,external_ids")
            #expect(answer.status == 200)
            let body = try jsonObject(answer.body)
            #expect(body["id"] as? Int == id)
            #expect(body["combined_credits"] is [String: Any])
            #expect(body["external_ids"] is [String: Any])
            let credits = try #require(Self.people.credits(id: id, on: Self.today))
            let combined = try #require(body["combined_credits"] as? [String: Any])
            let served =
                (combined["cast"] as? [[String: Any]] ?? []) + (combined["crew"] as? [[String: Any]] ?? [])
            #expect(served.compactMap { $0["credit_id"] as? String }.sorted() == credits.map(\.creditId).sorted())
        }
    }

    @Test("answers 404 for a removed person and for an id that is no person")
    func notFound() async throws {
        let slot = try #require(
            (0..<Self.people.baseCount).first {
                Self.people.life(slot: $0).removalStep.map { $0 <= 12 } == true
            })
        try await withSandbox(Self.evolving) { server in
            let removed = try await fetch(server, "/3/person/\(PersonPool.id(slot))")
            #expect(removed.status == 404)
            let unknown = try await fetch(server, "/3/person/1001")
            #expect(unknown.status == 404)
        }
    }

    @Test("with 81,000 uncredited people the person exports list more than 100,000 ids, the last one answered")
    func uncreditedPeople() async throws {
        var options = Self.evolving
        options.uncreditedPeople = 81_000
        let people = SandboxPersonUniverse(options: options)
        try await withSandbox(options) { server in
            var ids: [Int] = []
            for adult in [false, true] {
                let name = SandboxPersonUniverse.exportFileName(adult: adult, on: Self.today)
                let file = try await fetch(server, "\(ExportFileName.directory)\(name)", credential: .none)
                #expect(file.status == 200)
                let text = String(decoding: try #require(gunzip([UInt8](file.body))), as: UTF8.self)
                for line in text.split(separator: "\n") {
                    ids.append(try #require(try jsonObject(Data(line.utf8))["id"] as? Int))
                }
            }
            #expect(ids.count > 100_000)
            #expect(
                ids.sorted()
                    == (people.ids(on: Self.today, adult: false) + people.ids(on: Self.today, adult: true)).sorted())
            let last = try #require(
                people.ids(on: Self.today, adult: false).last { !SandboxPersonUniverse.isPoolPerson(id: $0) })
            let answer = try await fetch(server, "/3/person/\(last)?append_to_response=combined_credits")
            #expect(answer.status == 200)
            #expect(try jsonObject(answer.body)["id"] as? Int == last)
        }
    }

    @Test("the person change feed lists the day's deaths, births and removals, and the export file is served")
    func feedAndExport() async throws {
        try await withSandbox(Self.evolving) { server in
            let answer = try await fetch(
                server, "/3/person/changes?start_date=\(Self.today.isoDate)&end_date=\(Self.today.isoDate)")
            #expect(answer.status == 200)
            let results = try #require(try jsonObject(answer.body)["results"] as? [[String: Any]])
            #expect(results.compactMap { $0["id"] as? Int }.sorted() == Self.people.changedIds(on: Self.today))
            #expect(!results.isEmpty)
            let name = SandboxPersonUniverse.exportFileName(adult: false, on: Self.today)
            let file = try await fetch(server, "\(ExportFileName.directory)\(name)", credential: .none)
            #expect(file.status == 200)
            let lines = String(decoding: try #require(gunzip([UInt8](file.body))), as: UTF8.self).split(separator: "\n")
            #expect(lines.count == Self.people.ids(on: Self.today, adult: false).count)
        }
    }
}
