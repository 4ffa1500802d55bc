/// A movie as it appears in TMDB's lists.
///
/// Decodes what TMDB really sends: `poster_path` and `backdrop_path` null, `release_date` as an empty string
/// (read as nil), `vote_average` as an integer, unknown extra fields such as `softcore` (ignored). `id` and `title`
/// are required; an item without them is rejected rather than failing its page. How each field is read:
/// `Movie+Scanning.swift`.
public struct Movie: ListItem, Hashable {
    public var id: Int
    /// The title in the requested language.
    public var title: String
    /// The title in the original language.
    public var originalTitle: String?
    /// ISO 639-1 code of the original language.
    public var originalLanguage: String?
    /// `YYYY-MM-DD`, or nil when TMDB sends null or an empty string.
    public var releaseDate: String?
    /// Average vote, 0…10.
    public var voteAverage: Double?
    public var voteCount: Int?
    public var popularity: Double?
    /// Genre ids, in TMDB's order.
    public var genreIDs: [Int]
    public var adult: Bool
    /// The synopsis.
    public var overview: String?
    /// The poster's file name with a leading slash, e.g. `/abc.jpg`, or nil.
    public var posterPath: String?
    /// The backdrop's file name, or nil.
    public var backdropPath: String?
    /// Whether TMDB lists it as a video rather than a film; nil when the item does not say.
    public var video: Bool?
    /// `movie` on the lists that say what each item is (trending, recommendations); nil on the others.
    public var mediaType: String?

    public static var mediaType: MediaType { .movie }

    public init(
        id: Int, title: String, originalTitle: String? = nil, originalLanguage: String? = nil,
        releaseDate: String? = nil, voteAverage: Double? = nil, voteCount: Int? = nil, popularity: Double? = nil,
        genreIDs: [Int] = [], adult: Bool = false, overview: String? = nil, posterPath: String? = nil,
        backdropPath: String? = nil, video: Bool? = nil, mediaType: String? = nil
    ) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.originalLanguage = originalLanguage
        self.releaseDate = releaseDate
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
        self.genreIDs = genreIDs
        self.adult = adult
        self.overview = overview
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.video = video
        self.mediaType = mediaType
    }
}
