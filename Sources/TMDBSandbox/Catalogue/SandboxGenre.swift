/// A TMDB movie genre.
public struct SandboxGenre: Sendable, Equatable {
    /// TMDB genre id.
    public var id: Int
    /// English genre name.
    public var name: String

    /// Creates a genre.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    /// TMDB's real movie genre list, in the order `/3/genre/movie/list` returns it.
    public static let all: [SandboxGenre] = [
        SandboxGenre(id: 28, name: "Action"), SandboxGenre(id: 12, name: "Adventure"),
        SandboxGenre(id: 16, name: "Animation"), SandboxGenre(id: 35, name: "Comedy"),
        SandboxGenre(id: 80, name: "Crime"), SandboxGenre(id: 99, name: "Documentary"),
        SandboxGenre(id: 18, name: "Drama"), SandboxGenre(id: 10751, name: "Family"),
        SandboxGenre(id: 14, name: "Fantasy"), SandboxGenre(id: 36, name: "History"),
        SandboxGenre(id: 27, name: "Horror"), SandboxGenre(id: 10402, name: "Music"),
        SandboxGenre(id: 9648, name: "Mystery"), SandboxGenre(id: 10749, name: "Romance"),
        SandboxGenre(id: 878, name: "Science Fiction"), SandboxGenre(id: 10770, name: "TV Movie"),
        SandboxGenre(id: 53, name: "Thriller"), SandboxGenre(id: 10752, name: "War"),
        SandboxGenre(id: 37, name: "Western"),
    ]
}
