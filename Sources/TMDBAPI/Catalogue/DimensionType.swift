/// The lookup tables TMDB publishes as daily exports of `{"id":…,"name":"…"}` lines: keywords, production companies
/// and TV networks. Not a ``CatalogueType``: no details are fetched per id, and there is no change feed, refresh or
/// poster; the night's export is the whole table.
public enum DimensionType: String, Codable, Sendable, Hashable, CaseIterable {
    case keyword, company, network

    /// The export file's name before its day: `keyword_ids`, `production_company_ids`, `tv_network_ids`.
    public var exportPrefix: String {
        switch self {
        case .keyword: "keyword_ids"
        case .company: "production_company_ids"
        case .network: "tv_network_ids"
        }
    }

    /// The table the export becomes: `keywords`, `companies`, `networks`.
    public var tableName: String {
        switch self {
        case .keyword: "keywords"
        case .company: "companies"
        case .network: "networks"
        }
    }

    /// What one row is, in words: `keyword`, `production company`, `TV network`.
    public var noun: String {
        switch self {
        case .keyword: "keyword"
        case .company: "production company"
        case .network: "TV network"
        }
    }
}
