import TMDBAPI

/// What the description needs of one list request beside its manifest summary: the name its files take and the
/// kind of item its rows hold.
package struct DescribedList: Sendable, Hashable {
    /// The request's slug, the name of its table (`movie_top_rated`).
    package var slug: String
    package var mediaType: MediaType

    package init(slug: String, mediaType: MediaType) {
        self.slug = slug
        self.mediaType = mediaType
    }
}
