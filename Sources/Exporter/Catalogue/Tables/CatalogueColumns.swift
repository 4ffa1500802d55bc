/// Columns several catalogue tables share, described once.
enum CatalogueColumns {
    static let movieID = CatalogueColumn("movie_id", .integer, "The movie's TMDB id (`movies.id`).")
    static let seriesID = CatalogueColumn("series_id", .integer, "The series' TMDB id (`tv_series.id`).")
    static let personID = CatalogueColumn("person_id", .integer, "The person's TMDB id.")
    static let creditID = CatalogueColumn("credit_id", .string, "TMDB's id of this credit.")
    static let personName = CatalogueColumn("name", .string, "The person's name.")
    static let originalName = CatalogueColumn("original_name", .string, "The person's name in its original script.")
    static let gender = CatalogueColumn("gender", .integer, "0 not set, 1 female, 2 male, 3 non-binary.")
    static let knownForDepartment = CatalogueColumn(
        "known_for_department", .string, "The department the person is best known for, e.g. Acting.")
    static let personPopularity = CatalogueColumn("popularity", .number, "The person's TMDB popularity score.")
    static let profilePath = CatalogueColumn(
        "profile_path", .string, "The profile image's path under TMDB's image base URL.")
    static let personAdult = CatalogueColumn("adult", .boolean, "Whether TMDB flags the person as adult-only.")
    static let order = CatalogueColumn("order", .integer, "Billing order, 0 first.")
    static let department = CatalogueColumn("department", .string, "The department, e.g. Directing.")
    static let job = CatalogueColumn("job", .string, "The job, e.g. Director.")

    static let genreID = CatalogueColumn("genre_id", .integer, "TMDB's genre id.")
    static let genreName = CatalogueColumn("name", .string, "The genre's name.")
    static let keywordID = CatalogueColumn("keyword_id", .integer, "TMDB's keyword id.")
    static let keywordName = CatalogueColumn("name", .string, "The keyword.")
    static let companyID = CatalogueColumn("company_id", .integer, "TMDB's production company id.")
    static let companyName = CatalogueColumn("name", .string, "The company's name.")
    static let companyCountry = CatalogueColumn(
        "origin_country", .string, "ISO 3166-1 code of the company's home country.")
    static let logoPath = CatalogueColumn("logo_path", .string, "The logo's path under TMDB's image base URL.")
    static let countryCode = CatalogueColumn("iso_3166_1", .string, "ISO 3166-1 code of a production country.")
    static let countryName = CatalogueColumn("name", .string, "The country's English name.")
    static let languageCode = CatalogueColumn("iso_639_1", .string, "ISO 639-1 code of a spoken language.")
    static let languageEnglishName = CatalogueColumn("english_name", .string, "The language's English name.")
    static let languageName = CatalogueColumn("name", .string, "The language's name in itself.")

    static let imdbID = CatalogueColumn("imdb_id", .string, "IMDb's id (tt…).")
    static let wikidataID = CatalogueColumn("wikidata_id", .string, "Wikidata's id (Q…).")
    static let facebookID = CatalogueColumn("facebook_id", .string, "The Facebook page's name.")
    static let instagramID = CatalogueColumn("instagram_id", .string, "The Instagram account's name.")
    static let twitterID = CatalogueColumn("twitter_id", .string, "The X (Twitter) account's name.")

    static let popularity = CatalogueColumn("popularity", .number, "TMDB's popularity score when fetched.")
    static let voteAverage = CatalogueColumn("vote_average", .number, "Average TMDB user rating, 0–10.")
    static let voteCount = CatalogueColumn("vote_count", .integer, "Number of TMDB user ratings.")
    static let adult = CatalogueColumn("adult", .boolean, "Whether TMDB flags it as adult-only.")

    /// A catalogue's main table takes `popularity` from the night's ID export, so every row has that day's value.
    static let exportPopularity = CatalogueColumn(
        "popularity", .number, "TMDB's popularity score in the run's daily ID export (its day is in the manifest).")
    static let refreshedVoteAverage = CatalogueColumn(
        "vote_average", .number, "Average TMDB user rating, 0–10, as of `votes_at`.")
    static let refreshedVoteCount = CatalogueColumn(
        "vote_count", .integer, "Number of TMDB user ratings, as of `votes_at`.")
    static let fetchedAt = CatalogueColumn(
        "fetched_at", .datetime,
        "When the details answer this row comes from arrived (UTC); every column but popularity and the votes is as of then."
    )
    static let votesAt = CatalogueColumn(
        "votes_at", .datetime,
        "When the answer vote_average and vote_count come from arrived (UTC): the details, or a later discover page.")
    static let overview = CatalogueColumn("overview", .string, "The synopsis in the requested language.")
    static let tagline = CatalogueColumn("tagline", .string, "The tagline.")
    static let homepage = CatalogueColumn("homepage", .string, "The official website.")
    static let posterPath = CatalogueColumn("poster_path", .string, "The poster's path under TMDB's image base URL.")
    static let backdropPath = CatalogueColumn(
        "backdrop_path", .string, "The backdrop's path under TMDB's image base URL.")
    static let originCountry = CatalogueColumn("origin_country", .list, "ISO 3166-1 codes of the countries of origin.")
    static let originalLanguage = CatalogueColumn(
        "original_language", .string, "ISO 639-1 code of the original language.")
    static let descriptors = CatalogueColumn("descriptors", .list, "Content descriptors given with the rating.")
}
