import TMDBAPI

/// A catalogue type whose items have votes that `/discover` lists by popularity: movies and series. People have no
/// votes, so a person catalogue has no vote refresh (`refresh.top` is refused for it).
enum VotedType: Sendable, Hashable {
    case movie, tv

    /// The type's voted kind; nil for people.
    init?(_ type: CatalogueType) {
        switch type {
        case .movie: self = .movie
        case .tv: self = .tv
        case .person: return nil
        }
    }

    /// The main table's release date column, which discover's date filter reads.
    var dateColumn: StaticString {
        switch self {
        case .movie: "release_date"
        case .tv: "first_air_date"
        }
    }

    /// The name of discover's date filter.
    var dateFilter: String {
        switch self {
        case .movie: "primary_release_date"
        case .tv: "first_air_date"
        }
    }
}
