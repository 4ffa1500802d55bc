/// How a person's credit rows meet a title's: TMDB gives a credit one `credit_id` on both sides, so
/// `person_cast_credits.credit_id` is `movie_cast.credit_id` for a movie and `tv_cast.credit_id` for a series (and the
/// crew likewise). Not a foreign key: the title side depends on `media_type`, and a title the snapshot does not hold
/// has no rows to meet.
package struct CreditJoin: Sendable, Hashable {
    /// The person's table, e.g. `person_cast_credits`.
    package let table: String
    /// The `media_type` the join holds for: `movie` or `tv`.
    package let mediaType: String
    /// The title's table, e.g. `movie_cast`.
    package let titleTable: String
    /// The title's id column there, which `media_id` equals.
    package let titleIDColumn: String

    /// The SQL join condition, e.g. `person_cast_credits.media_type = 'movie' AND person_cast_credits.credit_id =
    /// movie_cast.credit_id AND person_cast_credits.media_id = movie_cast.movie_id`.
    package var condition: String {
        "\(table).media_type = '\(mediaType)' AND \(table).credit_id = \(titleTable).credit_id"
            + " AND \(table).media_id = \(titleTable).\(titleIDColumn)"
    }
}
