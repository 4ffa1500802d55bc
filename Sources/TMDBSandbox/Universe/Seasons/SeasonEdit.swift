/// What the `version`-th edit of a series changes in its seasons, drawn from (series id, version) alone: like
/// ``Revision``, each version edits the base episodes afresh, so any day's seasons cost the same.
///
/// Every edit renames one regular episode (so the series' seasons differ from one version to the next, as the change
/// feed says); some also add an episode at the end of the last season, give one episode a guest star more, or
/// rewrite one episode's overview.
struct SeasonEdit {
    /// An episode, by season and episode number.
    struct Target: Equatable {
        var season: Int
        var episode: Int
    }

    let version: Int
    /// Whether the last regular season gains an episode (announced by this edit).
    let addsEpisode: Bool
    let renamed: Target
    let newName: String
    let addedGuest: Target?
    let rewritten: Target?
    let newOverview: String
    /// The generator the added guest star is drawn from.
    let guestDraw: SplitMix64

    /// The edit of `version` of `seriesId`, whose base layout has `regularCounts` episodes per regular season; nil for
    /// version 0 (or a series without regular seasons).
    init?(seriesId: Int, version: Int, regularCounts: [Int]) {
        guard version > 0, !regularCounts.isEmpty else { return nil }
        self.version = version
        var random = SplitMix64(seed: Self.seed ^ (UInt64(version) &* 0x9E37_79B9_7F4A_7C15), stream: UInt64(seriesId))
        addsEpisode = random.next() % 3 == 0
        var counts = regularCounts
        if addsEpisode { counts[counts.count - 1] += 1 }
        func target() -> Target {
            let season = 1 + Int(random.next() % UInt64(counts.count))
            return Target(season: season, episode: 1 + Int(random.next() % UInt64(counts[season - 1])))
        }
        renamed = target()
        // Names no base episode has: an edit always shows.
        newName = UniverseText.pick(Self.retitles, &random) + " (\(UniverseText.pick(Self.parts, &random)))"
        addedGuest = random.next() % 3 == 0 ? target() : nil
        rewritten = random.next() % 4 == 0 ? target() : nil
        newOverview = UniverseText.overview(&random)
        guestDraw = random
    }

    private static let seed: UInt64 = 0x5345_4153_4544_4954
    private static let retitles = [
        "Homecoming", "The Long Night", "Crossroads", "Aftermath", "Point of No Return", "The Reckoning",
        "Ghosts", "Old Friends, \"New\" Enemies",
    ]
    private static let parts = ["Part One", "Part Two", "Director's Cut", "Extended"]
}
