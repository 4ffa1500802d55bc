import TMDBAPI

/// The kinds of data file a list request writes, each with its columns: the single source of the files' headers,
/// NDJSON keys and documentation, as ``CatalogueTable`` is for catalogues. Columns are only ever added at the end,
/// so that readers of earlier files keep working.
public enum ListTable: Sendable, Hashable, CaseIterable {
    /// `<slug>.csv` of a movie list (movie lists, trending movies, discover and search for movies, recommendations,
    /// similar).
    case movies
    /// `<slug>.csv` of a TV list.
    case shows
    /// `<slug>_details.csv` of a movie list with `"details": true`.
    case details

    /// The table a list of `mediaType` items writes its rows to.
    public static func list(of mediaType: MediaType) -> ListTable {
        switch mediaType {
        case .movie: .movies
        case .tv: .shows
        }
    }

    /// The columns in the order both files carry them.
    public var columns: [CatalogueColumn] {
        switch self {
        case .movies: Self.movieColumns
        case .shows: Self.showColumns
        case .details: Self.detailsColumns
        }
    }

    /// The CSV header record, LF-terminated.
    package var csvHeader: [UInt8] { CSVEncoding.record(columns.map(\.name)) }

    private typealias Column = CatalogueColumns

    private static let rank = CatalogueColumn(
        "rank", .integer, "The 1-based position in TMDB's list: (page − 1) × 20 + position on the page.")
    private static let genreIDs = CatalogueColumn("genre_ids", .list, "TMDB's genre ids, in TMDB's order.")
    private static let posterFile = CatalogueColumn(
        "poster_file", .string,
        "The downloaded poster, relative to the job's folder; empty when there is none or it was not saved.")

    private static let movieColumns = [
        rank,
        CatalogueColumn("id", .integer, "The movie's TMDB id."),
        CatalogueColumn("title", .string, "The title in the requested language."),
        CatalogueColumn("original_title", .string, "The title in the original language."),
        Column.originalLanguage,
        CatalogueColumn("release_date", .date, "The release date; empty when TMDB sends none."),
        Column.voteAverage, Column.voteCount, Column.popularity, genreIDs,
        CatalogueColumn(
            "genres", .list, "The names of genre_ids from genre/movie/list in the job's language, in the same order."),
        Column.adult, Column.overview, Column.posterPath, posterFile, Column.backdropPath,
        CatalogueColumn(
            "video", .boolean, "Whether TMDB lists it as a video rather than a film; empty when the item does not say."),
        CatalogueColumn(
            "media_type", .string,
            "`movie` on the lists whose items say what they are (trending, recommendations); empty on the others."),
    ]

    private static let showColumns = [
        rank,
        CatalogueColumn("id", .integer, "The show's TMDB id."),
        CatalogueColumn("name", .string, "The name in the requested language."),
        CatalogueColumn("original_name", .string, "The name in the original language."),
        Column.originalLanguage,
        CatalogueColumn("first_air_date", .date, "The first episode's air date; empty when TMDB sends none."),
        Column.originCountry, Column.voteAverage, Column.voteCount, Column.popularity, genreIDs,
        CatalogueColumn(
            "genres", .list, "The names of genre_ids from genre/tv/list in the job's language, in the same order."),
        Column.adult, Column.overview, Column.posterPath, posterFile, Column.backdropPath,
        CatalogueColumn(
            "media_type", .string, "`tv` on the lists whose items say what they are (trending); empty on the others."),
    ]

    private static let detailsColumns = [
        CatalogueColumn("rank", .integer, "The movie's rank in the list file."),
        CatalogueColumn("id", .integer, "The movie's TMDB id."),
        CatalogueColumn("imdb_id", .string, "IMDb's id (tt…)."),
        CatalogueColumn("title", .string, "The title in the requested language."),
        CatalogueColumn("original_title", .string, "The title in the original language."),
        CatalogueColumn("status", .string, "Released, Post Production, In Production, Planned, Rumored, Canceled."),
        CatalogueColumn("release_date", .date, "The primary release date."),
        CatalogueColumn("runtime", .integer, "Runtime in minutes; empty when TMDB does not know it (sends 0)."),
        CatalogueColumn("budget", .integer, "Budget in US dollars; 0 when unknown."),
        CatalogueColumn("revenue", .integer, "Revenue in US dollars; 0 when unknown."),
        CatalogueColumn("genre_ids", .list, "TMDB's genre ids, in TMDB's order."),
        CatalogueColumn("genres", .list, "The genres' names in the job's language, in the same order."),
        CatalogueColumn("spoken_languages", .list, "ISO 639-1 codes of the spoken languages."),
        CatalogueColumn("production_countries", .list, "ISO 3166-1 codes of the production countries."),
        Column.tagline, Column.homepage, Column.voteAverage, Column.voteCount, Column.popularity,
        CatalogueColumn("collection_id", .integer, "The collection the movie belongs to; empty when none."),
        CatalogueColumn("collection_name", .string, "The collection's name."),
        CatalogueColumn("production_company_ids", .list, "TMDB's ids of the production companies, in TMDB's order."),
        CatalogueColumn("production_companies", .list, "The production companies' names, in the same order."),
        Column.originCountry,
    ]
}
