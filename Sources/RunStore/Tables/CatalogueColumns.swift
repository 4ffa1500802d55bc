/// Columns several catalogue tables share, described once.
package enum CatalogueColumns {
    package static let movieID = CatalogueColumn("movie_id", .integer, "The movie's TMDB id (`movies.id`).").valid(
        CatalogueColumn.positive)
    package static let seriesID = CatalogueColumn("series_id", .integer, "The series' TMDB id (`tv_series.id`).").valid(
        CatalogueColumn.positive)
    package static let personID = CatalogueColumn("person_id", .integer, "The person's TMDB id.").valid(
        CatalogueColumn.positive)
    package static let creditID = CatalogueColumn("credit_id", .string, "TMDB's id of this credit.")
    package static let personName = CatalogueColumn("name", .string, "The person's name.")
    package static let originalName = CatalogueColumn(
        "original_name", .string, "The person's name in its original script.")
    package static let gender = CatalogueColumn("gender", .integer, "0 not set, 1 female, 2 male, 3 non-binary.")
    package static let knownForDepartment = CatalogueColumn(
        "known_for_department", .string, "The department the person is best known for, e.g. Acting.")
    package static let personPopularity = CatalogueColumn("popularity", .number, "The person's TMDB popularity score.")
        .valid(CatalogueColumn.nonNegative)
    package static let profilePath = CatalogueColumn(
        "profile_path", .string, "The profile image's path under TMDB's image base URL.")
    package static let personAdult = CatalogueColumn("adult", .boolean, "Whether TMDB flags the person as adult-only.")
    package static let order = CatalogueColumn("order", .integer, "Billing order, 0 first.")
    package static let department = CatalogueColumn("department", .string, "The department, e.g. Directing.")
    package static let job = CatalogueColumn("job", .string, "The job, e.g. Director.")

    package static let genreID = CatalogueColumn("genre_id", .integer, "TMDB's genre id.").valid(
        CatalogueColumn.positive)
    package static let genreName = CatalogueColumn("name", .string, "The genre's name.")
    package static let keywordID = CatalogueColumn("keyword_id", .integer, "TMDB's keyword id.").valid(
        CatalogueColumn.positive)
    package static let keywordName = CatalogueColumn("name", .string, "The keyword.")
    package static let companyID = CatalogueColumn("company_id", .integer, "TMDB's production company id.").valid(
        CatalogueColumn.positive)
    package static let companyName = CatalogueColumn("name", .string, "The company's name.")
    package static let companyCountry = CatalogueColumn(
        "origin_country", .string, "ISO 3166-1 code of the company's home country.")
    package static let logoPath = CatalogueColumn("logo_path", .string, "The logo's path under TMDB's image base URL.")
    package static let countryCode = CatalogueColumn("iso_3166_1", .string, "ISO 3166-1 code of a production country.")
    package static let countryName = CatalogueColumn("name", .string, "The country's English name.")
    package static let languageCode = CatalogueColumn("iso_639_1", .string, "ISO 639-1 code of a spoken language.")
    package static let languageEnglishName = CatalogueColumn("english_name", .string, "The language's English name.")
    package static let languageName = CatalogueColumn("name", .string, "The language's name in itself.")

    package static let imdbID = CatalogueColumn("imdb_id", .string, "IMDb's id (tt…).")
    package static let wikidataID = CatalogueColumn("wikidata_id", .string, "Wikidata's id (Q…).")
    package static let facebookID = CatalogueColumn("facebook_id", .string, "The Facebook page's name.")
    package static let instagramID = CatalogueColumn("instagram_id", .string, "The Instagram account's name.")
    package static let twitterID = CatalogueColumn("twitter_id", .string, "The X (Twitter) account's name.")

    package static let popularity = CatalogueColumn("popularity", .number, "TMDB's popularity score when fetched.")
        .valid(CatalogueColumn.nonNegative)
    package static let voteAverage = CatalogueColumn("vote_average", .number, "Average TMDB user rating, 0–10.").valid(
        CatalogueColumn.rating)
    package static let voteCount = CatalogueColumn("vote_count", .integer, "Number of TMDB user ratings.").valid(
        CatalogueColumn.nonNegative)
    package static let adult = CatalogueColumn("adult", .boolean, "Whether TMDB flags it as adult-only.")

    /// A catalogue's main table takes `popularity` from the night's ID export, so every row has that day's value.
    package static let exportPopularity = CatalogueColumn(
        "popularity", .number, "TMDB's popularity score in the run's daily ID export (its day is in the manifest)."
    ).valid(CatalogueColumn.nonNegative)
    package static let refreshedVoteAverage = CatalogueColumn(
        "vote_average", .number, "Average TMDB user rating, 0–10, as of `votes_at`."
    ).valid(CatalogueColumn.rating)
    package static let refreshedVoteCount = CatalogueColumn(
        "vote_count", .integer, "Number of TMDB user ratings, as of `votes_at`."
    ).valid(CatalogueColumn.nonNegative)
    package static let fetchedAt = CatalogueColumn(
        "fetched_at", .datetime,
        "When the details answer this row comes from arrived (UTC); every column but popularity and the votes is as of then."
    )
    package static let votesAt = CatalogueColumn(
        "votes_at", .datetime,
        "When the answer vote_average and vote_count come from arrived (UTC): the details, or a later discover page.")
    package static let overview = CatalogueColumn("overview", .string, "The synopsis in the requested language.")
    package static let tagline = CatalogueColumn("tagline", .string, "The tagline.")
    package static let homepage = CatalogueColumn("homepage", .string, "The official website.")
    package static let posterPath = CatalogueColumn(
        "poster_path", .string, "The poster's path under TMDB's image base URL.")
    package static let backdropPath = CatalogueColumn(
        "backdrop_path", .string, "The backdrop's path under TMDB's image base URL.")
    package static let originCountry = CatalogueColumn(
        "origin_country", .list, "ISO 3166-1 codes of the countries of origin.")
    package static let originalLanguage = CatalogueColumn(
        "original_language", .string, "ISO 639-1 code of the original language.")
    package static let descriptors = CatalogueColumn("descriptors", .list, "Content descriptors given with the rating.")

    // The sub-resources of issue 28 that movies and series share.
    package static let alternativeTitleCountry = CatalogueColumn(
        "country", .string, "ISO 3166-1 code of the country the title is used in.")
    package static let alternativeTitle = CatalogueColumn("title", .string, "The title used there.")
    package static let alternativeTitleType = CatalogueColumn(
        "type", .string, "TMDB's free-text kind of title, e.g. romanization, Castilian Spanish; mostly empty.")

    package static let translationLanguage = CatalogueColumn(
        "language", .string, "ISO 639-1 code of the translation's language.")
    package static let translationCountry = CatalogueColumn(
        "country", .string, "ISO 3166-1 code of the country the translation is for.")
    package static let translationLanguageName = CatalogueColumn(
        "language_name", .string, "The language's name in itself, e.g. Deutsch.")
    package static let translationEnglishName = CatalogueColumn(
        "english_name", .string, "The language's English name, e.g. German.")
    package static let translationOverview = CatalogueColumn(
        "overview", .string, "The synopsis in that language; empty when not translated.")
    package static let translationTagline = CatalogueColumn(
        "tagline", .string, "The tagline in that language; empty when not translated.")
    package static let translationHomepage = CatalogueColumn(
        "homepage", .string, "The website for that language; empty when it has none of its own.")

    package static let videos: [CatalogueColumn] = [
        CatalogueColumn("video_id", .string, "TMDB's id of the video entry."),
        CatalogueColumn("language", .string, "ISO 639-1 code of the video's language."),
        CatalogueColumn("country", .string, "ISO 3166-1 code of the video's country."),
        CatalogueColumn("name", .string, "The video's title, e.g. Official Trailer."),
        CatalogueColumn("site", .string, "Where it is hosted: YouTube or Vimeo."),
        CatalogueColumn("key", .string, "The video's id on its site (YouTube: watch?v=<key>)."),
        CatalogueColumn(
            "type", .string, "Trailer, Teaser, Clip, Featurette, Behind the Scenes, Bloopers, Opening Credits."),
        CatalogueColumn("official", .boolean, "Whether the title's owners published it."),
        CatalogueColumn("size", .integer, "Vertical resolution: 360, 480, 720, 1080 or 2160."),
        CatalogueColumn("published_at", .datetime, "When it was published on its site (UTC)."),
    ]

    package static let images: [CatalogueColumn] = [
        CatalogueColumn("kind", .string, "poster, backdrop or logo."),
        CatalogueColumn("file_path", .string, "The image's path under TMDB's image base URL."),
        CatalogueColumn(
            "language", .string, "ISO 639-1 code of the text in the image; empty for an image without text."),
        CatalogueColumn("width", .integer, "Width in pixels of the original."),
        CatalogueColumn("height", .integer, "Height in pixels of the original."),
        CatalogueColumn("aspect_ratio", .number, "Width over height, as TMDB rounds it."),
        CatalogueColumn("vote_average", .number, "Average TMDB user rating of the image.").valid(
            CatalogueColumn.rating),
        CatalogueColumn("vote_count", .integer, "Number of TMDB user ratings of the image.").valid(
            CatalogueColumn.nonNegative),
    ]

    package static let rank = CatalogueColumn("rank", .integer, "Position on the page TMDB appends, 1 first.")

    /// After the title's id: one row per country, kind and provider of `watch/providers`.
    package static let watchProviders: [CatalogueColumn] = [
        CatalogueColumn("country", .string, "ISO 3166-1 code of the country the offer is made in."),
        CatalogueColumn(
            "kind", .string, "flatrate (subscription), rent, buy, ads (free with advertising) or free."),
        CatalogueColumn("provider_id", .integer, "TMDB's id of the service (`watch_providers.provider_id`)."),
        CatalogueColumn("provider_name", .string, "The service's name, e.g. Netflix."),
        CatalogueColumn(
            "display_priority", .integer, "The service's place in TMDB's list for that country, lower first."),
        CatalogueColumn(
            "link", .string, "TMDB's page of the title's offers in that country, the same on each of its rows."),
    ]
}
