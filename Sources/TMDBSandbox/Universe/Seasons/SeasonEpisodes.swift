/// The episodes of one season of a series, a pure function of (series id, edit version) and the first air date:
/// what `season/N` lists, votes apart.
///
/// Each episode is drawn from its own id, so a season costs its episodes alone. Quirks, as TMDB's: `production_code`
/// mostly empty; `still_path` sometimes null; `runtime` null for episodes that had not aired on the evolution epoch
/// (and one in fifteen others); those episodes have an empty crew or a director only, and no guest stars; the last
/// episode of the last season of one series in five, and an episode an edit adds, have no `air_date` yet. Crew lists
/// writers, then the director, then now and then one other job; guest stars are in `order`.
enum SeasonEpisodes {
    /// The episodes of `season` of `layout`'s series, in episode order; `edit` is the layout version's.
    static func episodes(
        of season: SeasonLayout.Season, in layout: SeasonLayout, edit: SeasonEdit?, roster: SeriesRoster
    ) -> [SandboxEpisode] {
        let seriesId = layout.seriesId
        let index = layout.seasons.firstIndex { $0.number == season.number } ?? 0
        let position = layout.seasons[..<index].reduce(0) { $0 + $1.episodeCount }
        let isLastRegular = season.number > 0 && season.number == layout.seasons.last?.number
        var series = SplitMix64(seed: seriesSeed, stream: UInt64(seriesId))
        let runtimeBase = 20 + Int(series.next() % 40)
        let hasUnannounced = series.next() % 5 == 0
        let baseCount = SeasonLayout.regularEpisodeCounts(seriesId: seriesId)
        return (1..<(season.episodeCount + 1)).map { number in
            var airDate: ExportDay?
            if season.number == 0 {
                airDate = SeasonLayout.specialAirDate(number - 1, from: layout.firstAirDate)
            } else {
                airDate = season.airDate.flatMap { ExportDay(isoDate: $0) }?.adding(days: 7 * (number - 1))
            }
            let isAdded = isLastRegular && number > baseCount[baseCount.count - 1]
            if isLastRegular, number == season.episodeCount, hasUnannounced || isAdded { airDate = nil }
            var episode = draw(
                position: position + number - 1, seriesId: seriesId, season: season.number, number: number,
                count: season.episodeCount, airDate: airDate, runtimeBase: runtimeBase, roster: roster)
            if let edit { apply(edit, to: &episode) }
            return episode
        }
    }

    /// Episode ids: `series id × 256 + position`, the position counting the series' episodes from the first
    /// special. No series but the long-running one has 256 episodes, and the 12 ids above that list show's id are no
    /// series' (list ids are 13 apart, generated ones start above them), so ids are unique across the universe.
    static func episodeId(seriesId: Int, position: Int) -> Int {
        seriesId * 256 + position
    }

    /// Whether an episode dated `airDate` had aired by the evolution epoch: the ones after have no runtime or cast.
    static func airedByEpoch(_ airDate: ExportDay?) -> Bool {
        airDate.map { $0 <= SandboxCatalogueUniverse.evolutionEpoch } ?? false
    }

    private static func draw(
        position: Int, seriesId: Int, season: Int, number: Int, count: Int, airDate: ExportDay?, runtimeBase: Int,
        roster: SeriesRoster
    ) -> SandboxEpisode {
        let id = episodeId(seriesId: seriesId, position: position)
        var random = SplitMix64(seed: episodeSeed, stream: UInt64(id))
        let aired = airedByEpoch(airDate)
        let name = random.next() % 10 == 0 ? "Episode \(number)" : UniverseText.title(&random)
        let overview = random.next() % 6 == 0 ? "" : UniverseText.overview(&random)
        let productionCode = random.next() % 5 == 0 ? "\(season)\(number < 10 ? "0" : "")\(number)" : ""
        let runtime = random.next() % 15 == 0 || !aired ? nil : runtimeBase + Int(random.next() % 7) - 3
        let hasStill = random.next() % 8 != 0 && (aired || random.next() % 2 == 0)
        var type = "standard"
        if season > 0, number == count {
            type = "finale"
        } else if season > 0, count >= 12, number == count / 2 {
            type = "mid_season"
        }
        var crew: [SandboxEpisode.Credit] = []
        var guests: [SandboxEpisode.Credit] = []
        if aired {
            for _ in 0..<(random.next() % 4 == 0 ? 2 : 1) {
                crew.append(
                    regularOrOneOff(roster.writers, role: "Writer", department: "Writing", crew: crew, &random))
            }
            crew.append(
                regularOrOneOff(roster.directors, role: "Director", department: "Directing", crew: crew, &random))
            if random.next() % 5 == 0 {
                let (department, jobs) = extraJobs[Int(random.next() % UInt64(extraJobs.count))]
                crew.append(oneOff(role: UniverseText.pick(jobs, &random), department: department, &random))
            }
            guests = roster.guests.filter { _ in random.next() % 4 == 0 }
            for index in 0..<Int(random.next() % 3) {
                var guest = oneOff(role: UniverseText.character(&random), department: nil, &random)
                guest.order = 20 + 3 * roster.guests.count + 4 * position + index
                guests.append(guest)
            }
        } else if random.next() % 2 == 0 {
            crew.append(
                regularOrOneOff(roster.directors, role: "Director", department: "Directing", crew: crew, &random))
        }
        return SandboxEpisode(
            seasonNumber: season, number: number, id: id, airDate: airDate, type: type, name: name, overview: overview,
            productionCode: productionCode, runtime: runtime,
            stillPath: hasStill ? ImagePath.derived(id: id, salt: stillSalt) : nil, crew: crew, guestStars: guests)
    }

    /// One of `regulars` most of the time (never one `crew` already lists), else someone credited for this episode
    /// alone.
    private static func regularOrOneOff(
        _ regulars: [SandboxEpisode.Credit], role: String, department: String, crew: [SandboxEpisode.Credit],
        _ random: inout SplitMix64
    ) -> SandboxEpisode.Credit {
        let pick = regulars[Int(random.next() % UInt64(regulars.count))]
        if random.next() % 6 != 0, !crew.contains(where: { $0.creditId == pick.creditId }) { return pick }
        return oneOff(role: role, department: department, &random)
    }

    private static func oneOff(role: String, department: String?, _ random: inout SplitMix64) -> SandboxEpisode.Credit {
        let person = Int(random.next() % UInt64(PersonPool.count))
        return SandboxEpisode.Credit(person: person, creditId: CreditID(&random), role: role, department: department)
    }

    private static func apply(_ edit: SeasonEdit, to episode: inout SandboxEpisode) {
        let target = SeasonEdit.Target(season: episode.seasonNumber, episode: episode.number)
        if edit.renamed == target { episode.name = edit.newName }
        if edit.rewritten == target { episode.overview = edit.newOverview }
        if edit.addedGuest == target {
            var random = edit.guestDraw
            var guest = oneOff(role: UniverseText.character(&random), department: nil, &random)
            guest.order = 10_000 + edit.version
            episode.guestStars.append(guest)
        }
    }

    private static let seriesSeed: UInt64 = 0x4550_5345_5249_4553
    private static let episodeSeed: UInt64 = 0x4550_4953_4F44_45
    private static let stillSalt: UInt64 = 0x5354_494C_4C
    private static let extraJobs = CrewJobs.all.filter { $0.department != "Directing" && $0.department != "Writing" }
}
