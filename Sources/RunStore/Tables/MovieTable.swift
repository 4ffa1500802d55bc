import TMDBAPI

/// The tables of a movie catalogue, in the order a run writes them.
package enum MovieTable: CatalogueTableSet {
    case movies, genres, cast, crew, keywords, companies, countries, languages, releaseDates, externalIDs
    case alternativeTitles, translations, videos, images, recommendations, similar, collections
    case watchProviders

    package var table: CatalogueTable {
        switch self {
        case .movies: Self.moviesTable
        case .genres: Self.shared.genres
        case .cast: Self.castTable
        case .crew: Self.crewTable
        case .keywords: Self.shared.keywords
        case .companies: Self.shared.companies
        case .countries: Self.shared.countries
        case .languages: Self.shared.languages
        case .releaseDates: Self.releaseDatesTable
        case .externalIDs: Self.externalIDsTable
        case .alternativeTitles: Self.shared.alternativeTitles
        case .translations: Self.translationsTable
        case .videos: Self.shared.videos
        case .images: Self.shared.images
        case .recommendations: Self.shared.recommendations
        case .similar: Self.shared.similar
        case .watchProviders: Self.shared.watchProviders
        case .collections: Self.collectionsTable
        }
    }

    private typealias Column = CatalogueColumns

    private static let shared = TitleTables(prefix: "movie", title: Column.movieID, possessive: "movie's")

    private static let moviesTable = CatalogueTable(
        "movies", key: ["id"],
        [
            CatalogueColumn("id", .integer, "The movie's TMDB id."),
            CatalogueColumn("imdb_id", .string, "IMDb's id (tt…), as the details give it."),
            CatalogueColumn("title", .string, "The title in the requested language."),
            CatalogueColumn("original_title", .string, "The title in the original language."),
            Column.originalLanguage,
            CatalogueColumn("release_date", .date, "The primary release date."),
            CatalogueColumn("runtime", .integer, "Runtime in minutes; empty when TMDB does not know it."),
            CatalogueColumn("budget", .integer, "Budget in US dollars; 0 when unknown."),
            CatalogueColumn("revenue", .integer, "Revenue in US dollars; 0 when unknown."),
            CatalogueColumn("status", .string, "Released, Post Production, In Production, Planned, Rumored, Canceled."),
            Column.exportPopularity, Column.refreshedVoteAverage, Column.refreshedVoteCount, Column.adult,
            CatalogueColumn("collection_id", .integer, "The collection the movie belongs to (`collections`)."),
            Column.overview, Column.tagline, Column.homepage, Column.posterPath, Column.backdropPath,
            CatalogueColumn("video", .boolean, "Whether TMDB lists it as a video rather than a film."),
            Column.originCountry,
            Column.fetchedAt, Column.votesAt,
        ])

    private static let castTable = CatalogueTable(
        "movie_cast", key: ["movie_id", "credit_id"], from: .credits,
        [
            Column.movieID, Column.personID, Column.creditID, Column.personName,
            CatalogueColumn("character", .string, "The character played."),
            Column.order, Column.gender, Column.knownForDepartment,
            CatalogueColumn("cast_id", .integer, "TMDB's older id of this cast entry."),
            Column.originalName, Column.personPopularity, Column.profilePath, Column.personAdult,
        ])

    private static let crewTable = CatalogueTable(
        "movie_crew", key: ["movie_id", "credit_id"], from: .credits,
        [
            Column.movieID, Column.personID, Column.creditID, Column.personName, Column.department, Column.job,
            Column.gender, Column.knownForDepartment, Column.originalName, Column.personPopularity,
            Column.profilePath, Column.personAdult,
        ])

    private static let releaseDatesTable = CatalogueTable(
        "movie_release_dates", from: .releaseDates,
        [
            Column.movieID,
            CatalogueColumn("country", .string, "ISO 3166-1 code of the country of release."),
            CatalogueColumn(
                "type", .integer,
                "1 premiere, 2 limited theatrical, 3 theatrical, 4 digital, 5 physical, 6 TV."),
            CatalogueColumn("release_date", .datetime, "The date of release."),
            CatalogueColumn("certification", .string, "The age rating in that country, e.g. PG-13."),
            CatalogueColumn("note", .string, "TMDB's note, e.g. the festival of a premiere."),
            CatalogueColumn("language", .string, "ISO 639-1 code of the release's language."),
            Column.descriptors,
        ])

    private static let externalIDsTable = CatalogueTable(
        "movie_external_ids", key: ["movie_id"], from: .externalIDs,
        [
            Column.movieID, Column.imdbID, Column.wikidataID, Column.facebookID, Column.instagramID,
            Column.twitterID,
        ])

    private static let translationsTable = CatalogueTable(
        "movie_translations", key: ["movie_id", "language", "country"], from: .translations,
        [
            Column.movieID, Column.translationLanguage, Column.translationCountry, Column.translationLanguageName,
            Column.translationEnglishName,
            CatalogueColumn("title", .string, "The title in that language; empty when not translated."),
            Column.translationOverview, Column.translationTagline, Column.translationHomepage,
            CatalogueColumn("runtime", .integer, "Runtime in minutes of that language's version; empty when unknown."),
        ])

    private static let collectionsTable = CatalogueTable(
        "collections", key: ["collection_id"], derivation: .keyedByMovie,
        summary: "One row per collection a movie belongs to, in collection id order.",
        [
            CatalogueColumn("collection_id", .integer, "TMDB's collection id."),
            CatalogueColumn("name", .string, "The collection's name."),
            Column.posterPath, Column.backdropPath,
        ])
}
