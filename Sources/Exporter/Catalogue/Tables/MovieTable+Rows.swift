import RunStore
import TMDBAPI

extension MovieTable {
    /// Encodes the rows `movie` gives this table, children in TMDB's order, in the table's column order.
    func encodeRows(of movie: MovieRecord, freshness: RowFreshness, into encoder: inout RecordEncoder) -> Int {
        let id = movie.id
        switch self {
        case .movies:
            encoder.integer("id", id)
            encoder.string("imdb_id", movie.imdbID)
            encoder.string("title", movie.title)
            encoder.string("original_title", movie.originalTitle)
            encoder.string("original_language", movie.originalLanguage)
            encoder.string("release_date", movie.releaseDate)
            encoder.integer("runtime", movie.runtime)
            encoder.integer("budget", movie.budget)
            encoder.integer("revenue", movie.revenue)
            encoder.string("status", movie.status)
            encoder.decimal("popularity", freshness.popularity)
            encoder.decimal("vote_average", movie.voteAverage)
            encoder.integer("vote_count", movie.voteCount)
            encoder.boolean("adult", movie.adult)
            encoder.integer("collection_id", movie.collection?.id)
            encoder.string("overview", movie.overview)
            encoder.string("tagline", movie.tagline)
            encoder.string("homepage", movie.homepage)
            encoder.string("poster_path", movie.posterPath)
            encoder.string("backdrop_path", movie.backdropPath)
            encoder.boolean("video", movie.video)
            encoder.strings("origin_country", movie.originCountry)
            encoder.string("fetched_at", freshness.fetchedAt)
            encoder.string("votes_at", freshness.fetchedAt)
            encoder.end()
            return 1
        case .genres:
            for genre in movie.genres {
                encoder.integer("movie_id", id)
                encoder.integer("genre_id", genre.id)
                encoder.string("name", genre.name)
                encoder.end()
            }
            return movie.genres.count
        case .cast:
            for member in movie.cast {
                encoder.integer("movie_id", id)
                encoder.integer("person_id", member.person.id)
                encoder.string("credit_id", member.creditID)
                encoder.string("name", member.person.name)
                encoder.string("character", member.character)
                encoder.integer("order", member.order)
                encoder.integer("gender", member.person.gender)
                encoder.string("known_for_department", member.person.knownForDepartment)
                encoder.integer("cast_id", member.castID)
                encoder.string("original_name", member.person.originalName)
                encoder.decimal("popularity", member.person.popularity)
                encoder.string("profile_path", member.person.profilePath)
                encoder.boolean("adult", member.person.adult)
                encoder.end()
            }
            return movie.cast.count
        case .crew:
            for member in movie.crew {
                encoder.integer("movie_id", id)
                encoder.integer("person_id", member.person.id)
                encoder.string("credit_id", member.creditID)
                encoder.string("name", member.person.name)
                encoder.string("department", member.department)
                encoder.string("job", member.job)
                encoder.integer("gender", member.person.gender)
                encoder.string("known_for_department", member.person.knownForDepartment)
                encoder.string("original_name", member.person.originalName)
                encoder.decimal("popularity", member.person.popularity)
                encoder.string("profile_path", member.person.profilePath)
                encoder.boolean("adult", member.person.adult)
                encoder.end()
            }
            return movie.crew.count
        case .keywords:
            for keyword in movie.keywords {
                encoder.integer("movie_id", id)
                encoder.integer("keyword_id", keyword.id)
                encoder.string("name", keyword.name)
                encoder.end()
            }
            return movie.keywords.count
        case .companies:
            for company in movie.companies {
                encoder.integer("movie_id", id)
                encoder.integer("company_id", company.id)
                encoder.string("name", company.name)
                encoder.string("origin_country", company.originCountry)
                encoder.string("logo_path", company.logoPath)
                encoder.end()
            }
            return movie.companies.count
        case .countries:
            for country in movie.countries {
                encoder.integer("movie_id", id)
                encoder.string("iso_3166_1", country.code)
                encoder.string("name", country.name)
                encoder.end()
            }
            return movie.countries.count
        case .languages:
            for language in movie.languages {
                encoder.integer("movie_id", id)
                encoder.string("iso_639_1", language.code)
                encoder.string("english_name", language.englishName)
                encoder.string("name", language.name)
                encoder.end()
            }
            return movie.languages.count
        case .releaseDates:
            for release in movie.releaseDates {
                encoder.integer("movie_id", id)
                encoder.string("country", release.country)
                encoder.integer("type", release.type)
                encoder.string("release_date", release.date)
                encoder.string("certification", release.certification)
                encoder.string("note", release.note)
                encoder.string("language", release.language)
                encoder.strings("descriptors", release.descriptors)
                encoder.end()
            }
            return movie.releaseDates.count
        case .externalIDs:
            guard let ids = movie.externalIDs else { return 0 }
            encoder.integer("movie_id", id)
            encoder.string("imdb_id", ids.imdbID)
            encoder.string("wikidata_id", ids.wikidataID)
            encoder.string("facebook_id", ids.facebookID)
            encoder.string("instagram_id", ids.instagramID)
            encoder.string("twitter_id", ids.twitterID)
            encoder.end()
            return 1
        case .alternativeTitles:
            return TitleDepthRows.alternativeTitles(movie.alternativeTitles, parent: "movie_id", id: id, into: &encoder)
        case .translations:
            return TitleDepthRows.translations(
                movie.translations, parent: "movie_id", id: id, runtime: true, into: &encoder)
        case .videos:
            return TitleDepthRows.videos(movie.videos, parent: "movie_id", id: id, into: &encoder)
        case .images:
            return TitleDepthRows.images(movie.images, parent: "movie_id", id: id, into: &encoder)
        case .recommendations:
            return TitleDepthRows.page(
                movie.recommendations, column: "recommended_id", parent: "movie_id", id: id, into: &encoder)
        case .similar:
            return TitleDepthRows.page(movie.similar, column: "similar_id", parent: "movie_id", id: id, into: &encoder)
        case .watchProviders:
            return TitleDepthRows.watchOffers(movie.watchOffers, parent: "movie_id", id: id, into: &encoder)
        case .collections:
            guard let collection = movie.collection else { return 0 }
            encoder.integer("collection_id", collection.id)
            encoder.string("name", collection.name)
            encoder.string("poster_path", collection.posterPath)
            encoder.string("backdrop_path", collection.backdropPath)
            encoder.end()
            return 1
        }
    }
}
