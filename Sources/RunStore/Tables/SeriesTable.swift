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
        case .genres: Self.genresTable
        case .creators: Self.creatorsTable
        case .cast: Self.castTable
        case .crew: Self.crewTable
        case .keywords: Self.keywordsTable
        case .networks: Self.networksTable
        case .companies: Self.companiesTable
        case .countries: Self.countriesTable
        case .languages: Self.languagesTable
        case .seasons: Self.seasonsTable
        case .externalIDs: Self.externalIDsTable
        case .contentRatings: Self.contentRatingsTable
        case .alternativeTitles: Self.alternativeTitlesTable
        case .translations: Self.translationsTable
        case .videos: Self.videosTable
        case .images: Self.imagesTable
        case .recommendations: Self.recommendationsTable
        case .similar: Self.similarTable
        case .watchProviders: Self.watchProvidersTable
        case .episodes: Self.episodesTable
        case .episodeCrew: Self.episodeCrewTable
        case .episodeGuestStars: Self.episodeGuestStarsTable
        }
    }

    private typealias Column = CatalogueColumns

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

    private static let genresTable = CatalogueTable(
        "tv_genres", key: ["series_id", "genre_id"], [Column.seriesID, Column.genreID, Column.genreName])

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

    private static let keywordsTable = CatalogueTable(
        "tv_keywords", key: ["series_id", "keyword_id"], from: .keywords,
        [Column.seriesID, Column.keywordID, Column.keywordName])

    private static let networksTable = CatalogueTable(
        "tv_networks", key: ["series_id", "network_id"],
        [
            Column.seriesID, CatalogueColumn("network_id", .integer, "TMDB's network id."),
            CatalogueColumn("name", .string, "The network's name."),
            CatalogueColumn("origin_country", .string, "ISO 3166-1 code of the network's home country."),
            Column.logoPath,
        ])

    private static let companiesTable = CatalogueTable(
        "tv_companies", key: ["series_id", "company_id"],
        [Column.seriesID, Column.companyID, Column.companyName, Column.companyCountry, Column.logoPath])

    private static let countriesTable = CatalogueTable(
        "tv_countries", key: ["series_id", "iso_3166_1"], [Column.seriesID, Column.countryCode, Column.countryName])

    private static let languagesTable = CatalogueTable(
        "tv_languages", key: ["series_id", "iso_639_1"],
        [Column.seriesID, Column.languageCode, Column.languageEnglishName, Column.languageName])

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

    /// No key, as for `movie_alternative_titles`.
    private static let alternativeTitlesTable = CatalogueTable(
        "tv_alternative_titles", from: .alternativeTitles,
        [Column.seriesID, Column.alternativeTitleCountry, Column.alternativeTitle, Column.alternativeTitleType])

    private static let translationsTable = CatalogueTable(
        "tv_translations", key: ["series_id", "language", "country"], from: .translations,
        [
            Column.seriesID, Column.translationLanguage, Column.translationCountry, Column.translationLanguageName,
            Column.translationEnglishName,
            CatalogueColumn("title", .string, "The name in that language (TMDB's name); empty when not translated."),
            Column.translationOverview, Column.translationTagline, Column.translationHomepage,
        ])

    private static let videosTable = CatalogueTable(
        "tv_videos", key: ["series_id", "video_id"], from: .videos, [Column.seriesID] + Column.videos)

    private static let imagesTable = CatalogueTable(
        "tv_images", key: ["series_id", "kind", "file_path"], from: .images, [Column.seriesID] + Column.images)

    private static let recommendationsTable = CatalogueTable(
        "tv_recommendations", key: ["series_id", "rank"], from: .recommendations,
        [Column.seriesID, Column.rank, CatalogueColumn("recommended_id", .integer, "The recommended series' TMDB id.")])

    private static let similarTable = CatalogueTable(
        "tv_similar", key: ["series_id", "rank"], from: .similar,
        [Column.seriesID, Column.rank, CatalogueColumn("similar_id", .integer, "The similar series' TMDB id.")])

    /// Offers drift on TMDB without a change-feed entry: the rows are as of the title's `fetched_at`.
    private static let watchProvidersTable = CatalogueTable(
        "tv_watch_providers", key: ["series_id", "country", "kind", "provider_id"], from: .watchProviders,
        [Column.seriesID] + Column.watchProviders)
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
