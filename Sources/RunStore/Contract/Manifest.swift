import Foundation

/// `manifest.json`: what a run did, for people and for tooling. Never contains credentials.
public struct Manifest: Codable, Sendable, Hashable {
    /// How the run ended.
    public enum Status: String, Codable, Sendable {
        /// Every page and poster exported.
        case complete
        /// The run finished but something failed beyond what is carried (named in `failures.ndjson`): a list page or
        /// item, or more of a catalogue's ids than its `maxFailedPercent`.
        case partial
        /// Stopped by a signal.
        case interrupted
        /// Stopped by an error (credentials, write failure), or finished with items rejected under `--strict`.
        case failed
    }

    /// One data file and what it holds.
    public struct DataFile: Codable, Sendable, Hashable {
        /// The file name within the run folder.
        public var path: String
        /// `csv` or `ndjson`.
        public var format: String
        /// Data rows (the CSV header is not counted).
        public var rows: Int
        /// Size in bytes.
        public var bytes: Int
        /// SHA-256 of the file, lower-case hex.
        public var sha256: String

        package init(path: String, format: String, rows: Int, bytes: Int, sha256: String) {
            self.path = path
            self.format = format
            self.rows = rows
            self.bytes = bytes
            self.sha256 = sha256
        }
    }

    /// Poster outcomes of one request's rows.
    public struct PosterCounts: Codable, Sendable, Hashable {
        /// Downloaded by this run.
        public var downloaded = 0
        /// Already in `posters/` and valid: not downloaded again.
        public var alreadyPresent = 0
        /// Download failed.
        public var failed = 0
        /// The movie has no poster.
        public var absent = 0
        /// `poster_path` was not a safe file name; skipped.
        public var unsafePath = 0

        package init(
            downloaded: Int = 0,
            alreadyPresent: Int = 0,
            failed: Int = 0,
            absent: Int = 0,
            unsafePath: Int = 0
        ) {
            self.downloaded = downloaded
            self.alreadyPresent = alreadyPresent
            self.failed = failed
            self.absent = absent
            self.unsafePath = unsafePath
        }
    }

    /// One request of the job and what it produced.
    public struct RequestSummary: Codable, Sendable, Hashable {
        /// The endpoint, e.g. `movie/top_rated`.
        public var endpoint: String
        /// The page selection as written in the job.
        public var pages: String
        /// Pages the run planned to fetch, once the first page said how many the list has: no page past the list's
        /// end.
        public var pagesPlanned = 0
        /// Pages the job's `pages` asked for: a range's length, more than ``pagesPlanned`` when it reaches past the
        /// list's end; for `all`, the same as ``pagesPlanned``. Absent in manifests written before it existed.
        public var pagesAsked: Int?
        /// TMDB's `total_results` as the request's first page gave it; absent when that page failed.
        public var totalResults: Int?
        /// TMDB's `total_pages` as the request's first page gave it (it may exceed the 500 pages TMDB serves).
        public var totalPages: Int?
        /// The release-date window `now_playing` and `upcoming` answer with; absent for other lists.
        public var dates: DateWindow?
        /// Pages fetched and decoded (including those taken from a resumed run's cache).
        public var pagesFetched = 0
        /// Pages a resumed run took from the interrupted run's cache instead of fetching them again.
        public var pagesFromCache = 0
        /// Pages that failed.
        public var pagesFailed = 0
        /// Rows written to each data file.
        public var rowsWritten = 0
        /// List items that did not decode and were skipped: the same count as ``itemsRejected``, kept for readers of
        /// earlier manifests.
        public var itemsSkipped = 0
        /// List items that could not be read: not written as rows, each one a line of `rejected.ndjson`.
        public var itemsRejected = 0
        /// Strings read with U+FFFD in place of text that was not valid Unicode (their rows are written).
        public var stringsRepaired = 0
        /// Rows dropped because their `id` already appeared earlier in the list.
        public var duplicatesDropped = 0
        /// Rows written to the details files (`"details": true`).
        public var detailsWritten = 0
        /// Listed movies whose details could not be fetched (listed in `failures`).
        public var detailsFailed = 0
        /// What happened to the posters of the rows.
        public var posters = PosterCounts()
        /// The data files written.
        public var files: [DataFile] = []

        package init(
            endpoint: String,
            pages: String,
            pagesPlanned: Int = 0,
            pagesAsked: Int? = nil,
            totalResults: Int? = nil,
            totalPages: Int? = nil,
            dates: DateWindow? = nil,
            pagesFetched: Int = 0,
            pagesFromCache: Int = 0,
            pagesFailed: Int = 0,
            rowsWritten: Int = 0,
            itemsSkipped: Int = 0,
            itemsRejected: Int = 0,
            stringsRepaired: Int = 0,
            duplicatesDropped: Int = 0,
            detailsWritten: Int = 0,
            detailsFailed: Int = 0,
            posters: PosterCounts = PosterCounts(),
            files: [DataFile] = []
        ) {
            self.endpoint = endpoint
            self.pages = pages
            self.pagesPlanned = pagesPlanned
            self.pagesAsked = pagesAsked
            self.totalResults = totalResults
            self.totalPages = totalPages
            self.dates = dates
            self.pagesFetched = pagesFetched
            self.pagesFromCache = pagesFromCache
            self.pagesFailed = pagesFailed
            self.rowsWritten = rowsWritten
            self.itemsSkipped = itemsSkipped
            self.itemsRejected = itemsRejected
            self.stringsRepaired = stringsRepaired
            self.duplicatesDropped = duplicatesDropped
            self.detailsWritten = detailsWritten
            self.detailsFailed = detailsFailed
            self.posters = posters
            self.files = files
        }
    }

    /// The `dates` object of `now_playing` and `upcoming`: the release dates the list covers, `YYYY-MM-DD`.
    public struct DateWindow: Codable, Sendable, Hashable {
        public var minimum: String?
        public var maximum: String?

        package init(minimum: String? = nil, maximum: String? = nil) {
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    /// One thing that failed: what (``Subject``), and why. In the JSON, the subject is an `endpoint` string and a
    /// `page`, as readers of the manifest have always seen it.
    public struct Failure: Codable, Sendable, Hashable {
        /// What failed.
        package var subject: Subject
        /// Why, in one line.
        public var reason: String

        package init(_ subject: Subject, reason: String) {
            self.subject = subject
            self.reason = reason
        }

        /// A failure as a manifest names it (``endpoint``, ``page``).
        package init(endpoint: String, page: Int? = nil, reason: String) {
            self.init(Subject(endpoint: endpoint, page: page), reason: reason)
        }

        /// The endpoint or poster concerned, e.g. `movie/top_rated`, `movie/550` or `poster w342/abc.jpg`.
        public var endpoint: String { subject.endpoint }
        /// The page, for list pages.
        public var page: Int? { subject.page }

        private enum CodingKeys: String, CodingKey {
            case endpoint, page, reason
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                endpoint: try container.decode(String.self, forKey: .endpoint),
                page: try container.decodeIfPresent(Int.self, forKey: .page),
                reason: try container.decode(String.self, forKey: .reason))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(endpoint, forKey: .endpoint)
            try container.encodeIfPresent(page, forKey: .page)
            try container.encode(reason, forKey: .reason)
        }
    }

    /// The job's name.
    public var job: String
    /// The run's id.
    public var runID: String
    /// Whether this run continued an interrupted one (`--resume`).
    public var resumed: Bool
    /// How the run ended.
    public var status: Status
    /// ISO 8601 start time, UTC.
    public var startedAt: String
    /// ISO 8601 end time, UTC.
    public var finishedAt: String
    /// Wall-clock duration.
    public var elapsedSeconds: Double
    /// Where the time went, by phase.
    public var timings: Timings?

    /// How long each phase of a run took, in seconds. The phases overlap: the first list pages go out with the setup
    /// requests, and posters download while lists are fetched.
    public struct Timings: Codable, Sendable, Hashable {
        /// `/configuration` and the genre lists, until their answers were read (nothing is written before).
        public var setupSeconds: Double
        /// From the first list request sent (with the setup requests on a fresh run) to the last list page (or
        /// details look-up) received.
        public var listsSeconds: Double
        /// From the first poster download started to the last poster saved; 0 without posters.
        public var postersSeconds: Double
        /// Committing the data files (fsync and rename) after the last page was written.
        public var finishSeconds: Double

        package init(setupSeconds: Double, listsSeconds: Double, postersSeconds: Double, finishSeconds: Double) {
            self.setupSeconds = setupSeconds
            self.listsSeconds = listsSeconds
            self.postersSeconds = postersSeconds
            self.finishSeconds = finishSeconds
        }
    }
    /// The tool's version.
    public var toolVersion: String
    /// The API base URL (never with credentials).
    public var apiBaseURL: String
    /// The image base URL used for posters, if any.
    public var imageBaseURL: String?
    /// The language requested.
    public var language: String
    /// The region requested.
    public var region: String?
    /// The poster size, or nil when posters were off.
    public var posterSize: String?
    /// API requests in flight at most.
    public var concurrency: Int
    /// Per request.
    public var requests: [RequestSummary]
    /// The first failures, at most ``listedFailures``, in the order they happened; every one is in
    /// ``failuresFile``. Manifests written before `failures.ndjson` list every failure here.
    public var failures: [Failure]
    /// How many failures the run had; nil in manifests written before `failures.ndjson` (then `failures` counts).
    public var failureCount: Int? = nil
    /// `failures.ndjson` beside the manifest, every failure a line; nil when the run had none, and in manifests
    /// written before it existed.
    public var failuresFile: DataFile? = nil

    /// How many failures a manifest lists itself: enough to read at a glance, few enough to keep it small.
    public static let listedFailures = 100

    /// How many failures the run had, whichever version wrote the manifest.
    public var failuresTotal: Int { failureCount ?? failures.count }
    /// Distinct poster files of the run: downloaded, already present, failed (`absent`/`unsafePath` unused);
    /// nil when posters were off.
    public var posterFiles: PosterCounts?
    /// HTTP requests sent to the API (all attempts).
    public var apiRequests: Int
    /// API attempts that were retries.
    public var apiRetries: Int
    /// 429 answers from the API.
    public var throttled: Int
    /// Poster downloads attempted (all attempts).
    public var posterRequests: Int
    /// Poster attempts that were retries.
    public var posterRetries: Int
    /// `poster_path` values refused as unsafe file names, with the movie they came with.
    public var unsafePosterPaths: [UnsafePosterPath]
    /// `rejected.ndjson`, the list items no request could read; nil (absent) when there were none.
    public var rejectedFile: DataFile? = nil
    /// The job's catalogues; nil (absent) when the job has none.
    public var catalogue: [CatalogueSummary]? = nil
    /// The job's dimension tables (keywords, companies, networks); nil (absent) when the job has none.
    public var dimensions: [DimensionSummary]? = nil
    /// The `watch_providers` table; nil (absent) when no catalogue of the job appends `watch/providers`.
    public var watchProviders: WatchProviderSummary? = nil
    /// The part of the catalogues a shard run holds (`--shard`), as `I/N`; nil (absent) for a whole run.
    public var shard: String? = nil
    /// For a run made by `tmdb-export merge`: the shard runs it merged, in shard order.
    public var mergedFrom: [String]? = nil
    /// `report.html`, the run as a page (`format` `html`, `rows` 0); nil (absent) when it could not be written.
    public var reportFile: DataFile? = nil
    /// The version of the snapshot's on-disk contract (``SnapshotLayout/version``) a run with catalogues wrote;
    /// absent from a list-only run's manifest, and from those written before it was recorded.
    public var snapshotVersion: Int? = nil
    /// The night a job with `"history": true` ran for; nil (absent) for other jobs.
    public var history: HistoryNight? = nil

    /// A `poster_path` that was not a single safe file name; nothing was fetched or written for it.
    public struct UnsafePosterPath: Codable, Sendable, Hashable {
        /// The endpoint whose list carried it.
        public var endpoint: String
        /// The movie's id.
        public var movieID: Int
        /// The value as received (JSON-escaped in the file).
        public var posterPath: String

        package enum CodingKeys: String, CodingKey {
            case endpoint, posterPath
            case movieID = "movieId"
        }

        package init(endpoint: String, movieID: Int, posterPath: String) {
            self.endpoint = endpoint
            self.movieID = movieID
            self.posterPath = posterPath
        }
    }

    package enum CodingKeys: String, CodingKey {
        case job, status, failures, resumed, language, region, requests, concurrency
        case runID = "runId"
        case startedAt, finishedAt, elapsedSeconds, timings, toolVersion, posterSize
        case apiBaseURL = "apiBaseUrl"
        case imageBaseURL = "imageBaseUrl"
        case apiRequests, apiRetries, throttled, posterRequests, posterRetries, posterFiles, unsafePosterPaths
        case rejectedFile, catalogue, dimensions, shard, mergedFrom, reportFile, snapshotVersion
        case watchProviders, failureCount, failuresFile, history
    }

    /// The manifest as pretty, key-sorted JSON with a trailing newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// ISO 8601 UTC text for a date, e.g. `2026-11-22T02:00:00Z`.
    public static func timestamp(_ date: Date) -> String {
        UTCTime(date).iso8601
    }

    package init(
        job: String,
        runID: String,
        resumed: Bool,
        status: Status,
        startedAt: String,
        finishedAt: String,
        elapsedSeconds: Double,
        timings: Timings? = nil,
        toolVersion: String,
        apiBaseURL: String,
        imageBaseURL: String? = nil,
        language: String,
        region: String? = nil,
        posterSize: String? = nil,
        concurrency: Int,
        requests: [RequestSummary],
        failures: [Failure],
        posterFiles: PosterCounts? = nil,
        apiRequests: Int,
        apiRetries: Int,
        throttled: Int,
        posterRequests: Int,
        posterRetries: Int,
        unsafePosterPaths: [UnsafePosterPath],
        rejectedFile: DataFile? = nil,
        catalogue: [CatalogueSummary]? = nil,
        dimensions: [DimensionSummary]? = nil,
        shard: String? = nil,
        mergedFrom: [String]? = nil,
        reportFile: DataFile? = nil,
        snapshotVersion: Int? = nil
    ) {
        self.job = job
        self.runID = runID
        self.resumed = resumed
        self.status = status
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.elapsedSeconds = elapsedSeconds
        self.timings = timings
        self.toolVersion = toolVersion
        self.apiBaseURL = apiBaseURL
        self.imageBaseURL = imageBaseURL
        self.language = language
        self.region = region
        self.posterSize = posterSize
        self.concurrency = concurrency
        self.requests = requests
        self.failures = failures
        self.posterFiles = posterFiles
        self.apiRequests = apiRequests
        self.apiRetries = apiRetries
        self.throttled = throttled
        self.posterRequests = posterRequests
        self.posterRetries = posterRetries
        self.unsafePosterPaths = unsafePosterPaths
        self.rejectedFile = rejectedFile
        self.catalogue = catalogue
        self.dimensions = dimensions
        self.shard = shard
        self.mergedFrom = mergedFrom
        self.reportFile = reportFile
        self.snapshotVersion = snapshotVersion
    }
}
