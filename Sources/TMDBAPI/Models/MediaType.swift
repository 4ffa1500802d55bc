/// Movies or TV: the two kinds of list TMDB serves, each with its own model, genres and CSV columns.
public enum MediaType: String, Sendable, Hashable, CaseIterable {
    /// Movies (`Movie`).
    case movie
    /// TV shows (`TVShow`).
    case tv
}

/// A model that appears in TMDB's paged lists, read field by field (``ObjectModel``) by ``ResultsPage/decode(_:)``.
public protocol ListItem: ObjectModel, Sendable {
    /// Which kind of list it comes from.
    static var mediaType: MediaType { get }
    var id: Int { get }
    /// The poster's file name, e.g. `/abc.jpg`.
    var posterPath: String? { get }
}
