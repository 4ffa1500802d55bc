/// A TMDB genre, of movies (``all``) or of TV shows (``tv``).
struct SandboxGenre: Sendable, Equatable {
    /// TMDB genre id.
    var id: Int
    /// English genre name.
    var name: String

    /// TMDB's real movie genre list, in the order `/3/genre/movie/list` returns it.
    static let all: [SandboxGenre] = [
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

    /// TMDB's real TV genre list, in the order `/3/genre/tv/list` returns it.
    static let tv: [SandboxGenre] = [
        SandboxGenre(id: 10759, name: "Action & Adventure"), SandboxGenre(id: 16, name: "Animation"),
        SandboxGenre(id: 35, name: "Comedy"), SandboxGenre(id: 80, name: "Crime"),
        SandboxGenre(id: 99, name: "Documentary"), SandboxGenre(id: 18, name: "Drama"),
        SandboxGenre(id: 10751, name: "Family"), SandboxGenre(id: 10762, name: "Kids"),
        SandboxGenre(id: 9648, name: "Mystery"), SandboxGenre(id: 10763, name: "News"),
        SandboxGenre(id: 10764, name: "Reality"), SandboxGenre(id: 10765, name: "Sci-Fi & Fantasy"),
        SandboxGenre(id: 10766, name: "Soap"), SandboxGenre(id: 10767, name: "Talk"),
        SandboxGenre(id: 10768, name: "War & Politics"), SandboxGenre(id: 37, name: "Western"),
    ]
}
