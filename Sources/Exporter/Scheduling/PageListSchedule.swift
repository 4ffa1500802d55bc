import HTTPClient

/// Pages of several queries read through one window of requests by ``WorkLoop``: discover's pages (one order, or
/// its date windows) and the change feeds' days. Each query's pages go in order, and none past the end the answers
/// give nor past the schedule's `pageLimit`: a query planned at N pages asks for them without waiting, one whose size
/// is unknown asks for page 1 first and the rest once page 1 says how many there are; what a later answer's count
/// does is the schedule's ``Growth``. So whatever the answers claim, a query sends at most `pageLimit` requests.
struct PageListSchedule<Answer: Sendable>: WorkSchedule {
    struct Work: Sendable, Hashable {
        /// The query's place in the list the schedule was made with.
        var query: Int
        var page: Int
    }

    enum Result: Sendable {
        case answered(Work, Answer, totalPages: Int)
        case failed(Work, ClientError)
        /// Answered, but the reader trusts no later page of the query (a change feed's answer of another page than the
        /// one asked for): no page of it starts after this one, whatever any answer claims.
        case last(Work, Answer)
    }

    /// An answered page, in the order answers arrive.
    typealias Effect = (work: Work, answer: Answer)

    /// How many pages a query has, as far as the schedule knows.
    enum Extent: Sendable, Hashable {
        /// At most this many; fewer when an answer says so.
        case planned(Int)
        /// Page 1 says.
        case unknown
    }

    /// What an answer's page count does to the pages of its query still to ask.
    enum Growth: Sendable, Hashable {
        /// It can only make them fewer (discover: planned from the export's count, the pages past the end are empty).
        case never
        /// The most any answer claimed is read, up to `pageLimit` (a change feed grows while it is read: a later
        /// page may say there are more than page 1 did).
        case toLargestClaim
    }

    /// What a failed page does to the rest.
    enum FailurePolicy: Sendable, Hashable {
        /// Counted; the other pages go on (discover: the page's ids fall back to details).
        case count
        /// Stops starting pages, so that the reader can give up (a change feed read in part cannot say what changed).
        case stopReading
    }

    private let window: Int
    private let pageLimit: Int
    private let policy: FailurePolicy
    private let growth: Growth
    /// Per query: the pages it may have (nil until page 1 answers, for an unknown extent), and pages sent.
    private var limits: [Int?]
    private var sent: [Int]
    /// Queries that got a ``Result/last(_:_:)`` answer: their limit no longer moves.
    private var ended: Set<Int> = []
    private var inFlight = 0
    private var stopping = false
    /// Whether a stop request (not a failure) stopped the reading.
    private(set) var stoppedByRequest = false
    private(set) var answered = 0
    private(set) var failed: [ClientError] = []

    /// - Parameter pageLimit: the most pages any query is asked for, whatever it is planned at or an answer claims
    ///   (TMDB serves at most ``TMDB/maximumPage`` pages of a query).
    init(_ extents: [Extent], window: Int, pageLimit: Int, policy: FailurePolicy, growth: Growth = .never) {
        self.window = max(1, window)
        self.pageLimit = max(1, pageLimit)
        self.policy = policy
        self.growth = growth
        limits = extents.map { extent in
            switch extent {
            case .planned(let pages): min(max(1, pages), max(1, pageLimit))
            case .unknown: nil
            }
        }
        sent = Array(repeating: 0, count: extents.count)
    }

    mutating func nextWork() -> Work? {
        guard !stopping, inFlight < window else { return nil }
        for query in limits.indices {
            // Unknown size: page 1 alone until it answers.
            let limit = limits[query] ?? 1
            guard sent[query] < limit, limits[query] != nil || sent[query] == 0 else { continue }
            sent[query] += 1
            inFlight += 1
            return Work(query: query, page: sent[query])
        }
        return nil
    }

    mutating func release(_ result: Result) {
        inFlight -= 1
        switch result {
        case .answered(let work, _, let totalPages) where !ended.contains(work.query):
            let known = min(max(1, totalPages), pageLimit)
            let limit = limits[work.query] ?? known
            limits[work.query] = growth == .never ? min(limit, known) : max(limit, known)
        case .last(let work, _):
            ended.insert(work.query)
            limits[work.query] = sent[work.query]
        case .answered, .failed:
            break
        }
    }

    mutating func record(_ result: Result) throws(ExportError) -> [Effect] {
        switch result {
        case .answered(let work, let answer, _), .last(let work, let answer):
            answered += 1
            return [(work, answer)]
        case .failed(_, let error):
            if case .stopRun(let stop) = FailureDisposition(error) { throw stop }
            failed.append(error)
            if policy == .stopReading { stopping = true }
            return []
        }
    }

    mutating func stop() {
        stopping = true
        stoppedByRequest = true
    }

    /// Ends a read that a stop request cut short as the run's other phases end: interrupted, for `--resume`.
    func checkNotStopped() throws(ExportError) {
        if stoppedByRequest { throw .interrupted }
    }
}
