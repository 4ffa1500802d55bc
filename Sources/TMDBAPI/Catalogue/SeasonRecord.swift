/// One season of a series with its episodes, as `season/N` appended to `/tv/{id}` gives it. Every field TMDB may send
/// as `null` is optional; empty dates and image paths are read as absent.
public struct SeasonRecord: Sendable, Hashable {
    /// One episode, with its own crew and guest stars (the series' regular cast is not repeated per episode).
    public struct Episode: Sendable, Hashable {
        public var id: Int?
        public var seasonNumber: Int?
        public var episodeNumber: Int?
        public var name: String?
        public var airDate: String?
        /// `standard`, `finale`, `mid_season`.
        public var episodeType: String?
        /// Minutes; TMDB's `0` (unknown) is read as absent.
        public var runtime: Int?
        public var voteAverage: Double?
        public var voteCount: Int?
        public var productionCode: String?
        public var overview: String?
        public var stillPath: String?
        public var crew: [CrewCredit] = []
        public var guestStars: [GuestStar] = []

        public init(id: Int? = nil, seasonNumber: Int? = nil, episodeNumber: Int? = nil) {
            self.id = id
            self.seasonNumber = seasonNumber
            self.episodeNumber = episodeNumber
        }
    }

    /// A person's job on one episode: the fields of a movie's crew entry.
    public typealias CrewCredit = MovieRecord.CrewMember

    /// A guest appearance on one episode.
    public struct GuestStar: Sendable, Hashable {
        public var person = CatalogueRecord.Person()
        public var creditID: String?
        public var character: String?
        public var order: Int?

        public init() {}
    }

    /// The season's number; 0 for specials.
    public var seasonNumber: Int?
    /// The episodes in TMDB's order.
    public var episodes: [Episode] = []

    public init(seasonNumber: Int? = nil, episodes: [Episode] = []) {
        self.seasonNumber = seasonNumber
        self.episodes = episodes
    }
}

/// The seasons one `/tv/{id}?append_to_response=season/…` answer carries, in the order they were asked for.
public struct SeasonBatchRecord: Sendable, Hashable {
    /// Integers of the answer larger than a 64-bit integer, read as null, each as its key and digits
    /// (`budget 9223372036854775808`), for the run to count and name.
    public var largeIntegers: [String] = []

    /// The series' TMDB id, from the answer.
    public var seriesID: Int
    public var seasons: [SeasonRecord]

    public init(seriesID: Int, seasons: [SeasonRecord]) {
        self.seriesID = seriesID
        self.seasons = seasons
    }
}
