import Foundation
import Testing

@testable import Exporter

@Suite("DiscoverWindows: the discover queries that cover the most popular ids, in date windows beyond 500 pages")
struct DiscoverWindowsTests {
    /// `count` ids, `perDay` a day from 2001-01-01 on (day of month 01-28), ids from 1.
    static func dated(_ count: Int, perDay: Int) -> [(id: UInt32, date: String)] {
        (0..<count).map { index in
            let day = index / perDay
            let date = String(format: "%04d-%02d-%02d", 2001 + day / (12 * 28), 1 + (day / 28) % 12, 1 + day % 28)
            return (UInt32(index + 1), date)
        }
    }

    @Test("reads one order over the whole catalogue while its pages fit in TMDB's 500")
    func oneOrder() {
        #expect(DiscoverWindows.queries(top: 2_000, dated: [], shards: 1) == [DiscoverQuery(pages: 100)])
        #expect(DiscoverWindows.queries(top: 10_000, dated: [], shards: 4) == [DiscoverQuery(pages: 500)])
        #expect(DiscoverWindows.queries(top: 0, dated: [], shards: 1).isEmpty)
    }

    @Test("splits a larger top into windows of whole days holding at most 9,000 ids, each with its pages")
    func windows() {
        let ids = Self.dated(25_000, perDay: 7)
        let queries = DiscoverWindows.queries(top: 25_000, dated: ids.reversed(), shards: 1)
        #expect(queries.count == 3)
        #expect(queries.first?.from == ids.first?.date && queries.last?.through == ids.last?.date)
        // Consecutive, not overlapping, whole days: 9,000 is not a multiple of 7, so 8,995 ids a window.
        for (left, right) in zip(queries, queries.dropFirst()) { #expect(left.through! < right.from!) }
        #expect(queries.map(\.pages) == [450, 450, 351])
        #expect(queries.map(\.pages).reduce(0, +) * 20 >= 25_000)
        #expect(
            queries[0].dateParameters(.movie).map(\.name) == ["primary_release_date.gte", "primary_release_date.lte"])
        #expect(queries[0].dateParameters(.tv).map(\.name) == ["first_air_date.gte", "first_air_date.lte"])
    }

    @Test("leaves undated ids out, sizes a shard's windows for every shard, and never asks past page 500")
    func shardsAndLimits() {
        var ids = Self.dated(6_000, perDay: 10)
        ids.append((id: 999_999, date: ""))
        let shard = DiscoverWindows.queries(top: 24_000, dated: ids, shards: 4)
        // A shard's 6,000 ids stand for 24,000 of the catalogue: windows of 2,250 of its own, 4 × 1.05 pages each.
        #expect(shard.count == 3)
        #expect(shard.map(\.pages) == [473, 473, 315])
        let crowded = DiscoverWindows.queries(
            top: 20_000, dated: (1...12_000).map { (UInt32($0), "2020-01-01") }, shards: 1)
        #expect(crowded == [DiscoverQuery(from: "2020-01-01", through: "2020-01-01", pages: 500)])
    }
}
