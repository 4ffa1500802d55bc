/// The sub-resources of a title that movies and series share beyond credits and keywords: alternative titles,
/// translations, videos and images. Fields TMDB sends as `""` or `null` are nil.
extension CatalogueRecord {
    /// One entry of `alternative_titles`: a title the work is known by in a country.
    public struct AlternativeTitle: Sendable, Hashable {
        /// ISO 3166-1 code.
        public var country: String?
        public var title: String?
        /// TMDB's free-text kind, e.g. `romanization`, `Castilian Spanish`; nil when TMDB sends `""`.
        public var type: String?

        public init(country: String? = nil, title: String? = nil, type: String? = nil) {
            self.country = country
            self.title = title
            self.type = type
        }
    }

    /// One entry of `translations.translations`, its `data` flattened.
    public struct Translation: Sendable, Hashable {
        /// ISO 639-1 code.
        public var language: String?
        /// ISO 3166-1 code.
        public var country: String?
        /// The language's name in itself (TMDB's `name`).
        public var languageName: String?
        public var englishName: String?
        /// `data.title` for a movie, `data.name` for a series.
        public var title: String?
        public var overview: String?
        public var tagline: String?
        public var homepage: String?
        /// Minutes, movies only; nil when TMDB sends `0`.
        public var runtime: Int?

        public init(language: String? = nil, country: String? = nil, title: String? = nil) {
            self.language = language
            self.country = country
            self.title = title
        }
    }

    /// One entry of `videos.results`.
    public struct Video: Sendable, Hashable {
        /// TMDB's id of the video entry (a hexadecimal string).
        public var id: String?
        /// ISO 639-1 code.
        public var language: String?
        /// ISO 3166-1 code.
        public var country: String?
        public var name: String?
        /// `YouTube`, `Vimeo`.
        public var site: String?
        /// The video's id on its site.
        public var key: String?
        /// `Trailer`, `Teaser`, `Clip`, `Featurette`, `Behind the Scenes`, `Bloopers`, …
        public var type: String?
        public var official: Bool?
        /// Vertical resolution: 360, 480, 720, 1080, 2160.
        public var size: Int?
        /// ISO 8601 date and time in UTC, e.g. `2019-10-15T18:59:47.000Z`.
        public var publishedAt: String?

        public init(id: String? = nil, key: String? = nil) {
            self.id = id
            self.key = key
        }
    }

    /// One image of `images`, from its `posters`, `backdrops` or `logos`.
    public struct Image: Sendable, Hashable {
        /// The list of `images` an image comes from.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            case poster, backdrop, logo
        }

        public var kind: Kind
        public var filePath: String?
        /// ISO 639-1 code of the text in the image; nil for an image without text (TMDB's `null`).
        public var language: String?
        public var width: Int?
        public var height: Int?
        public var aspectRatio: Double?
        public var voteAverage: Double?
        public var voteCount: Int?

        public init(kind: Kind, filePath: String? = nil, language: String? = nil) {
            self.kind = kind
            self.filePath = filePath
            self.language = language
        }
    }
}
