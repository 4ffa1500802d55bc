/// The trending lists: the 1,000 non-adult entries with the highest popularity scaled by a per-window random
/// factor, so day and week share many entries in different orders, and the hard cases trend near the top.
enum TrendingOrder {
    /// Entries in each trending list: 50 pages.
    static let length = 1_000

    /// Catalogue indices of the trending list, best first.
    /// - Parameters:
    ///   - entries: `(popularity, id, adult)` of every catalogue entry, in catalogue order.
    ///   - seed: one per media type, so movies and shows trend independently.
    static func indices(
        _ entries: [(popularity: Double, id: Int, adult: Bool)], window: SandboxTrendingWindow, seed: UInt64
    ) -> [Int] {
        let windowSeed = seed ^ (window == .day ? 0x6461_79 : 0x7765_656B)
        let scores = entries.indices.map { index in
            var random = SplitMix64(seed: windowSeed, stream: UInt64(index))
            return entries[index].popularity * (0.25 + 1.5 * random.unitInterval())
        }
        let candidates = entries.indices.filter { !entries[$0].adult }
        let ordered = candidates.sorted { lhs, rhs in
            Ordering.precedes((scores[lhs], entries[lhs].id), (scores[rhs], entries[rhs].id), descending: true)
        }
        return Array(ordered.prefix(length))
    }
}
