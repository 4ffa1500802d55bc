import TMDBAPI

/// The tables of a TV series catalogue, in the order a run writes them.
package enum SeriesTable: CatalogueTableSet {
    case series, genres, creators, cast, crew, keywords, networks, companies, countries, languages, seasons
    case externalIDs, contentRatings, alternativeTitles, translations, videos, images, recommendations, similar
    case watchProviders
    case episodes, episodeCrew, episodeGuestStars

    package var table: CatalogueTable {
        switch self {
        case .series: Self.seriesTable
        case .genres: Self.shared.genres
        case .creators: Self.creatorsTable
        case .cast: Self.castTable
        case .crew: Self.crewTable
        case .keywords: Self.shared.keywords
        case .networks: Self.networksTable
        case .companies: Self.shared.companies
        case .countries: Self.shared.countries
        case .languages: Self.shared.languages
        case .seasons: Self.seasonsTable
        case .externalIDs: Self.externalIDsTable
        case .contentRatings: Self.contentRatingsTable
        case .alternativeTitles: Self.shared.alternativeTitles
        case .translations: Self.translationsTable
        case .videos: Self.shared.videos
        case .images: Self.shared.images
        case .recommendations: Self.shared.recommendations
        case .similar: Self.shared.similar
        case .watchProviders: Self.shared.watchProviders
        case .episodes: Self.episodesTable
        case .episodeCrew: Self.episodeCrewTable
        case .episodeGuestStars: Self.episodeGuestStarsTable
        }
    }

    private typealias Column = CatalogueColumns

    private static let shared = TitleTables(prefix: "tv", title: Column.seriesID, possessive: "series'")

    private static let seriesTable = CatalogueTable(
        "tv_series", key: ["id"],
        [
            CatalogueColumn("id", .integer, "The series' TMDB id."),
            CatalogueColumn("name", .string, "The name in the requested language."),
            CatalogueColumn("original_name", .string, "The name in the original language."),
            Column.originalLanguage,
            CatalogueColumn("first_air_date", .date, "The date the first episode aired."),
            CatalogueColumn("last_air_date", .date, "The date the latest episode aired."),
            CatalogueColumn("status", .string, "Returning Series, Ended, Canceled, In Production, Planned, Pilot."),
            CatalogueColumn("type", .string, "Scripted, Documentary, Miniseries, Reality, Talk Show, News, Video."),
            CatalogueColumn("in_production", .boolean, "Whether new episodes are being made."),
            CatalogueColumn("number_of_seasons", .integer, "Seasons, specials not counted."),
            CatalogueColumn("number_of_episodes", .integer, "Episodes, specials not counted."),
            CatalogueColumn("episode_run_time", .list, "Typical episode lengths in minutes."),
            Column.exportPopularity, Column.refreshedVoteAverage, Column.refreshedVoteCount, Column.adult,
            Column.overview, Column.tagline,
            Column.homepage, Column.posterPath, Column.backdropPath, Column.originCountry,
            CatalogueColumn("languages", .list, "ISO 639-1 codes of the languages spoken."),
            Column.fetchedAt, Column.votesAt,
        ])

    private static let creatorsTable = CatalogueTable(
        "tv_creators", key: ["series_id", "credit_id"],
        [
            Column.seriesID, Column.personID, Column.creditID, Column.personName, Column.originalName, Column.gender,
            Column.profilePath,
        ])

    private static let episodeCount = CatalogueColumn(
        "episode_count", .integer, "Episodes with this role or job.")
    private static let totalEpisodeCount = CatalogueColumn(
        "total_episode_count", .integer, "Episodes the person is credited in, all roles or jobs together.")

    private static let castTable = CatalogueTable(
        "tv_cast", key: ["series_id", "credit_id"], from: .aggregateCredits,
        [
            Column.seriesID, Column.personID, Column.creditID, Column.personName,
            CatalogueColumn("character", .string, "The character played."),
            episodeCount, totalEpisodeCount, Column.order, Column.gender, Column.knownForDepartment,
            Column.originalName, Column.personPopularity, Column.profilePath, Column.personAdult,
        ])

    private static let crewTable = CatalogueTable(
        "tv_crew", key: ["series_id", "credit_id"], from: .aggregateCredits,
        [
            Column.seriesID, Column.personID, Column.creditID, Column.personName, Column.department, Column.job,
            episodeCount, totalEpisodeCount, Column.gender, Column.knownForDepartment, Column.originalName,
            Column.personPopularity, Column.profilePath, Column.personAdult,
        ])

    private static let networksTable = CatalogueTable(
        "tv_networks", key: ["series_id", "network_id"],
        [
            Column.seriesID, CatalogueColumn("network_id", .integer, "TMDB's network id."),
            CatalogueColumn("name", .string, "The network's name."),
            CatalogueColumn("origin_country", .string, "ISO 3166-1 code of the network's home country."),
            Column.logoPath,
        ])

    private static let seasonsTable = CatalogueTable(
        "tv_seasons", key: ["series_id", "season_id"],
        [
            Column.seriesID, CatalogueColumn("season_id", .integer, "TMDB's season id."),
            CatalogueColumn("season_number", .integer, "The season's number; 0 for specials."),
            CatalogueColumn("name", .string, "The season's name."),
            CatalogueColumn("air_date", .date, "The date the season's first episode aired."),
            CatalogueColumn("episode_count", .integer, "Episodes in the season."),
            CatalogueColumn("vote_average", .number, "Average TMDB user rating of the season, 0–10."),
            Column.posterPath,
            CatalogueColumn("overview", .string, "The season's synopsis."),
        ])

    private static let externalIDsTable = CatalogueTable(
        "tv_external_ids", key: ["series_id"], from: .externalIDs,
        [
            Column.seriesID, Column.imdbID, CatalogueColumn("tvdb_id", .integer, "TheTVDB's id."),
            Column.wikidataID, Column.facebookID, Column.instagramID, Column.twitterID,
            CatalogueColumn("freebase_mid", .string, "Freebase's machine id (/m/…)."),
            CatalogueColumn("freebase_id", .string, "Freebase's id (/en/…)."),
            CatalogueColumn("tvrage_id", .integer, "TVRage's id."),
        ])

    /// No key: TMDB rates a country more than once (Game of Thrones: AU `R18+` and `R 18+`, FR `16` and `12`), and
    /// nothing in a rating tells its entries apart; the rows keep TMDB's order.
    private static let contentRatingsTable = CatalogueTable(
        "tv_content_ratings", from: .contentRatings,
        [
            Column.seriesID, CatalogueColumn("country", .string, "ISO 3166-1 code of the rating's country."),
            CatalogueColumn("rating", .string, "The age rating in that country, e.g. TV-MA."), Column.descriptors,
        ])

    private static let translationsTable = CatalogueTable(
        "tv_translations", key: ["series_id", "language", "country"], from: .translations,
        [
            Column.seriesID, Column.translationLanguage, Column.translationCountry, Column.translationLanguageName,
            Column.translationEnglishName,
            CatalogueColumn("title", .string, "The name in that language (TMDB's name); empty when not translated."),
            Column.translationOverview, Column.translationTagline, Column.translationHomepage,
        ])

    private static let episodeID = CatalogueColumn(
        "episode_id", .integer, "TMDB's episode id (`tv_episodes.episode_id`).")

    private static let episodesTable = CatalogueTable(
        "tv_episodes", key: ["series_id", "episode_id"], from: .episodes,
        [
            Column.seriesID, CatalogueColumn("season_number", .integer, "The season's number; 0 for specials."),
            CatalogueColumn("episode_number", .integer, "The episode's number within its season."),
            CatalogueColumn("episode_id", .integer, "TMDB's episode id."),
            CatalogueColumn("name", .string, "The episode's name in the requested language."),
            CatalogueColumn("air_date", .date, "The date the episode aired or will air; empty when not announced."),
            CatalogueColumn("episode_type", .string, "standard, finale or mid_season."),
            CatalogueColumn("runtime", .integer, "Length in minutes; empty when unknown (TMDB's null or 0)."),
            CatalogueColumn(
                "vote_average", .number,
                "Average TMDB user rating of the episode, 0–10, as of the series' fetched_at (0 with no votes)."),
            CatalogueColumn(
                "vote_count", .integer, "Number of TMDB user ratings of the episode, as of the series' fetched_at."),
            CatalogueColumn("production_code", .string, "The studio's production code; empty when TMDB has none."),
            CatalogueColumn("overview", .string, "The episode's synopsis."),
            CatalogueColumn("still_path", .string, "A still's path under TMDB's image base URL."),
        ])

    private static let episodeCrewTable = CatalogueTable(
        "tv_episode_crew", key: ["series_id", "episode_id", "credit_id"], from: .episodes, partOf: "tv_episodes",
        [
            Column.seriesID, episodeID, Column.personID, Column.creditID, Column.personName, Column.department,
            Column.job,
        ])

    private static let episodeGuestStarsTable = CatalogueTable(
        "tv_episode_guest_stars", key: ["series_id", "episode_id", "credit_id"], from: .episodes,
        partOf: "tv_episodes",
        [
            Column.seriesID, episodeID, Column.personID, Column.creditID, Column.personName,
            CatalogueColumn("character", .string, "The character played in the episode."), Column.order,
        ])
}
