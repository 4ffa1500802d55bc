/// A TV show as it appears in TMDB's TV lists.
///
/// Like ``Movie``: null paths, `first_air_date` as `""` (read as nil), integer `vote_average` and unknown fields
/// (`softcore`) are accepted; `id` and `name` are required, so an item without them is rejected. How each field is
/// read: `TVShow+Scanning.swift`.
public struct TVShow: ListItem, Hashable {
    public var id: Int
    /// The name in the requested language.
    public var name: String
    /// The name in the original language.
    public var originalName: String?
    /// ISO 639-1 code of the original language.
    public var originalLanguage: String?
    /// `YYYY-MM-DD`, or nil when TMDB sends null or an empty string.
    public var firstAirDate: String?
    /// ISO 3166-1 codes of the countries of origin.
    public var originCountry: [String]
    /// Average vote, 0…10.
    public var voteAverage: Double?
    public var voteCount: Int?
    public var popularity: Double?
    /// TV genre ids, in TMDB's order.
    public var genreIDs: [Int]
    public var adult: Bool
    /// The synopsis.
    public var overview: String?
    /// The poster's file name with a leading slash, or nil.
    public var posterPath: String?
    /// The backdrop's file name, or nil.
    public var backdropPath: String?
    /// `tv` on the lists that say what each item is (trending); nil on the others.
    public var mediaType: String?

    public static var mediaType: MediaType { .tv }

    public init(
        id: Int, name: String, originalName: String? = nil, originalLanguage: String? = nil,
        firstAirDate: String? = nil, originCountry: [String] = [], voteAverage: Double? = nil, voteCount: Int? = nil,
        popularity: Double? = nil, genreIDs: [Int] = [], adult: Bool = false, overview: String? = nil,
        posterPath: String? = nil, backdropPath: String? = nil, mediaType: String? = nil
    ) {
        self.id = id
        self.name = name
        self.originalName = originalName
        self.originalLanguage = originalLanguage
        self.firstAirDate = firstAirDate
        self.originCountry = originCountry
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
        self.genreIDs = genreIDs
        self.adult = adult
        self.overview = overview
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.mediaType = mediaType
    }
}
