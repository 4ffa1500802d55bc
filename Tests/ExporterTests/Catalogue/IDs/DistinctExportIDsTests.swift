import TestSupport
import Testing

@testable import Exporter

@Suite("DistinctExportIDs: each id once with its highest popularity, in memory that follows the ids, not the lines")
struct DistinctExportIDsTests {
    /// What the selection did before: every line kept, then sorted by id (the higher popularity first, NaN last) and
    /// the first of each id taken.
    static func sortingEveryLine(_ lines: [(id: UInt32, popularity: Double)]) -> (ids: [UInt32], popularity: [Double]) {
        let sorted = lines.sorted {
            $0.id < $1.id || ($0.id == $1.id && DistinctExportIDs.isBetter($0.popularity, than: $1.popularity))
        }
        var ids: [UInt32] = []
        var popularity: [Double] = []
        for entry in sorted where ids.last != entry.id {
            ids.append(entry.id)
            popularity.append(entry.popularity)
        }
        return (ids, popularity)
    }

    /// Lines of `count` ids among `distinct`, in one of four orders, with popularities that repeat and some NaN.
    static func lines(count: Int, distinct: UInt64, order: Int, _ generator: inout SplitMix) -> [(
        id: UInt32, popularity: Double
    )] {
        let values: [Double] = [.nan, 0, 0.5, 1, 2.25, 7.5, 100]
        var lines = (0..<count).map { _ in
            (
                id: UInt32(1 + generator.next() % distinct),
                popularity: values[Int(generator.next() % UInt64(values.count))]
            )
        }
        switch order {
        case 0: break
        case 1: lines.sort { $0.id < $1.id }
        case 2: lines.sort { $0.id > $1.id }
        default:
            // In id order but for a few lines moved elsewhere, as a file in order with some stragglers.
            lines.sort { $0.id < $1.id }
            for _ in 0..<(count / 50) {
                lines.swapAt(Int(generator.next() % UInt64(count)), Int(generator.next() % UInt64(count)))
            }
        }
        return lines
    }

    /// The first place where the two results differ (NaN equals NaN), or nil: short to print when a case fails.
    static func firstDifference(
        _ a: (ids: [UInt32], popularity: [Double]), _ b: (ids: [UInt32], popularity: [Double])
    ) -> String? {
        guard a.ids.count == b.ids.count else { return "\(a.ids.count) ids against \(b.ids.count)" }
        for index in a.ids.indices {
            let (x, y) = (a.popularity[index], b.popularity[index])
            if a.ids[index] != b.ids[index] || !(x == y || (x.isNaN && y.isNaN)) {
                return "at \(index): id \(a.ids[index]) popularity \(x) against id \(b.ids[index]) popularity \(y)"
            }
        }
        return nil
    }

    @Test(
        "gives what sorting every line gave, on random lines with repeats in any order",
        arguments: [(10, 3), (1_000, 10), (5_000, 40_000), (200_000, 5_000), (200_000, 1_000_000), (300_000, 1)])
    func agreesWithSortingEveryLine(count: Int, distinct: UInt64) {
        var generator = SplitMix(seed: UInt64(count) &* 31 &+ distinct)
        for order in 0..<4 {
            let lines = Self.lines(count: count, distinct: distinct, order: order, &generator)
            var kept = DistinctExportIDs()
            for line in lines { kept.add(id: line.id, popularity: line.popularity) }
            let found = kept.finish()
            let difference = Self.firstDifference(found, Self.sortingEveryLine(lines))
            #expect(difference == nil, "order \(order)")
            #expect(kept.repeats == lines.count - found.ids.count, "order \(order)")
        }
    }

    @Test("holds at most 1.25 entries per distinct id and 64 Ki more, however often the ids repeat", arguments: [0, 3])
    func boundedByDistinctIDs(order: Int) {
        var generator = SplitMix(seed: 60)
        let distinct = 3_000
        var kept = DistinctExportIDs()
        var held = 0
        // 2 million lines of 3,000 ids: keeping every line would hold 2 million entries.
        for _ in 0..<20 {
            let lines = Self.lines(count: 100_000, distinct: UInt64(distinct), order: order, &generator)
            for line in lines {
                kept.add(id: line.id, popularity: line.popularity)
                held = max(held, kept.entries.count)
            }
        }
        #expect(held <= distinct + distinct / 4 + DistinctExportIDs.minimumTail + 1)
        #expect(kept.finish().ids.count == distinct)
    }

    @Test("one id on every line, in order, holds one entry")
    func oneIDRepeated() {
        var kept = DistinctExportIDs()
        for line in 0..<1_000_000 { kept.add(id: 550, popularity: Double(line % 1_000)) }
        #expect(kept.entries.count == 1)
        let (ids, popularity) = kept.finish()
        #expect(ids == [550] && popularity == [999])
        #expect(kept.repeats == 999_999)
    }
}
