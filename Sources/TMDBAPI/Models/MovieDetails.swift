/// One movie's details from `GET /movie/{id}`: the fields a list entry does not carry.
/// Accepts nulls and absences where TMDB sends them (runtime, imdb_id, tagline, homepage, belongs_to_collection, a
/// company's name), reads `runtime` 0 (TMDB's "unknown") as nil, and ignores fields it does not use.
public struct MovieDetails: Decodable, Sendable, Hashable {
    /// A language the movie is spoken in.
    public struct SpokenLanguage: Decodable, Sendable, Hashable {
        /// ISO 639-1 code.
        public var code: String
        /// The English name.
        public var englishName: String?

        enum CodingKeys: String, CodingKey {
            case code = "iso_639_1"
            case englishName = "english_name"
        }
    }

    /// A country of production.
    public struct Country: Decodable, Sendable, Hashable {
        /// ISO 3166-1 code.
        public var code: String

        enum CodingKeys: String, CodingKey {
            case code = "iso_3166_1"
        }
    }

    /// The collection a movie belongs to (`belongs_to_collection`).
    public struct Collection: Decodable, Sendable, Hashable {
        /// TMDB's collection id.
        public var id: Int
        public var name: String?

        public init(id: Int, name: String?) {
            self.id = id
            self.name = name
        }
    }

    /// One of `production_companies`.
    public struct Company: Decodable, Sendable, Hashable {
        /// TMDB's company id.
        public var id: Int
        public var name: String?

        public init(id: Int, name: String?) {
            self.id = id
            self.name = name
        }
    }

    /// TMDB's id.
    public var id: Int
    /// The title in the requested language.
    public var title: String
    /// The original title.
    public var originalTitle: String?
    /// IMDb's id (`tt…`), or nil.
    public var imdbID: String?
    /// `Released`, `Post Production`, …
    public var status: String?
    /// `YYYY-MM-DD`, or nil.
    public var releaseDate: String?
    /// Minutes, or nil when unknown (TMDB sends 0 or null).
    public var runtime: Int?
    /// US dollars; 0 when unknown.
    public var budget: Int?
    /// US dollars; 0 when unknown.
    public var revenue: Int?
    /// Genres with names.
    public var genres: [Genre]
    /// Spoken languages.
    public var spokenLanguages: [SpokenLanguage]
    /// Production countries.
    public var productionCountries: [Country]
    /// The tagline, or nil when empty.
    public var tagline: String?
    /// The official site, or nil when empty.
    public var homepage: String?
    /// Average vote.
    public var voteAverage: Double?
    /// Number of votes.
    public var voteCount: Int?
    /// Popularity score.
    public var popularity: Double?
    /// The collection, or nil when the movie belongs to none.
    public var collection: Collection?
    /// Production companies, in TMDB's order.
    public var productionCompanies: [Company]
    /// ISO 3166-1 codes of the countries of origin.
    public var originCountry: [String]

    enum CodingKeys: String, CodingKey {
        case id, title, status, runtime, budget, revenue, genres, tagline, homepage, popularity
        case collection = "belongs_to_collection"
        case productionCompanies = "production_companies"
        case originCountry = "origin_country"
        case originalTitle = "original_title"
        case imdbID = "imdb_id"
        case releaseDate = "release_date"
        case spokenLanguages = "spoken_languages"
        case productionCountries = "production_countries"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
    }

    /// Decodes a details answer.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) throws -> String? {
            try container.decodeIfPresent(String.self, forKey: key)?.nonEmpty
        }
        id = try container.decode(Int.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        originalTitle = try container.decodeIfPresent(String.self, forKey: .originalTitle)
        imdbID = try text(.imdbID)
        status = try text(.status)
        releaseDate = try text(.releaseDate)
        runtime = try container.decodeIfPresent(Int.self, forKey: .runtime).flatMap { $0 == 0 ? nil : $0 }
        budget = try container.decodeIfPresent(Int.self, forKey: .budget)
        revenue = try container.decodeIfPresent(Int.self, forKey: .revenue)
        genres = try container.decodeIfPresent([Genre].self, forKey: .genres) ?? []
        spokenLanguages = try container.decodeIfPresent([SpokenLanguage].self, forKey: .spokenLanguages) ?? []
        productionCountries = try container.decodeIfPresent([Country].self, forKey: .productionCountries) ?? []
        tagline = try text(.tagline)
        homepage = try text(.homepage)
        voteAverage = try container.decodeIfPresent(Double.self, forKey: .voteAverage)
        voteCount = try container.decodeIfPresent(Int.self, forKey: .voteCount)
        popularity = try container.decodeIfPresent(Double.self, forKey: .popularity)
        collection = try container.decodeIfPresent(Collection.self, forKey: .collection)
        productionCompanies = try container.decodeIfPresent([Company].self, forKey: .productionCompanies) ?? []
        originCountry = try container.decodeIfPresent([String].self, forKey: .originCountry) ?? []
    }
}
