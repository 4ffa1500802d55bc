import JSON

/// Movies or TV: the two kinds of list TMDB serves, each with its own model, genres and CSV columns.
public enum MediaType: String, Sendable, Hashable, CaseIterable {
    /// Movies (`Movie`).
    case movie
    /// TV shows (`TVShow`).
    case tv
}

/// A model that appears in TMDB's paged lists.
///
/// ``ResultsPage/decode(_:)`` reads pages with `init(scanning:)` and falls back to `init(from:)`, so both must build
/// the same item from the same JSON. `init(scanning:)` fails for anything it does not read exactly as `init(from:)`
/// does (a missing or null required field, a value of another type, a key given twice); `JSONDecoder` then reads the
/// page, skips the odd item and says why. Tests compare the two on the sandbox's catalogue and on damaged items.
public protocol ListItem: Decodable, Sendable {
    /// Which kind of list it comes from.
    static var mediaType: MediaType { get }
    var id: Int { get }
    /// The poster's file name, e.g. `/abc.jpg`.
    var posterPath: String? { get }
    /// Reads one item; the scanner stands before its opening brace.
    init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure)
}

extension Movie: ListItem {
    public static var mediaType: MediaType { .movie }
}
