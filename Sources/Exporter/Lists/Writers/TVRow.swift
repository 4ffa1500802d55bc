import RunStore
import TMDBAPI

/// One output row of a TV list: `name` instead of `title`, `first_air_date` instead of `release_date`, and the
/// countries of origin.
struct TVRow: OutputRow, Sendable, Hashable {
    static var table: ListTable { .shows }

    /// The 1-based position in TMDB's list.
    var rank: Int
    /// The show as TMDB sent it.
    var show: TVShow
    /// TV genre names for `genre_ids`.
    var genres: [String]
    /// The poster's path relative to `output/<name>/`, or nil.
    var posterFile: String?

    func encode(into encoder: inout RecordEncoder) {
        encoder.integer("rank", rank)
        encoder.integer("id", show.id)
        encoder.string("name", show.name)
        encoder.string("original_name", show.originalName)
        encoder.string("original_language", show.originalLanguage)
        encoder.string("first_air_date", show.firstAirDate)
        encoder.strings("origin_country", show.originCountry)
        encoder.listedTitle(show, genres: genres, posterFile: posterFile)
        encoder.string("media_type", show.mediaType)
        encoder.end()
    }
}
