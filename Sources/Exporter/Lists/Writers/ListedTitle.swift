import RunStore
import TMDBAPI

/// What a movie and a TV show of a list share, in the columns both list tables write alike, from `vote_average` to
/// `backdrop_path`.
protocol ListedTitle {
    var voteAverage: Double? { get }
    var voteCount: Int? { get }
    var popularity: Double? { get }
    var genreIDs: [Int] { get }
    var adult: Bool { get }
    var overview: String? { get }
    var posterPath: String? { get }
    var backdropPath: String? { get }
}

extension Movie: ListedTitle {}

extension TVShow: ListedTitle {}

extension RecordEncoder {
    /// The columns ``MovieRow`` and ``TVRow`` share, in their order: `vote_average` to `backdrop_path`, with the
    /// genre names and the downloaded poster's path.
    mutating func listedTitle(_ title: some ListedTitle, genres: [String], posterFile: String?) {
        decimal("vote_average", title.voteAverage)
        integer("vote_count", title.voteCount)
        decimal("popularity", title.popularity)
        integers("genre_ids", title.genreIDs)
        strings("genres", genres)
        boolean("adult", title.adult)
        string("overview", title.overview)
        string("poster_path", title.posterPath)
        string("poster_file", posterFile)
        string("backdrop_path", title.backdropPath)
    }
}
