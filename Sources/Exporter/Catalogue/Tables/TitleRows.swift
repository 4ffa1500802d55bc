import RunStore
import TMDBAPI

/// The rows of the lists movies and series share in their details, each keyed by the title's id under `parent`
/// (`movie_id` or `series_id`), in TMDB's order; each returns the number of rows written. The appended sub-resources
/// have ``TitleDepthRows``, the credits ``TitleCreditRows``.
enum TitleRows {
    static func genres(
        _ genres: [CatalogueRecord.Genre], parent: StaticString, id: Int, into encoder: inout RecordEncoder
    ) -> Int {
        encoder.rows(of: genres, parent: parent, id: id) { genre, row in
            row.integer("genre_id", genre.id)
            row.string("name", genre.name)
        }
    }

    static func keywords(
        _ keywords: [CatalogueRecord.Keyword], parent: StaticString, id: Int, into encoder: inout RecordEncoder
    ) -> Int {
        encoder.rows(of: keywords, parent: parent, id: id) { keyword, row in
            row.integer("keyword_id", keyword.id)
            row.string("name", keyword.name)
        }
    }

    /// Production companies, or a series' networks: the company's id under `column`.
    static func companies(
        _ companies: [CatalogueRecord.Company], column: StaticString, parent: StaticString, id: Int,
        into encoder: inout RecordEncoder
    ) -> Int {
        encoder.rows(of: companies, parent: parent, id: id) { company, row in
            row.integer(column, company.id)
            row.string("name", company.name)
            row.string("origin_country", company.originCountry)
            row.string("logo_path", company.logoPath)
        }
    }

    static func countries(
        _ countries: [CatalogueRecord.Country], parent: StaticString, id: Int, into encoder: inout RecordEncoder
    ) -> Int {
        encoder.rows(of: countries, parent: parent, id: id) { country, row in
            row.string("iso_3166_1", country.code)
            row.string("name", country.name)
        }
    }

    static func languages(
        _ languages: [CatalogueRecord.Language], parent: StaticString, id: Int, into encoder: inout RecordEncoder
    ) -> Int {
        encoder.rows(of: languages, parent: parent, id: id) { language, row in
            row.string("iso_639_1", language.code)
            row.string("english_name", language.englishName)
            row.string("name", language.name)
        }
    }
}
