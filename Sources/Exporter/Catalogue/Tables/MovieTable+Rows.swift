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
            return TitleRows.named(movie.genres, column: "genre_id", parent: "movie_id", id: id, into: &encoder)
        case .cast:
            return encoder.rows(of: movie.cast, parent: "movie_id", id: id) { member, row in
                TitleCreditRows.credit(of: member.person, creditID: member.creditID, into: &row)
                row.string("character", member.character)
                row.integer("order", member.order)
                TitleCreditRows.genderAndDepartment(of: member.person, into: &row)
                row.integer("cast_id", member.castID)
                TitleCreditRows.closing(of: member.person, into: &row)
            }
        case .crew:
            return encoder.rows(of: movie.crew, parent: "movie_id", id: id) { member, row in
                TitleCreditRows.credit(of: member.person, creditID: member.creditID, into: &row)
                row.string("department", member.department)
                row.string("job", member.job)
                TitleCreditRows.genderAndDepartment(of: member.person, into: &row)
                TitleCreditRows.closing(of: member.person, into: &row)
            }
        case .keywords:
            return TitleRows.named(movie.keywords, column: "keyword_id", parent: "movie_id", id: id, into: &encoder)
        case .companies:
            return TitleRows.companies(
                movie.companies, column: "company_id", parent: "movie_id", id: id, into: &encoder)
        case .countries:
            return TitleRows.countries(movie.countries, parent: "movie_id", id: id, into: &encoder)
        case .languages:
            return TitleRows.languages(movie.languages, parent: "movie_id", id: id, into: &encoder)
        case .releaseDates:
            return encoder.rows(of: movie.releaseDates, parent: "movie_id", id: id) { release, row in
                row.string("country", release.country)
                row.integer("type", release.type)
                row.string("release_date", release.date)
                row.string("certification", release.certification)
                row.string("note", release.note)
                row.string("language", release.language)
                row.strings("descriptors", release.descriptors)
            }
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
