/// One person of TMDB: the details answer of `/person/{id}` with whichever of `combined_credits` and `external_ids`
/// were appended. Credits that were not appended are empty, external ids nil.
///
/// TMDB sends `""` or `null` for a birthday or deathday it does not know, `gender` 0 when it is not set, and `null`
/// for `imdb_id` and `known_for_department` of many people: all are read as absent (gender as the 0 it is).
public struct PersonRecord: Sendable, Hashable {
    /// Integers of the answer larger than a 64-bit integer, read as null, each as its key and digits
    /// (`budget 9223372036854775808`), for the run to count and name.
    public var largeIntegers: [String] = []

    /// One entry of `combined_credits.cast`: a role in a movie or a series.
    public struct CastCredit: Sendable, Hashable {
        /// The credit's id, the same as the title's own cast entry has (`movie_cast.credit_id`, `tv_cast.credit_id`).
        public var creditID: String?
        /// `movie` or `tv`.
        public var mediaType: String?
        /// The movie's or the series' TMDB id.
        public var mediaID: Int?
        public var character: String?
        /// Billing order, for movies; TMDB leaves it out for series.
        public var order: Int?
        /// Episodes played in, for series; TMDB leaves it out for movies.
        public var episodeCount: Int?

        public init(creditID: String? = nil, mediaType: String? = nil, mediaID: Int? = nil) {
            self.creditID = creditID
            self.mediaType = mediaType
            self.mediaID = mediaID
        }
    }

    /// One entry of `combined_credits.crew`: one job on a movie or a series.
    public struct CrewCredit: Sendable, Hashable {
        /// The credit's id, the same as the title's own crew entry has (`movie_crew.credit_id`, `tv_crew.credit_id`).
        public var creditID: String?
        /// `movie` or `tv`.
        public var mediaType: String?
        /// The movie's or the series' TMDB id.
        public var mediaID: Int?
        public var department: String?
        public var job: String?
        /// Episodes worked on, for series; TMDB leaves it out for movies.
        public var episodeCount: Int?

        public init(creditID: String? = nil, mediaType: String? = nil, mediaID: Int? = nil) {
            self.creditID = creditID
            self.mediaType = mediaType
            self.mediaID = mediaID
        }
    }

    public var id: Int
    public var imdbID: String?
    public var name: String?
    /// 0 not set, 1 female, 2 male, 3 non-binary.
    public var gender: Int?
    /// `YYYY-MM-DD`; nil for `""` and `null`.
    public var birthday: String?
    /// `YYYY-MM-DD`; nil for `""` and `null`, and while the person lives.
    public var deathday: String?
    public var placeOfBirth: String?
    public var knownForDepartment: String?
    public var popularity: Double?
    public var adult: Bool?
    public var homepage: String?
    /// Free text: newlines and quotes as TMDB sent them.
    public var biography: String?
    public var profilePath: String?
    /// `also_known_as`, in TMDB's order: names in any script, free text that may hold any separator.
    public var alsoKnownAs: [String] = []
    /// `combined_credits.cast`, in TMDB's order.
    public var cast: [CastCredit] = []
    /// `combined_credits.crew`, in TMDB's order.
    public var crew: [CrewCredit] = []
    /// nil when `external_ids` was not appended.
    public var externalIDs: CatalogueRecord.ExternalIDs?

    public init(id: Int) {
        self.id = id
    }
}
