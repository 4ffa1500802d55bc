/// The parts of a details answer that movies and series share. Every field TMDB may send as `null` is optional;
/// empty strings for dates, image paths and external ids are read as absent.
public enum CatalogueRecord {
    /// A genre or a keyword: both are TMDB's id and a name (a genre's in the requested language).
    public struct NamedID: Sendable, Hashable {
        public var id: Int?
        public var name: String?

        public init(id: Int? = nil, name: String? = nil) {
            self.id = id
            self.name = name
        }
    }

    /// A genre (`genres`).
    public typealias Genre = NamedID
    /// A keyword (`keywords` appended).
    public typealias Keyword = NamedID

    /// A production company or a TV network: both have the same fields.
    public struct Company: Sendable, Hashable {
        public var id: Int?
        public var name: String?
        /// ISO 3166-1 code of the company's home country.
        public var originCountry: String?
        public var logoPath: String?

        public init(id: Int? = nil, name: String? = nil, originCountry: String? = nil, logoPath: String? = nil) {
            self.id = id
            self.name = name
            self.originCountry = originCountry
            self.logoPath = logoPath
        }
    }

    /// A production country (`production_countries`).
    public struct Country: Sendable, Hashable {
        /// ISO 3166-1 code.
        public var code: String?
        public var name: String?

        public init(code: String? = nil, name: String? = nil) {
            self.code = code
            self.name = name
        }
    }

    /// A spoken language (`spoken_languages`).
    public struct Language: Sendable, Hashable {
        /// ISO 639-1 code.
        public var code: String?
        public var englishName: String?
        /// The language's name in itself.
        public var name: String?

        public init(code: String? = nil, englishName: String? = nil, name: String? = nil) {
            self.code = code
            self.englishName = englishName
            self.name = name
        }
    }

    /// What TMDB knows of a person in a cast or crew entry, the same for movies and series.
    public struct Person: Sendable, Hashable {
        /// The person's TMDB id.
        public var id: Int?
        public var name: String?
        public var originalName: String?
        /// 0 not set, 1 female, 2 male, 3 non-binary.
        public var gender: Int?
        public var knownForDepartment: String?
        public var popularity: Double?
        public var profilePath: String?
        public var adult: Bool?

        public init(id: Int? = nil, name: String? = nil) {
            self.id = id
            self.name = name
        }
    }

    /// The `external_ids` sub-resource. Series have all of them; movies have no TVDB, Freebase or TVRage id; people
    /// have TikTok and YouTube besides IMDb, Wikidata and the social media.
    public struct ExternalIDs: Sendable, Hashable {
        public var imdbID: String?
        public var wikidataID: String?
        public var facebookID: String?
        public var instagramID: String?
        public var twitterID: String?
        public var tvdbID: Int?
        public var freebaseMID: String?
        public var freebaseID: String?
        public var tvrageID: Int?
        public var tiktokID: String?
        public var youtubeID: String?

        public init(imdbID: String? = nil, wikidataID: String? = nil) {
            self.imdbID = imdbID
            self.wikidataID = wikidataID
        }
    }
}
