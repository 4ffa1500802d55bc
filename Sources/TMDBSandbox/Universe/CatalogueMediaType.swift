/// The two media types of the catalogue and of its daily ID exports.
enum CatalogueMediaType: String, Sendable, CaseIterable {
    case movie
    case series

    /// The export file's prefix: `movie` or `tv_series` (before `_ids_MM_DD_YYYY.json.gz`).
    var exportPrefix: String {
        switch self {
        case .movie: "movie"
        case .series: "tv_series"
        }
    }
}
