import TMDBAPI

/// The tables of a person catalogue, in the order a run writes them.
package enum PersonTable: CatalogueTableSet {
    case people, aliases, castCredits, crewCredits, externalIDs

    package var table: CatalogueTable {
        switch self {
        case .people: Self.peopleTable
        case .aliases: Self.aliasesTable
        case .castCredits: Self.castCreditsTable
        case .crewCredits: Self.crewCreditsTable
        case .externalIDs: Self.externalIDsTable
        }
    }

    /// How this table's rows meet the titles' credit rows; empty for the tables that hold no credits.
    package var joins: [CreditJoin] {
        let name = table.name
        switch self {
        case .castCredits:
            return [
                CreditJoin(table: name, mediaType: "movie", titleTable: "movie_cast", titleIDColumn: "movie_id"),
                CreditJoin(table: name, mediaType: "tv", titleTable: "tv_cast", titleIDColumn: "series_id"),
            ]
        case .crewCredits:
            return [
                CreditJoin(table: name, mediaType: "movie", titleTable: "movie_crew", titleIDColumn: "movie_id"),
                CreditJoin(table: name, mediaType: "tv", titleTable: "tv_crew", titleIDColumn: "series_id"),
            ]
        case .people, .aliases, .externalIDs: return []
        }
    }

    private typealias Column = CatalogueColumns

    private static let personID = CatalogueColumn("person_id", .integer, "The person's TMDB id (`people.id`).")
    private static let mediaType = CatalogueColumn(
        "media_type", .string, "`movie` or `tv`: whether media_id is a movie's or a series' id.")
    private static let mediaID = CatalogueColumn(
        "media_id", .integer, "The movie's (`movies.id`) or the series' (`tv_series.id`) TMDB id, as media_type says.")
    private static let episodeCount = CatalogueColumn(
        "episode_count", .integer, "Episodes of the series the credit covers; empty for a movie.")

    private static let peopleTable = CatalogueTable(
        "people", key: ["id"],
        [
            CatalogueColumn("id", .integer, "The person's TMDB id."),
            CatalogueColumn("imdb_id", .string, "IMDb's id (nm…), as the details give it; empty for many people."),
            Column.personName,
            Column.gender,
            CatalogueColumn("birthday", .date, "The date of birth; empty when TMDB does not know it."),
            CatalogueColumn(
                "deathday", .date, "The date of death; empty while the person lives or TMDB does not know."),
            CatalogueColumn("place_of_birth", .string, "The place of birth as free text, e.g. Shawnee, Oklahoma, USA."),
            Column.knownForDepartment,
            Column.exportPopularity, Column.personAdult, Column.homepage,
            CatalogueColumn("biography", .string, "The biography in the requested language; may hold newlines."),
            Column.profilePath,
            Column.fetchedAt,
        ])

    private static let aliasesTable = CatalogueTable(
        "person_aliases",
        [
            personID,
            CatalogueColumn(
                "name", .string,
                "One of the names TMDB lists in also_known_as, in TMDB's order: any script, free text."),
        ])

    private static let castCreditsTable = CatalogueTable(
        "person_cast_credits", key: ["person_id", "credit_id"], from: .combinedCredits,
        [
            personID,
            CatalogueColumn(
                "credit_id", .string,
                "TMDB's id of this credit: the credit_id of the title's own row in movie_cast or tv_cast."),
            mediaType, mediaID,
            CatalogueColumn("character", .string, "The character played."),
            CatalogueColumn("order", .integer, "Billing order in the movie, 0 first; empty for a series."),
            episodeCount,
        ])

    private static let crewCreditsTable = CatalogueTable(
        "person_crew_credits", key: ["person_id", "credit_id"], from: .combinedCredits,
        [
            personID,
            CatalogueColumn(
                "credit_id", .string,
                "TMDB's id of this credit: the credit_id of the title's own row in movie_crew or tv_crew."),
            mediaType, mediaID, Column.department, Column.job, episodeCount,
        ])

    private static let externalIDsTable = CatalogueTable(
        "person_external_ids", key: ["person_id"], from: .externalIDs,
        [
            personID, Column.imdbID, Column.wikidataID, Column.facebookID, Column.instagramID,
            CatalogueColumn("tiktok_id", .string, "The TikTok account's name."),
            Column.twitterID,
            CatalogueColumn("youtube_id", .string, "The YouTube channel's name."),
        ])
}
