/// A TMDB genre: an id and its name in the requested language.
public struct Genre: Codable, Sendable, Hashable {
    /// The genre id, as used in `genre_ids`.
    public var id: Int
    /// The genre's name.
    public var name: String

    /// Creates a genre.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// The answer of `genre/movie/list`.
public struct GenreList: Decodable, Sendable, Hashable {
    /// All genres.
    public var genres: [Genre]

    /// Creates a list.
    public init(genres: [Genre]) { self.genres = genres }

    /// Names by id, for joining `genre_ids` to names.
    public var namesByID: [Int: String] {
        Dictionary(genres.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }
}
