/// The seasons of one series as its details list them and `season/N` serves them: which season numbers it has, how
/// many episodes each, and what the details' `seasons` entries say of each, a pure function of (id, edit version) and
/// the series' first air date.
///
/// One series in four has a season 0 of specials (listed first, as TMDB lists it; not counted in `number_of_seasons`
/// or `number_of_episodes`). Regular seasons are 1 to 8 of 4 to 24 episodes, drawn from the id as the details drew
/// them before seasons were served; ``SandboxCatalogueUniverse/longRunningSeriesID`` has 27 regular seasons and
/// specials, so that its episodes take 1 + 2 requests of at most 20 `season/N` items. An edit (version > 0) adds an
/// episode to the last regular season one time in three and never removes one, so the aggregate credits' episode
/// counts, drawn from the base layout, stay within every version's.
struct SeasonLayout: Equatable {
    /// One season, as the details' `seasons` list and the season object both give it.
    struct Season: Equatable {
        var number: Int
        /// TMDB's season id: `series id × 32 + number`, unique across the universe (no series has 32 seasons).
        var id: Int
        var episodeCount: Int
        /// `YYYY-MM-DD` of the first episode, or nil when the series has no first air date.
        var airDate: String?
        var name: String
        var overview: String
        var posterPath: String?
        var voteAverage: Double
        /// The season object's `_id`: a MongoDB ObjectId, 24 hex digits.
        var objectId: CreditID
    }

    let seriesId: Int
    let version: Int
    /// The series' first air date, from which every season and episode is dated.
    let firstAirDate: ExportDay?
    /// Specials (season 0) first when the series has them, then seasons 1, 2, ….
    let seasons: [Season]

    /// The layout of `seriesId` as edited by `version`; `firstAirDate` (`YYYY-MM-DD` or empty) dates the seasons.
    init(seriesId: Int, version: Int = 0, firstAirDate: String) {
        self.seriesId = seriesId
        self.version = version
        var counts = Self.regularEpisodeCounts(seriesId: seriesId)
        if SeasonEdit(seriesId: seriesId, version: version, regularCounts: counts)?.addsEpisode == true {
            counts[counts.count - 1] += 1
        }
        var random = SplitMix64(seed: Self.seasonSeed, stream: UInt64(seriesId))
        let specials = Self.specialCount(seriesId: seriesId)
        let start = ExportDay(isoDate: firstAirDate)
        self.firstAirDate = start
        var seasons: [Season] = []
        if specials > 0 {
            seasons.append(
                Self.season(
                    number: 0, episodes: specials, seriesId: seriesId, airDate: Self.specialAirDate(0, from: start),
                    &random))
        }
        for (index, count) in counts.enumerated() {
            seasons.append(
                Self.season(
                    number: index + 1, episodes: count, seriesId: seriesId,
                    airDate: Self.regularAirDate(season: index + 1, firstAirDate: firstAirDate), &random))
        }
        self.seasons = seasons
    }

    /// The season numbered `number`, if the series has it.
    func season(_ number: Int) -> Season? {
        seasons.first { $0.number == number }
    }

    /// Seasons other than the specials: `number_of_seasons`.
    var regularSeasonCount: Int {
        seasons.filter { $0.number > 0 }.count
    }

    /// Episodes outside the specials: `number_of_episodes`.
    var regularEpisodeCount: Int {
        seasons.filter { $0.number > 0 }.reduce(0) { $0 + $1.episodeCount }
    }

    /// The regular seasons' episode counts of the base layout (version 0), from the id alone.
    static func regularEpisodeCounts(seriesId: Int) -> [Int] {
        if seriesId == SandboxCatalogueUniverse.longRunningSeriesID {
            var random = SplitMix64(seed: seasonSeed ^ 0x4C4F_4E47, stream: UInt64(seriesId))
            return (0..<27).map { _ in 18 + Int(random.next() % 7) }
        }
        var random = SeriesDetailsBody.generator(seriesId: seriesId)
        let seasonCount = 1 + Int(random.next() % 8)
        return (0..<seasonCount).map { _ in 4 + Int(random.next() % 21) }
    }

    /// Episodes of season 0: none for three series in four, 1 to 6 for the others and for the long-running series.
    static func specialCount(seriesId: Int) -> Int {
        var random = SplitMix64(seed: specialsSeed, stream: UInt64(seriesId))
        let has = random.next() % 4 == 0 || seriesId == SandboxCatalogueUniverse.longRunningSeriesID
        return has ? 1 + Int(random.next() % 6) : 0
    }

    /// The first air date of regular season `season` (1-based): a year after the one before, on the series' first
    /// air date's month and day, no later than 2026.
    static func regularAirDate(season: Int, firstAirDate: String) -> ExportDay? {
        guard let first = ExportDay(isoDate: firstAirDate) else { return nil }
        let (year, month, day) = first.components
        return ExportDay(year: min(2026, year + season - 1), month: month, day: day)
    }

    /// The air date of special `index` (0-based): 100 days after the first air date, then every 150 days.
    static func specialAirDate(_ index: Int, from first: ExportDay?) -> ExportDay? {
        first?.adding(days: 100 + 150 * index)
    }

    private static func season(
        number: Int, episodes: Int, seriesId: Int, airDate: ExportDay?, _ random: inout SplitMix64
    ) -> Season {
        let objectId = CreditID(&random)
        let overview = random.next() % 3 == 0 ? "" : UniverseText.overview(&random)
        let hasPoster = number > 0 && random.next() % 5 != 0
        let voteAverage = number == 0 ? 0 : Double(random.next() % 100) / 10
        let id = seriesId * 32 + number
        return Season(
            number: number, id: id, episodeCount: episodes, airDate: airDate?.isoDate,
            name: number == 0 ? "Specials" : "Season \(number)", overview: overview,
            posterPath: hasPoster ? ImagePath.derived(id: id, salt: posterSalt) : nil, voteAverage: voteAverage,
            objectId: objectId)
    }

    private static let seasonSeed: UInt64 = 0x5345_4153_4F4E_53
    private static let specialsSeed: UInt64 = 0x5350_4543_4941_4C53
    private static let posterSalt: UInt64 = 0x5345_4150_4F53_5445
}
