import RunStore
import TMDBAPI

/// One row of `<slug>_details.csv`: a listed movie's details, at the movie's rank in the list.
struct DetailsRow: OutputRow, Sendable, Hashable {
    static var table: ListTable { .details }

    /// The movie's rank in the list it was found in.
    var rank: Int
    /// The details as TMDB sent them, read as the movie catalogue reads them (nothing appended).
    var details: MovieRecord

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
        encoder.integers("genre_ids", details.genres.compactMap(\.id))
        encoder.strings("genres", details.genres.map { $0.name ?? "" })
        encoder.strings("spoken_languages", details.languages.map { $0.code ?? "" })
        encoder.strings("production_countries", details.countries.map { $0.code ?? "" })
        encoder.string("tagline", details.tagline)
        encoder.string("homepage", details.homepage)
        encoder.decimal("vote_average", details.voteAverage)
        encoder.integer("vote_count", details.voteCount)
        encoder.decimal("popularity", details.popularity)
        encoder.integer("collection_id", details.collection?.id)
        encoder.string("collection_name", details.collection?.name)
        encoder.integers("production_company_ids", details.companies.compactMap(\.id))
        encoder.strings("production_companies", details.companies.map { $0.name ?? "" })
        encoder.strings("origin_country", details.originCountry)
        encoder.end()
    }
}
