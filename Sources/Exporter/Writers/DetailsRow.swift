import RunStore
import TMDBAPI

/// One row of `<slug>_details.csv`: a listed movie's details, at the movie's rank in the list.
struct DetailsRow: OutputRow, Sendable, Hashable {
    static var table: ListTable { .details }

    /// The movie's rank in the list it was found in.
    var rank: Int
    /// The details as TMDB sent them.
    var details: MovieDetails

    func encode(into encoder: inout RecordEncoder) {
        encoder.integer("rank", rank)
        encoder.integer("id", details.id)
        encoder.string("imdb_id", details.imdbID)
        encoder.string("title", details.title)
        encoder.string("original_title", details.originalTitle)
        encoder.string("status", details.status)
        encoder.string("release_date", details.releaseDate)
        encoder.integer("runtime", details.runtime)
        encoder.integer("budget", details.budget)
        encoder.integer("revenue", details.revenue)
        encoder.integers("genre_ids", details.genres.map(\.id))
        encoder.strings("genres", details.genres.map(\.name))
        encoder.strings("spoken_languages", details.spokenLanguages.map(\.code))
        encoder.strings("production_countries", details.productionCountries.map(\.code))
        encoder.string("tagline", details.tagline)
        encoder.string("homepage", details.homepage)
        encoder.decimal("vote_average", details.voteAverage)
        encoder.integer("vote_count", details.voteCount)
        encoder.decimal("popularity", details.popularity)
        encoder.integer("collection_id", details.collection?.id)
        encoder.string("collection_name", details.collection?.name)
        encoder.integers("production_company_ids", details.productionCompanies.map(\.id))
        encoder.strings("production_companies", details.productionCompanies.map { $0.name ?? "" })
        encoder.strings("origin_country", details.originCountry)
        encoder.end()
    }
}
