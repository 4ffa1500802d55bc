/// The answer of `watch/providers/movie` or `watch/providers/tv`: every streaming, rental or sales service TMDB may
/// name for a title of the type.
public struct WatchProviderList: Decodable, Sendable, Hashable {
    /// One service. (Its `display_priorities` by country are left out: the catalogue's rows carry each title's.)
    public struct Provider: Decodable, Sendable, Hashable {
        public var id: Int
        public var name: String?
        /// The logo's path under TMDB's image base URL.
        public var logoPath: String?

        public init(id: Int, name: String? = nil, logoPath: String? = nil) {
            self.id = id
            self.name = name
            self.logoPath = logoPath
        }

        enum CodingKeys: String, CodingKey {
            case id = "provider_id"
            case name = "provider_name"
            case logoPath = "logo_path"
        }
    }

    public var results: [Provider]
    /// Strings of the answer repaired to U+FFFD (NUL, lone surrogates, invalid UTF-8): see `JSONTextRepair`.
    public var repairedStrings = 0

    public init(results: [Provider]) { self.results = results }

    enum CodingKeys: String, CodingKey {
        case results
    }
}
