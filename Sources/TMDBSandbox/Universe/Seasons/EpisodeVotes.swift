/// An episode's `vote_count` and `vote_average` on a day: they move without a change-feed entry, as on TMDB, where
/// votes on episodes are not announced. A pure function of (episode id, air date, day), drawn without looking back
/// at earlier days.
///
/// An episode not aired by the day (or not dated) has no votes: `0` and `0`. Once aired, its count grows as
/// `c × √(days since it aired)`, `c` drawn per episode from 0 to 6 (most have few votes, recent ones none yet); its
/// average is a base drawn per episode (5.0 to 9.5) wobbled by a draw from (id, count), less the more votes there
/// are, three decimals. The day is the universe's: the evolution epoch plus the step, so a universe that does not
/// evolve serves the same votes every day.
enum EpisodeVotes {
    static func values(episodeId: Int, airDate: ExportDay?, on day: ExportDay) -> (average: Double, count: Int) {
        guard let airDate, airDate <= day else { return (0, 0) }
        var random = SplitMix64(seed: seed, stream: UInt64(episodeId))
        let unit = random.unitInterval()
        let rate = 6 * unit * unit * unit
        let days = day.daysSinceEpoch - airDate.daysSinceEpoch
        let count = Int((rate * Double(days).squareRoot()).rounded(.down))
        guard count > 0 else { return (0, 0) }
        let base = 5 + 4.5 * random.unitInterval()
        var wobble = SplitMix64(seed: seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15), stream: UInt64(episodeId))
        let spread = min(1, 4 / Double(count).squareRoot())
        let average = min(10, max(1, base + spread * (2 * wobble.unitInterval() - 1)))
        return ((average * 1_000).rounded() / 1_000, count)
    }

    private static let seed: UInt64 = 0x4550_564F_5445_53
}
