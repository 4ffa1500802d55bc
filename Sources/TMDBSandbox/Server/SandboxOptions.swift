import Foundation

/// How a ``SandboxServer`` behaves: port, latency and the faults it injects. Every random choice follows ``seed``.
public struct SandboxOptions: Sendable {
    /// Port to bind on 127.0.0.1; 0 picks an ephemeral port.
    public var port: UInt16 = 0
    /// Delay added before every response, on the connection's thread.
    public var latency: Duration = .zero
    /// Extra delay per response, uniformly random in `0...latencyJitter`.
    public var latencyJitter: Duration = .zero
    /// Seed for every random choice (faults, jitter); request *n* of a run always gets the same draws.
    public var seed: UInt64 = 42
    /// Token bucket on `/3/` paths, in requests per second (burst: one second's worth, at least 1). Over it: 429 with
    /// `Retry-After` and TMDB's status 25 body. nil, zero, negative or non-finite: no limit.
    public var rateLimit: Double? = nil
    /// Share of API responses (that would have been 200) answered 500, 502, 503 in rotation, with TMDB-style bodies.
    public var serverErrorRate: Double = 0
    /// Share of API responses (that would have been 200) that announce their full `Content-Length`, send half the
    /// body, then close the connection.
    public var truncatedBodyRate: Double = 0
    /// Page numbers on which every paged list (movie and TV lists, trending, discover, search, recommendations,
    /// similar) answers 200 with JSON cut in the middle (its `Content-Length` matching what is sent).
    public var malformedJSONPages: Set<Int> = []
    /// Page numbers on which every paged list answers its first three items damaged (``DamagedItems``): a title with
    /// a byte that is not UTF-8, a `vote_average` of `1e400`, an `id` of `2.5`.
    public var damagedItemPages: Set<Int> = []
    /// Compress API answers with gzip (`Content-Encoding: gzip`) when the request accepts it, as TMDB does.
    public var gzip: Bool = false
    /// Page numbers on which every paged list answers 200 with `Content-Encoding: gzip` and a gzip bomb: 4 MiB that
    /// inflate to 4 GiB of zeros, whatever the request accepts.
    public var gzipBombPages: Set<Int> = []
    /// Page numbers on which every paged list answers 200 with a chunked body of ``hugeBodyBytes`` spaces (no
    /// `Content-Length`), sent as fast as the client reads it.
    public var hugePages: Set<Int> = []
    /// The size of a ``hugePages`` body: 2 GiB.
    public var hugeBodyBytes: Int = 2 << 30
    /// Ids (of any type: movie, series, person) whose every details request answers 500 with TMDB's body: an id that
    /// fails every night, to test that it is carried rather than freezing the catalogue.
    public var failingIDs: Set<Int> = []
    /// Ids (of any type) whose details answer 200 with valid JSON of ``oversizedBodyBytes``: more than the exporter's
    /// 8 MiB answer cap, as a title with 100,000 images is.
    public var oversizedIDs: Set<Int> = []
    /// The size of an ``oversizedIDs`` answer: 9 MiB, over the exporter's 8 MiB cap (`APITarget.maximumBodyBytes`).
    public var oversizedBodyBytes: Int = 9 << 20
    /// Make the change feeds lie about their pages (``ChangeFeedFault``); nil: they answer as TMDB does.
    public var changeFeedFault: ChangeFeedFault? = nil
    /// Entries on a change-feed page: TMDB's 100; fewer spreads a small universe's day over several pages.
    public var changeFeedPageSize: Int = 100
    /// Share of poster requests answered 200 `text/html` with an HTML error page.
    public var htmlPosterRate: Double = 0
    /// Serve ``SandboxCatalogue/withUnsafePosterPaths``: hostile `poster_path` values on page 1 of every list.
    public var unsafePosterPaths: Bool = false
    /// Keep ``SandboxServer/requestLog()``; long benchmarks can turn it off to keep memory flat.
    public var recordsRequests: Bool = true
    /// A file to create (or empty) at start, with one line per answered request: its connection, when it arrived and
    /// when its answer was written (monotonic nanoseconds), its status and its path without the query. For measuring
    /// clients from the server's side (`bench/turnaround`). nil: no such file.
    public var timingLogPath: String? = nil

    /// How many movie ids the catalogue universe holds (the daily export files and `/3/movie/{id}`): the 10,400 list
    /// movies first, then generated ones. See ``SandboxCatalogueUniverse``.
    public var catalogueSize: Int = 20_000
    /// Whether the catalogue universe starts with the list catalogue's 10,400 movies and 2,400 shows (which never
    /// change from day to day); false makes every id generated, so that a small universe changes like a large one.
    public var catalogueIncludesLists: Bool = true
    /// How many series ids the catalogue universe holds (`tv_series` export files and `/3/tv/{id}`): the 2,400 list
    /// shows first, then generated ones.
    public var seriesCatalogueSize: Int = 4_000
    /// How many people of the person universe are credited nowhere, after the 20,000 people the titles' credits
    /// name: the person export files list them and `/3/person/{id}` answers them, cheaply (no credits to look up).
    /// See ``SandboxPersonUniverse``.
    public var uncreditedPeople: Int = SandboxPersonUniverse.defaultUncreditedCount
    /// The current time, for which daily export files are published (a day's file from 08:00 UTC on, for 90 days).
    public var now: @Sendable () -> Date = { Date() }
    /// Let the catalogue universe evolve day by day after ``SandboxCatalogueUniverse/evolutionEpoch``: ids are
    /// edited, born, removed and turned adult, the export files and details of each day agree, and
    /// `/3/movie/changes` and `/3/tv/changes` list what changed. Off: every day serves the epoch's universe and the
    /// change feeds are empty.
    public var simulatesDays: Bool = false
    /// Days (`YYYY-MM-DD`) whose export files answer 404 although published, to test falling back a day.
    public var missingExportDays: Set<String> = []
    /// Days (`YYYY-MM-DD`) whose export files keep only this share (0 to 1) of their lines: the lines of the first
    /// share of the universe's slots, in sound gzip; 0 serves a file without a line. What TMDB's truncated exports
    /// look like, to test that a night does not take one at its word. Other days serve every line.
    public var exportLineShare: [String: Double] = [:]
    /// Send API answers with `Transfer-Encoding: chunked` instead of `Content-Length`, as TMDB's CDN does (with
    /// ``gzip``: compressed and chunked).
    public var chunked: Bool = false
    /// Whether the rate limiter's 429 carries `Retry-After`; TMDB's CDN often sends none.
    public var retryAfterOn429: Bool = true
    /// Most connections one client address may hold open; while it holds that many, requests on a further connection
    /// are answered 429 without `Retry-After` and the connection is closed. nil: no cap.
    public var maximumConnectionsPerClient: Int? = nil
    /// Serve the values of ``SandboxHostileValues`` (NUL, lone surrogates, impossible dates, a genre listed twice,
    /// 2^63, out-of-range numbers, a 3 MB overview, `\.` lines) for its fixed ids, on every day and in every change
    /// feed: what the warehouse loads must survive.
    public var hostileValues: Bool = false

    /// Options for a well-behaved server on an ephemeral port, with no latency and no faults, answering with plain
    /// `Content-Length` bodies: what tests of exact bodies and the benchmarks against curl rely on.
    public init() {}

    /// Options for a server that answers as TMDB's API does on the wire: gzip when the request accepts it, bodies
    /// chunked. `export --sandbox` and `plan --sandbox` use them, so that the README's main command reads answers as
    /// they come from TMDB.
    public static func answeringAsTMDB() -> SandboxOptions {
        var options = SandboxOptions()
        options.gzip = true
        options.chunked = true
        return options
    }
}
