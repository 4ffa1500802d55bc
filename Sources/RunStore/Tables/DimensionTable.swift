import TMDBAPI

/// The table a dimension export becomes (`keywords`, `companies`, `networks`): one row per id of the night's export,
/// in id order, rewritten whole every night.
package enum DimensionTable {
    /// The table of `type`: `id` (its key) and `name`.
    package static func table(_ type: DimensionType) -> CatalogueTable {
        CatalogueTable(
            type.tableName, key: ["id"],
            summary: "One row per \(type.noun) of TMDB's daily export (\(type.exportPrefix)), in id order.",
            [
                CatalogueColumn("id", .integer, "TMDB's \(type.noun) id."),
                CatalogueColumn("name", .string, "The \(type.noun)'s name as the export gives it."),
            ])
    }

    /// The catalogue tables' columns that name a row of `type`'s table: `movie_keywords.keyword_id`,
    /// `tv_keywords.keyword_id`; `movie_companies.company_id`, `tv_companies.company_id`; `tv_networks.network_id`.
    package static func referringColumn(_ type: DimensionType) -> (tables: [String], column: String) {
        switch type {
        case .keyword: (["movie_keywords", "tv_keywords"], "keyword_id")
        case .company: (["movie_companies", "tv_companies"], "company_id")
        case .network: (["tv_networks"], "network_id")
        }
    }
}
