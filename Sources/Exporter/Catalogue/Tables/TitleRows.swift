import RunStore
import TMDBAPI

/// The rows of the lists movies and series share in their details, each keyed by the title's id under `parent`
/// (`movie_id` or `series_id`), in TMDB's order; each returns the number of rows written. The appended sub-resources
/// have ``TitleDepthRows``, the credits ``TitleCreditRows``.
enum TitleRows {
    /// Genres or keywords: the entry's id under `column` (`genre_id` or `keyword_id`).
    static func named(
        _ entries: [CatalogueRecord.NamedID], column: StaticString, parent: StaticString, id: Int,
        into encoder: inout RecordEncoder
    ) -> Int {
        encoder.rows(of: entries, parent: parent, id: id) { entry, row in
            row.integer(column, entry.id)
            row.string("name", entry.name)
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
