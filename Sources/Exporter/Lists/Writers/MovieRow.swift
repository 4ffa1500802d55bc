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
        encoder.decimal("vote_average", movie.voteAverage)
        encoder.integer("vote_count", movie.voteCount)
        encoder.decimal("popularity", movie.popularity)
        encoder.integers("genre_ids", movie.genreIDs)
        encoder.strings("genres", genres)
        encoder.boolean("adult", movie.adult)
        encoder.string("overview", movie.overview)
        encoder.string("poster_path", movie.posterPath)
        encoder.string("poster_file", posterFile)
        encoder.string("backdrop_path", movie.backdropPath)
        encoder.boolean("video", movie.video)
        encoder.string("media_type", movie.mediaType)
        encoder.end()
    }
}
