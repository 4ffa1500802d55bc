import Foundation
import TestSupport
import Testing

@testable import TMDBSandbox

/// How seasons follow the simulated days: episodes (names, crew, guest stars, count) change only on days the change
/// feed lists the series; episode votes drift without a feed entry, as on TMDB.
@Suite("Seasons over days", .timeLimit(.minutes(15)))
struct SeasonDayTests {
    static let days = DepthDayTests.days
    static let universe = DepthDayTests.universe

    /// The appended seasons of series `id` on `day` (every season, as raw text from the first `"season/` key; the
    /// long-running series in two requests); nil for a 404.
    static func seasons(_ id: Int, on day: ExportDay) -> String? {
        guard let numbers = universe.seasonNumbers(ofSeries: id, on: day) else { return nil }
        var text = ""
        for start in stride(from: 0, to: numbers.count, by: AppendToResponse.maximumItems) {
            let chunk = numbers[start..<min(numbers.count, start + AppendToResponse.maximumItems)]
            let items = chunk.map { "season/\($0)" }.joined(separator: ",")
            guard let answer = DepthDayTests.appended(.series, id: id, on: day, appending: items) else { return nil }
            text += answer
        }
        return text
    }

    struct Sightings: Sendable {
        /// (id, day pair) whose episodes changed, votes apart, with no feed entry.
        var unlistedChanges: [String] = []
        /// Pairs without a feed entry, and those of them whose votes moved.
        var unlistedPairs = 0
        var votesMoved = 0
        /// Pairs across an edit of the series (its version grew), and those of them whose episodes stayed the same.
        var editedPairs = 0
        var unchangedEdits: [String] = []
    }

    static func sightings() -> Sightings {
        let space = universe.idSpace(.series)
        let steps = days.map(universe.step)
        let feeds = days.map { Set(universe.changedIds(.series, on: $0)) }
        let listed = feeds.reduce(into: Set<Int>()) { $0.formUnion($1) }
        // A few list shows (the long-running one first), every generated series a feed lists, one in three others.
        let slots =
            Array(stride(from: 0, to: space.listCount, by: 300))
            + (space.listCount..<universe.slotCount(.series, at: steps.last!)).filter {
                $0 % 3 == 0 || listed.contains(space.id(slot: $0))
            }
        var result = Sightings()
        for id in slots.map(space.id(slot:)) {
            let texts = days.map { seasons(id, on: $0) }
            let maskedTexts = texts.map { $0.map(DailyNumbers.masked) }
            let versions = steps.map { universe.listedSlot(.series, id: id, at: $0)?.state.version }
            for first in days.indices.dropLast() {
                let last = first + 1
                guard let before = texts[first], let after = texts[last],
                    let maskedBefore = maskedTexts[first], let maskedAfter = maskedTexts[last]
                else { continue }
                if let old = versions[first], let new = versions[last], new > old {
                    result.editedPairs += 1
                    if maskedBefore == maskedAfter { result.unchangedEdits.append("id \(id), \(days[last])") }
                }
                guard !feeds[last].contains(id) else { continue }
                result.unlistedPairs += 1
                if maskedBefore != maskedAfter {
                    result.unlistedChanges.append("id \(id), \(days[first])→\(days[last])")
                }
                if before != after { result.votesMoved += 1 }
            }
        }
        return result
    }

    @Test("keep episodes the same without a feed entry, votes apart; let votes drift; change them on every edit")
    func episodesFollowTheFeed() async throws {
        let found = try await onOwnThread { Self.sightings() }
        #expect(found.unlistedChanges.isEmpty, "\(found.unlistedChanges.count): \(found.unlistedChanges.prefix(5))")
        #expect(found.unlistedPairs > 200)
        #expect(
            Double(found.votesMoved) > Double(found.unlistedPairs) / 4, "\(found.votesMoved) of \(found.unlistedPairs)")
        #expect(found.editedPairs > 10)
        #expect(found.unchangedEdits.isEmpty, "\(found.unchangedEdits)")
    }

    @Test("draw episode votes from the day alone: none before an episode airs, growing after")
    func votes() {
        let aired = ExportDay(isoDate: "2025-10-01")!
        let id = (0..<500).first {
            EpisodeVotes.values(episodeId: $0, airDate: aired, on: aired.adding(days: 400)).count > 20
        }!
        #expect(EpisodeVotes.values(episodeId: id, airDate: aired, on: aired.adding(days: -1)) == (0, 0))
        #expect(EpisodeVotes.values(episodeId: id, airDate: nil, on: aired.adding(days: 400)) == (0, 0))
        let counts = (0...400).map {
            EpisodeVotes.values(episodeId: id, airDate: aired, on: aired.adding(days: $0)).count
        }
        #expect(counts == counts.sorted() && counts.last! > counts[30])
        let again = EpisodeVotes.values(episodeId: id, airDate: aired, on: aired.adding(days: 400))
        #expect(again == EpisodeVotes.values(episodeId: id, airDate: aired, on: aired.adding(days: 400)))
        #expect((1...10).contains(again.average))
    }
}
