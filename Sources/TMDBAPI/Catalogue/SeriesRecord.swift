/// One TV series of the catalogue: the details answer of `/tv/{id}` with whichever of its ``AppendedResource``s were
/// appended. Sub-resources that were not appended are empty (or nil).
public struct SeriesRecord: Sendable, Hashable {
    /// Integers of the answer larger than a 64-bit integer, read as null, each as its key and digits
    /// (`budget 9223372036854775808`), for the run to count and name.
    public var largeIntegers: [String] = []

    /// A creator (`created_by`).
    public struct Creator: Sendable, Hashable {
        public var person: CatalogueRecord.Person
        public var creditID: String?

        public init(person: CatalogueRecord.Person = .init(), creditID: String? = nil) {
            self.person = person
            self.creditID = creditID
        }
    }

    /// A season as the details list it (`seasons`), specials (season 0) included.
    public struct Season: Sendable, Hashable {
        public var id: Int?
        public var seasonNumber: Int?
        public var name: String?
        public var airDate: String?
        public var episodeCount: Int?
        public var voteAverage: Double?
        public var posterPath: String?
        public var overview: String?

        public init(id: Int? = nil, seasonNumber: Int? = nil, name: String? = nil) {
            self.id = id
            self.seasonNumber = seasonNumber
            self.name = name
        }
    }

    /// One person of `aggregate_credits.cast`, with every character they played.
    public struct CastMember: Sendable, Hashable {
        /// One character and the episodes it appears in.
        public struct Role: Sendable, Hashable {
            public var creditID: String?
            public var character: String?
            public var episodeCount: Int?

            public init(creditID: String? = nil, character: String? = nil, episodeCount: Int? = nil) {
                self.creditID = creditID
                self.character = character
                self.episodeCount = episodeCount
            }
        }

        public var person: CatalogueRecord.Person
        public var roles: [Role] = []
        public var totalEpisodeCount: Int?
        public var order: Int?

        public init(person: CatalogueRecord.Person = .init(), roles: [Role] = []) {
            self.person = person
            self.roles = roles
        }
    }

    /// One person of `aggregate_credits.crew`, with every job they did.
    public struct CrewMember: Sendable, Hashable {
        /// One job and the episodes it covers.
        public struct Job: Sendable, Hashable {
            public var creditID: String?
            public var job: String?
            public var episodeCount: Int?

            public init(creditID: String? = nil, job: String? = nil, episodeCount: Int? = nil) {
                self.creditID = creditID
                self.job = job
                self.episodeCount = episodeCount
            }
        }

        public var person: CatalogueRecord.Person
        public var department: String?
        public var jobs: [Job] = []
        public var totalEpisodeCount: Int?

        public init(person: CatalogueRecord.Person = .init(), jobs: [Job] = []) {
            self.person = person
            self.jobs = jobs
        }
    }

    /// A rating in one country (`content_ratings.results[]`).
    public struct ContentRating: Sendable, Hashable {
        /// ISO 3166-1 code.
        public var country: String?
        public var rating: String?
        public var descriptors: [String] = []

        public init(country: String? = nil, rating: String? = nil) {
            self.country = country
            self.rating = rating
        }
    }

    public var id: Int
    public var name: String?
    public var originalName: String?
    public var originalLanguage: String?
    /// `YYYY-MM-DD`, or nil.
    public var firstAirDate: String?
    public var lastAirDate: String?
    /// `Returning Series`, `Ended`, `Canceled`, …
    public var status: String?
    /// `Scripted`, `Documentary`, `Miniseries`, …
    public var type: String?
    public var inProduction: Bool?
    public var numberOfSeasons: Int?
    public var numberOfEpisodes: Int?
    /// Typical episode lengths in minutes.
    public var episodeRunTime: [Int] = []
    public var popularity: Double?
    public var voteAverage: Double?
    public var voteCount: Int?
    public var adult: Bool?
    public var overview: String?
    public var tagline: String?
    public var homepage: String?
    public var posterPath: String?
    public var backdropPath: String?
    /// ISO 3166-1 codes.
    public var originCountry: [String] = []
    /// ISO 639-1 codes of the languages spoken (`languages`).
    public var languageCodes: [String] = []
    public var genres: [CatalogueRecord.Genre] = []
    public var creators: [Creator] = []
    public var networks: [CatalogueRecord.Company] = []
    public var companies: [CatalogueRecord.Company] = []
    public var countries: [CatalogueRecord.Country] = []
    public var languages: [CatalogueRecord.Language] = []
    public var seasons: [Season] = []
    public var cast: [CastMember] = []
    public var crew: [CrewMember] = []
    public var keywords: [CatalogueRecord.Keyword] = []
    public var contentRatings: [ContentRating] = []
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

    public init(id: Int, name: String? = nil) {
        self.id = id
        self.name = name
    }
}
