import RunStore
import TMDBAPI

/// One output row: a movie at its rank in a list, with genre names and the downloaded poster's path.
struct MovieRow: OutputRow, Sendable, Hashable {
    static var table: ListTable { .movies }

    /// The 1-based position in TMDB's list: (page − 1) × 20 + position on the page + 1.
    var rank: Int
    /// The movie as TMDB sent it.
    var movie: Movie
    /// Genre names for `genre_ids`, in the same order; ids without a known name are left out.
    var genres: [String]
    /// The poster's path relative to `output/<name>/`, or nil when there is none.
    var posterFile: String?

    func encode(into encoder: inout RecordEncoder) {
        encoder.integer("rank", rank)
        encoder.integer("id", movie.id)
        encoder.string("title", movie.title)
        encoder.string("original_title", movie.originalTitle)
        encoder.string("original_language", movie.originalLanguage)
        encoder.string("release_date", movie.releaseDate)
        encoder.listedTitle(movie, genres: genres, posterFile: posterFile)
        encoder.boolean("video", movie.video)
        encoder.string("media_type", movie.mediaType)
        encoder.end()
    }
}
