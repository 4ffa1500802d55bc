/// One movie of the catalogue: the details answer of `/movie/{id}` with whichever of its ``AppendedResource``s were
/// appended. Sub-resources that were not appended are empty (or nil for external ids).
public struct MovieRecord: Sendable, Hashable {
    /// Integers of the answer larger than a 64-bit integer, read as null, each as its key and digits
    /// (`budget 9223372036854775808`), for the run to count and name.
    public var largeIntegers: [String] = []

    /// The collection (`belongs_to_collection`) a movie is part of.
    public struct Collection: Sendable, Hashable {
        public var id: Int?
        public var name: String?
        public var posterPath: String?
        public var backdropPath: String?

        public init(id: Int? = nil, name: String? = nil) {
            self.id = id
            self.name = name
        }
    }

    /// One entry of `credits.cast`.
    public struct CastMember: Sendable, Hashable {
        public var person: CatalogueRecord.Person
        /// The id of this credit, the same for the person's every appearance in the movie.
        public var creditID: String?
        public var castID: Int?
        public var character: String?
        /// Billing order, 0 first.
        public var order: Int?

        public init(person: CatalogueRecord.Person = .init(), creditID: String? = nil, character: String? = nil) {
            self.person = person
            self.creditID = creditID
            self.character = character
        }
    }

    /// One entry of `credits.crew`: a person may appear once per job.
    public struct CrewMember: Sendable, Hashable {
        public var person: CatalogueRecord.Person
        public var creditID: String?
        public var department: String?
        public var job: String?

        public init(person: CatalogueRecord.Person = .init(), creditID: String? = nil, job: String? = nil) {
            self.person = person
            self.creditID = creditID
            self.job = job
        }
    }

    /// One release of the movie in one country, flattened from `release_dates.results[].release_dates[]`.
    public struct ReleaseDate: Sendable, Hashable {
        /// ISO 3166-1 code of the country.
        public var country: String?
        /// 1 premiere, 2 limited theatrical, 3 theatrical, 4 digital, 5 physical, 6 TV.
        public var type: Int?
        /// An ISO 8601 date and time, e.g. `1999-10-15T00:00:00.000Z`.
        public var date: String?
        public var certification: String?
        public var note: String?
        /// ISO 639-1 code of the release's language.
        public var language: String?
        public var descriptors: [String] = []

        public init(country: String? = nil, type: Int? = nil, date: String? = nil) {
            self.country = country
            self.type = type
            self.date = date
        }
    }

    public var id: Int
    public var imdbID: String?
    public var title: String?
    public var originalTitle: String?
    public var originalLanguage: String?
    /// `YYYY-MM-DD`, or nil (TMDB sends `""` when unknown).
    public var releaseDate: String?
    /// Minutes, or nil when unknown (TMDB sends `0`).
    public var runtime: Int?
    /// US dollars, 0 when unknown.
    public var budget: Int?
    /// US dollars, 0 when unknown.
    public var revenue: Int?
    /// `Released`, `Post Production`, …
    public var status: String?
    public var popularity: Double?
    public var voteAverage: Double?
    public var voteCount: Int?
    public var adult: Bool?
    public var video: Bool?
    public var collection: Collection?
    public var overview: String?
    public var tagline: String?
    public var homepage: String?
    public var posterPath: String?
    public var backdropPath: String?
    /// ISO 3166-1 codes.
    public var originCountry: [String] = []
    public var genres: [CatalogueRecord.Genre] = []
    public var companies: [CatalogueRecord.Company] = []
    public var countries: [CatalogueRecord.Country] = []
    public var languages: [CatalogueRecord.Language] = []
    public var cast: [CastMember] = []
    public var crew: [CrewMember] = []
    public var keywords: [CatalogueRecord.Keyword] = []
    public var releaseDates: [ReleaseDate] = []
    public var alternativeTitles: [CatalogueRecord.AlternativeTitle] = []
    public var translations: [CatalogueRecord.Translation] = []
    public var videos: [CatalogueRecord.Video] = []
    /// In TMDB's order: its lists in the order the answer gives them, each list's images in its order.
    public var images: [CatalogueRecord.Image] = []
    /// The ids of `recommendations.results` (the first page), in TMDB's order; nil for an entry without an id.
    public var recommendations: [Int?] = []
    /// The ids of `similar.results` (the first page), in TMDB's order.
    public var similar: [Int?] = []
    /// `watch/providers`, one entry per country, kind and provider, in TMDB's order.
    public var watchOffers: [CatalogueRecord.WatchOffer] = []
    /// nil when `external_ids` was not appended.
    public var externalIDs: CatalogueRecord.ExternalIDs?

    public init(id: Int, title: String? = nil) {
        self.id = id
        self.title = title
    }
}
