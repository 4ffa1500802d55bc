import TestSupport
import Testing

@testable import TMDBSandbox

/// The promise an incremental export relies on: what a client sees of an id (its details answer, its lines in the
/// two export files) changes from one day to a later one when the change feed lists the id in between, and otherwise
/// only in the numbers TMDB moves every day without a feed entry (popularity, vote average, vote count).
@Suite("Days of an evolving universe", .timeLimit(.minutes(15)))
struct DayInvariantTests {
    /// Six days in a row, from the fourth after the epoch.
    static let days = (4...9).map { SandboxCatalogueUniverse.evolutionEpoch.adding(days: $0) }
    static let universe = SandboxCatalogueUniverse(movieCount: 11_000, seriesCount: 2_800, evolves: true)

    /// What a client sees of one id on one day (as text: comparing strings is far cheaper than comparing arrays in
    /// a debug build).
    struct Sighting: Equatable {
        /// The details body; nil when answered 404.
        var details: String?
        var plainLine: String?
        var adultLine: String?

        /// The sighting with the daily numbers blanked.
        var withoutDailyNumbers: Sighting {
            Sighting(
                details: details.map(DailyNumbers.masked), plainLine: plainLine.map(DailyNumbers.masked),
                adultLine: adultLine.map(DailyNumbers.masked))
        }
    }

    /// The lines of one day's export file of `type` whose ids are in `wanted`, by id.
    static func exportLines(
        _ type: CatalogueMediaType, on day: ExportDay, adult: Bool, wanted: Set<Int>
    ) throws -> [Int: String] {
        let name = SandboxCatalogueUniverse.exportFileName(type, adult: adult, on: day)
        let bytes = try #require(producedExportFile(name, from: universe))
        return TMDBSandboxTests.exportLines(bytes, type, adult: adult) { wanted.contains($0) }
    }

    /// The details answer for `id` on `day`, routed as the server routes it.
    static func details(_ type: CatalogueMediaType, id: Int, on day: ExportDay, full: Bool) -> [UInt8]? {
        let path = type == .movie ? "/3/movie/\(id)" : "/3/tv/\(id)"
        let appendices =
            type == .movie
            ? "credits,keywords,external_ids,release_dates" : "aggregate_credits,keywords,external_ids,content_ratings"
        let target = RequestTarget(path + (full ? "?append_to_response=\(appendices)" : ""))
        guard let route = APIRoute(path: path, catalogue: .shared, universe: universe, today: day) else { return nil }
        let answer = APIAnswer.answer(
            route, target, catalogue: .shared, configuration: [], universe: universe, today: day)
        return answer.status == 200 ? answer.body : nil
    }

    @Test(
        "changes an id's details and export lines beyond popularity and votes only when the feed lists it between",
        arguments: CatalogueMediaType.allCases)
    func sightingsFollowTheFeed(type: CatalogueMediaType) async throws {
        // Seconds of generation: on a thread of its own, not one of the few every test's awaits share.
        let (mismatches, changedPairs) = try await onOwnThread { try Self.checkSightings(type) }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(5))")
        #expect(changedPairs > 50)
    }

    /// The (id, day pair) whose sightings disagree with the feed, and how many pairs the feed listed.
    static func checkSightings(_ type: CatalogueMediaType) throws -> (mismatches: [String], changedPairs: Int) {
        let universe = Self.universe
        let space = universe.idSpace(type)
        let lastStep = universe.step(Self.days.last!)
        // Every generated id that may exist by the last day, and a few list ids.
        let slots =
            Array(stride(from: 0, to: space.listCount, by: 200))
            + Array(space.listCount..<universe.slotCount(type, at: lastStep))
        let ids = slots.map(space.id(slot:))
        let feeds = Self.days.map { Set(universe.changedIds(type, on: $0)) }
        let wanted = Set(ids)
        let plain = try Self.days.map { try Self.exportLines(type, on: $0, adult: false, wanted: wanted) }
        let adult = try Self.days.map { try Self.exportLines(type, on: $0, adult: true, wanted: wanted) }
        var mismatches: [String] = []
        var changedPairs = 0
        for (index, id) in ids.enumerated() {
            // The whole answer for every id the feed lists and one in fifty of the others; the details alone for the
            // rest (their appendices change only with what the details show), to keep the test light.
            let full = index % 50 == 0 || feeds.contains { $0.contains(id) }
            let sightings = Self.days.indices.map { day in
                Sighting(
                    details: Self.details(type, id: id, on: Self.days[day], full: full).map {
                        String(decoding: $0, as: UTF8.self)
                    },
                    plainLine: plain[day][id], adultLine: adult[day][id])
            }
            let withoutNumbers = sightings.map(\.withoutDailyNumbers)
            for first in Self.days.indices {
                for last in (first + 1)..<Self.days.count {
                    let listed = feeds[(first + 1)...last].contains { $0.contains(id) }
                    if listed { changedPairs += 1 }
                    let changed =
                        listed ? sightings[first] != sightings[last] : withoutNumbers[first] != withoutNumbers[last]
                    if changed != listed {
                        mismatches.append("id \(id), \(Self.days[first]) → \(Self.days[last]), listed: \(listed)")
                    }
                }
            }
        }
        return (mismatches, changedPairs)
    }
}
