import TMDBAPI

extension CatalogueType {
    /// What the report and the table descriptions call the catalogue's items: one, several, as a card's title, and
    /// as a section's heading.
    var reportNouns: (singular: String, plural: String, card: String, heading: String) {
        switch self {
        case .movie: ("movie", "movies", "Movies", "Movie")
        case .tv: ("series", "series", "Series", "TV series")
        case .person: ("person", "people", "People", "Person")
        }
    }

    /// The main table and the genre table the report charts; nil for people, who have neither votes, dates of
    /// release nor genres.
    var chartedTables: (main: String, genres: String)? {
        switch self {
        case .movie: ("movies", "movie_genres")
        case .tv: ("tv_series", "tv_genres")
        case .person: nil
        }
    }
}
