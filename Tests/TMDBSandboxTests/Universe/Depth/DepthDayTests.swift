import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

/// How the depth sub-resources follow the simulated days: the ones TMDB's feeds announce change only on days the
/// feed lists the title; the watch providers drift without a feed entry, as on TMDB.
@Suite("Depth sub-resources over days", .timeLimit(.minutes(15)))
struct DepthDayTests {
    static let days = (4...9).map { SandboxCatalogueUniverse.evolutionEpoch.adding(days: $0) }
    static let universe = SandboxCatalogueUniverse(movieCount: 11_000, seriesCount: 2_800, evolves: true)
    static let announced = "alternative_titles,translations,videos,images,recommendations,similar"

    /// The part of the details answer from the first depth key on (the appended sub-resources), with the numbers
    /// that drift daily masked; nil for a 404.
    static func appended(_ type: CatalogueMediaType, id: Int, on day: ExportDay, appending: String) -> String? {
        let path = "/3/\(type == .movie ? "movie" : "tv")/\(id)"
        let target = RequestTarget(path + "?append_to_response=\(appending)")
        guard let route = APIRoute(path: path, catalogue: .shared, universe: universe, today: day) else { return nil }
        let answer = APIAnswer.answer(
            route, target, catalogue: .shared, configuration: [], universe: universe, today: day)
        guard answer.status == 200 else { return nil }
        let text = String(decoding: answer.body, as: UTF8.self)
        let first = "\"\(appending.split(separator: ",")[0])\":"
        guard let start = text.range(of: first)?.lowerBound else { return "missing" }
        return String(text[start...])
    }

    @Test(
        "change the announced sub-resources only on days the feed lists the title, and some when it does",
        arguments: CatalogueMediaType.allCases)
    func announcedFollowTheFeed(type: CatalogueMediaType) async throws {
        let (mismatches, changedWhenListed) = try await onOwnThread { Self.checkAnnounced(type) }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(5))")
        #expect(changedWhenListed > 10)
    }

    static func checkAnnounced(_ type: CatalogueMediaType) -> (mismatches: [String], changedWhenListed: Int) {
        let space = universe.idSpace(type)
        let lastStep = universe.step(days.last!)
        let feeds = days.map { Set(universe.changedIds(type, on: $0)) }
        let listed = feeds.reduce(into: Set<Int>()) { $0.formUnion($1) }
        // A few list titles, every generated title a feed lists, and one in three of the others: enough to see a
        // change without a feed entry, in a debug build's seconds.
        let slots =
            Array(stride(from: 0, to: space.listCount, by: 400))
            + (space.listCount..<universe.slotCount(type, at: lastStep)).filter {
                $0 % 3 == 0 || listed.contains(space.id(slot: $0))
            }
        var mismatches: [String] = []
        var changedWhenListed = 0
        for id in slots.map(space.id(slot:)) {
            let sightings = days.map {
                appended(type, id: id, on: $0, appending: announced).map(DailyNumbers.masked)
            }
            for first in days.indices.dropLast() {
                let last = first + 1
                guard let before = sightings[first], let after = sightings[last] else { continue }
                if feeds[last].contains(id) {
                    if before != after { changedWhenListed += 1 }
                } else if before != after {
                    mismatches.append("id \(id), \(days[first]) → \(days[last])")
                }
            }
        }
        return (mismatches, changedWhenListed)
    }

    @Test("let watch providers drift without a feed entry, about one title in seven a day")
    func providersDrift() async throws {
        let (unlistedChanges, pairs) = try await onOwnThread { Self.providerChanges() }
        // One in seven titles draws afresh a day; a fresh draw is sometimes the same (no offers both weeks).
        #expect(Double(unlistedChanges) > Double(pairs) / 14, "\(unlistedChanges) of \(pairs)")
        #expect(Double(unlistedChanges) < Double(pairs) / 4, "\(unlistedChanges) of \(pairs)")
    }

    /// How many (title, day pair) changed their providers without a feed entry, of how many such pairs.
    static func providerChanges() -> (unlistedChanges: Int, pairs: Int) {
        var unlistedChanges = 0
        var pairs = 0
        let space = universe.idSpace(.movie)
        for slot in space.listCount..<(space.listCount + 400) {
            let id = space.id(slot: slot)
            for (before, after) in zip(days, days.dropFirst())
            where !universe.changedIds(.movie, on: after).contains(id) {
                guard let old = appended(.movie, id: id, on: before, appending: "watch/providers"),
                    let new = appended(.movie, id: id, on: after, appending: "watch/providers")
                else { continue }
                pairs += 1
                if old != new { unlistedChanges += 1 }
            }
        }
        return (unlistedChanges, pairs)
    }
}
