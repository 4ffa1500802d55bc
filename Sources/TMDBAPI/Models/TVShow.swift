/// A TV show as it appears in TMDB's TV lists.
///
/// Like ``Movie``: null paths, `first_air_date` as `""` (read as nil), integer `vote_average` and unknown fields
/// (`softcore`) are accepted; `id` and `name` are required, so an item without them is skipped by ``LossyList``.
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

    enum CodingKeys: String, CodingKey {
        case id, name, overview, popularity, adult
        case mediaType = "media_type"
        case originalName = "original_name"
        case originalLanguage = "original_language"
        case firstAirDate = "first_air_date"
        case originCountry = "origin_country"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case genreIDs = "genre_ids"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
    }

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

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        originalName = try container.decodeIfPresent(String.self, forKey: .originalName)
        originalLanguage = try container.decodeIfPresent(String.self, forKey: .originalLanguage)
        firstAirDate = try container.decodeIfPresent(String.self, forKey: .firstAirDate)?.nonEmpty
        originCountry = try container.decodeIfPresent([String].self, forKey: .originCountry) ?? []
        voteAverage = try container.decodeIfPresent(Double.self, forKey: .voteAverage)
        voteCount = try container.decodeIfPresent(Int.self, forKey: .voteCount)
        popularity = try container.decodeIfPresent(Double.self, forKey: .popularity)
        genreIDs = try container.decodeIfPresent([Int].self, forKey: .genreIDs) ?? []
        adult = try container.decodeIfPresent(Bool.self, forKey: .adult) ?? false
        overview = try container.decodeIfPresent(String.self, forKey: .overview)
        posterPath = try container.decodeIfPresent(String.self, forKey: .posterPath)?.nonEmpty
        backdropPath = try container.decodeIfPresent(String.self, forKey: .backdropPath)?.nonEmpty
        mediaType = try container.decodeIfPresent(String.self, forKey: .mediaType)
    }
}
