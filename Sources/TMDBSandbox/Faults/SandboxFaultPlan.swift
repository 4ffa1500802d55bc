import Foundation

/// The faults a ``SandboxServer`` injects, and the CDN's and TMDB's quirks it imitates: delays, rate limits, failed and
/// damaged answers, lying change feeds, missing or cut export files, hostile values. The default plan injects none.
public struct SandboxFaultPlan: Sendable {
    /// Delay added before every response, on the connection's thread.
    public var latency: Duration = .zero
    /// Extra delay per response, uniformly random in `0...latencyJitter`.
    public var latencyJitter: Duration = .zero
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
    /// Share of poster requests answered 200 `text/html` with an HTML error page.
    public var htmlPosterRate: Double = 0
    /// Serve ``SandboxCatalogue/withUnsafePosterPaths``: hostile `poster_path` values on page 1 of every list.
    public var unsafePosterPaths: Bool = false
    /// Days (`YYYY-MM-DD`) whose export files answer 404 although published, to test falling back a day.
    public var missingExportDays: Set<String> = []
    /// Days (`YYYY-MM-DD`) whose export files keep only this share (0 to 1) of their lines: the lines of the first
    /// share of the universe's slots, in sound gzip; 0 serves a file without a line. What TMDB's truncated exports
    /// look like, to test that a night does not take one at its word. Other days serve every line.
    public var exportLineShare: [String: Double] = [:]
    /// Whether the rate limiter's 429 carries `Retry-After`; TMDB's CDN often sends none.
    public var retryAfterOn429: Bool = true
    /// Most connections one client address may hold open; while it holds that many, requests on a further connection
    /// are answered 429 without `Retry-After` and the connection is closed. nil: no cap.
    public var maximumConnectionsPerClient: Int? = nil
    /// Serve the values of ``SandboxHostileValues`` (NUL, lone surrogates, impossible dates, a genre listed twice,
    /// 2^63, out-of-range numbers, a 3 MB overview, `\.` lines) for its fixed ids, on every day and in every change
    /// feed: what the warehouse loads must survive.
    public var hostileValues: Bool = false
    /// The movies ``hostileValues`` serves its values for: items of the list catalogue, which must then be served.
    public static var hostileMovieIDs: [Int] { SandboxHostileValues.movieIDs }

    /// A plan with no fault: every answer on time, whole and well-formed.
    public init() {}
}
