import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

@Suite("Hostile values: --hostile-values", .timeLimit(.minutes(15)))
struct SandboxHostileValuesTests {
    static let days = [0, 1, 30, 200].map {
        ExportDay(daysSinceEpoch: SandboxCatalogueUniverse.evolutionEpoch.daysSinceEpoch + $0)
    }

    static func options(hostile: Bool) -> SandboxOptions {
        var options = SandboxOptions()
        options.simulatesDays = true
        options.faults.hostileValues = hostile
        return options
    }

    /// The answer to `path` on `day`, as the router gives it.
    static func answer(_ path: String, on day: ExportDay, hostile: Bool = true) throws -> (status: Int, text: String) {
        let options = options(hostile: hostile)
        let universe = SandboxCatalogueUniverse(options: options)
        let people = SandboxPersonUniverse(options: options)
        let target = RequestTarget(path)
        let route = try #require(
            APIRoute(path: target.path, catalogue: .shared, universe: universe, people: people, today: day), "\(path)")
        let answer = APIAnswer.answer(
            route, target, catalogue: .shared, configuration: [], universe: universe, today: day, people: people,
            hostileValues: hostile)
        return (answer.status, String(decoding: answer.body, as: UTF8.self))
    }

    @Test("the hostile ids are in every day's exports, not adult, and in every day's change feed", arguments: days)
    func everyDay(day: ExportDay) throws {
        let options = Self.options(hostile: true)
        let universe = SandboxCatalogueUniverse(options: options)
        let people = SandboxPersonUniverse(options: options)
        for id in SandboxHostileValues.movieIDs {
            #expect(universe.contains(.movie, id: id, on: day) && !SandboxCatalogue.shared.movies[(id - 100) / 7].adult)
        }
        for id in SandboxHostileValues.seriesIDs { #expect(universe.contains(.series, id: id, on: day)) }
        for id in SandboxHostileValues.personIDs { #expect(people.contains(id: id, on: day)) }
        guard day > SandboxCatalogueUniverse.evolutionEpoch else { return }
        let date = day.description
        for (path, ids) in [
            ("/3/movie/changes", SandboxHostileValues.movieIDs), ("/3/tv/changes", SandboxHostileValues.seriesIDs),
            ("/3/person/changes", SandboxHostileValues.personIDs),
        ] {
            let feed = try Self.answer("\(path)?start_date=\(date)&end_date=\(date)", on: day).text
            let lacking = ids.filter { !feed.contains("\"id\":\($0),") }
            #expect(lacking.isEmpty, "page 1 of \(path) on \(date) lacks \(lacking)")
        }
    }

    @Test("docs/jobs.md names the hostile ids the sandbox serves")
    func documentedIDs() throws {
        let page = try documentationPage("jobs")
        let movies = SandboxHostileValues.movieIDs.map(String.init).joined(separator: ", ")
        let series = SandboxHostileValues.seriesIDs.map(String.init).joined(separator: ", ")
        let people = SandboxHostileValues.personIDs.map(String.init).joined(separator: ", ")
        let named = "(movies \(movies), series \(series), person \(people))"
        #expect(page.contains(named), "docs/jobs.md's --hostile-values row lacks \(named)")
    }

    @Test("the hostile ids' answers carry the values docs/tables.md lists, and only with the option on")
    func values() throws {
        let day = Self.days[1]
        let movie = try Self.answer("/3/movie/100?append_to_response=credits,videos", on: day)
        #expect(movie.status == 200)
        for part in [
            #""title":"Hostile \ud800 title""#, #"\u0000"#, #"\n\\.\n"#, #""release_date":"2026-02-30""#,
            #"{"id":18,"name":"Drama"},{"id":18,"name":"Drama"}"#, #""vote_count":-5"#, #""vote_average":11"#,
            #""budget":9223372036854775808"#, #""id":0,"known_for_department""#,
            #""published_at":"2026-02-30T25:61:00.000Z""#,
        ] {
            #expect(movie.text.contains(part), "movie 100 lacks \(part)")
        }
        #expect(movie.text.utf8.count > SandboxHostileValues.longOverviewBytes)
        #expect(try Self.answer("/3/movie/107", on: day).text.contains(#"\r\n\\.\r\n"#))
        #expect(try Self.answer("/3/movie/114", on: day).text.contains(#""release_date":"0000-00-00""#))
        let series = try Self.answer("/3/tv/80001?append_to_response=season/1", on: day).text
        #expect(series.contains(#""first_air_date":"2026-03-01T00:00:00Z""#) && series.contains(#"\u0000"#))
        #expect(try Self.answer("/3/tv/80001/season/1", on: day).text.contains(#""air_date":"2026-02-30""#))
        let person = try Self.answer("/3/person/1000", on: day).text
        #expect(person.contains(#""birthday":"1999-02-29""#) && person.contains(#"\u0000"#))
        let plain = try Self.answer("/3/movie/100", on: day, hostile: false).text
        #expect(!plain.contains(#"\ud800"#) && !plain.contains("2026-02-30"))
    }
}
