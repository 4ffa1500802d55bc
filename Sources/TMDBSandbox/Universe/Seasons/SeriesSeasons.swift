/// Everything the seasons of one series are drawn from on one day: its layout and edit (from id and version), its
/// roster (from the id) and the day whose votes its episodes carry.
struct SeriesSeasons {
    let layout: SeasonLayout
    let edit: SeasonEdit?
    let roster: SeriesRoster
    /// The universe's day: the evolution epoch plus the step.
    let day: ExportDay

    /// The seasons of `seriesId` at edit `version` on the universe's `step`, dated from `firstAirDate`.
    init(seriesId: Int, version: Int, firstAirDate: String, step: Int) {
        layout = SeasonLayout(seriesId: seriesId, version: version, firstAirDate: firstAirDate)
        edit = SeasonEdit(
            seriesId: seriesId, version: version,
            regularCounts: SeasonLayout.regularEpisodeCounts(seriesId: seriesId))
        roster = SeriesRoster(seriesId: seriesId)
        day = SandboxCatalogueUniverse.evolutionEpoch.adding(days: step)
    }

    /// The episodes of season `number`; nil when the series has no such season.
    func episodes(ofSeason number: Int) -> [SandboxEpisode]? {
        layout.season(number).map { SeasonEpisodes.episodes(of: $0, in: layout, edit: edit, roster: roster) }
    }
}
