import RunStore
import TMDBAPI

/// A validated job: what to export, how, and where. Loaded from `jobs/*.json` by ``JobLoader``.
public struct Job: Sendable, Hashable {
    /// The job's name; also the folder under the output directory. Letters, digits, `.`, `_`, `-`.
    public var name: String
    /// The lists to export, in file order; may be empty when the job has catalogues.
    public var requests: [ListRequest]
    /// The catalogues to export (at most one per type), in file order; may be empty when the job has lists.
    public var catalogue: [CatalogueRequest]
    /// The dimension tables to write from TMDB's exports (at most one per type), in file order; they share the job
    /// file's `"catalogue"` array with the catalogues.
    public var dimensions: [DimensionRequest]
    /// The language of titles and genre names, e.g. `en-US`.
    public var language: String
    /// An ISO 3166-1 region code, or nil.
    public var region: String?
    /// Poster settings, or nil when posters are off.
    public var posters: PosterSettings?
    /// Which data files to write.
    public var formats: [OutputFormat]
    /// Most API requests in flight at once, for the whole job.
    public var concurrency: Int
    /// Retries after a failed first attempt, per request (so `retries + 1` attempts at most).
    public var retries: Int
    /// Client-side limit on API requests per second; 0 means no limit.
    public var rateLimit: Double
    /// `"history": true`: the run's warehouse scripts also keep every version of every row, as of each night
    /// (``Manifest/history``); the current tables stay as they are without it.
    public var history: Bool

    /// One list of the job.
    public struct ListRequest: Sendable, Hashable {
        /// What to fetch.
        public var source: ListSource
        /// Which pages.
        public var pages: PageSelection
        /// Whether to fetch `/movie/{id}` for every movie of the list into `<slug>_details.csv` (movies only).
        public var details: Bool
        /// The data files' base name when the job sets one (`"name"`), else nil.
        public var name: String?

        /// Creates a request.
        public init(source: ListSource, pages: PageSelection, details: Bool = false, name: String? = nil) {
            self.source = source
            self.pages = pages
            self.details = details
            self.name = name
        }

        /// Creates a request for one of the four movie lists.
        public init(list: TMDB.MovieList.Kind, pages: PageSelection, details: Bool = false) {
            self.init(source: .movieList(list), pages: pages, details: details)
        }

        /// The data files' base name: the request's `name`, else the endpoint with `/` replaced by `_`
        /// (e.g. `movie_top_rated`).
        public var slug: String { name ?? source.defaultSlug }
        /// The endpoint as the job names it.
        public var endpoint: String { source.endpoint }
    }

    /// Which posters to download and how many at once.
    public struct PosterSettings: Sendable, Hashable {
        /// The TMDB image size, e.g. `w342`; checked against `/configuration` at run time.
        public var size: String
        /// Most poster downloads in flight at once (they do not count against the API concurrency).
        public var concurrency: Int

        /// Creates poster settings.
        public init(size: String = Job.defaultPosterSize, concurrency: Int = Job.defaultConcurrency) {
            self.size = size
            self.concurrency = concurrency
        }
    }

    /// A data file format.
    /// The formats every table is written in (``RunStore/OutputFormat``, a value of the on-disk contract).
    public typealias OutputFormat = RunStore.OutputFormat

    /// `en-US`.
    public static let defaultLanguage = "en-US"
    /// `w342`.
    public static let defaultPosterSize = "w342"
    /// 8.
    public static let defaultConcurrency = 8
    /// The most in-flight requests a job may ask for.
    public static let maximumConcurrency = 64
    /// 4 retries: 5 attempts per request at most.
    public static let defaultRetries = 4
    /// The most retries a job may ask for.
    public static let maximumRetries = 20
    /// 40 requests per second: TMDB documents its limit as "somewhere in the 40 requests per second range".
    public static let defaultRateLimit = 40.0
    /// The highest rate limit a job may set.
    public static let maximumRateLimit = 10_000.0
    /// The run folder's file of list items that could not be read (``RejectedItemsFile``): no list's data file may
    /// take its name.
    static let rejectedItemsFile = "rejected.ndjson"

    /// Creates a job.
    public init(
        name: String, requests: [ListRequest], catalogue: [CatalogueRequest] = [],
        dimensions: [DimensionRequest] = [], language: String = Job.defaultLanguage, region: String? = nil,
        posters: PosterSettings? = PosterSettings(), formats: [OutputFormat] = OutputFormat.allCases,
        concurrency: Int = Job.defaultConcurrency, retries: Int = Job.defaultRetries,
        rateLimit: Double = Job.defaultRateLimit, history: Bool = false
    ) {
        self.name = name
        self.requests = requests
        self.catalogue = catalogue
        self.dimensions = dimensions
        self.language = language
        self.region = region
        self.posters = posters
        self.formats = formats
        self.concurrency = concurrency
        self.retries = retries
        self.rateLimit = rateLimit
        self.history = history
    }
}
