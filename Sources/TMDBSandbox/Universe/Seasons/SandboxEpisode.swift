/// One episode of a season as `season/N` serves it, apart from its votes, which drift with the day
/// (``EpisodeVotes``).
struct SandboxEpisode: Equatable {
    /// A crew member or guest star of the episode: a ``PersonPool`` person and their credit.
    struct Credit: Equatable {
        /// The ``PersonPool`` index of the person credited.
        var person: Int
        /// One id per credit of the series: a recurring director, writer or guest star keeps theirs in every episode
        /// they are in, as TMDB's season answers repeat it.
        var creditId: CreditID
        /// A crew credit's job, or a guest star's character.
        var role: String
        /// A crew credit's department; nil for a guest star.
        var department: String?
        /// A guest star's `order`, unique in the series and ascending in an episode; 0 for crew.
        var order = 0
    }

    var seasonNumber: Int
    var number: Int
    /// Unique across the universe and the same every day: ``SeasonEpisodes/episodeId(seriesId:position:)``.
    var id: Int
    /// Nil for an episode not yet announced.
    var airDate: ExportDay?
    /// `standard`, `finale` (a season's last) or `mid_season`.
    var type: String
    var name: String
    var overview: String
    /// Mostly empty, as TMDB's mostly are.
    var productionCode: String
    /// Nil for an episode that had not aired on the evolution epoch, and now and then for one that had.
    var runtime: Int?
    var stillPath: String?
    var crew: [Credit]
    var guestStars: [Credit]
}
