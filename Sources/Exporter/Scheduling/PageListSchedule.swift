import HTTPClient

/// Pages of several queries read through one window of requests by ``WorkLoop``: discover's pages (one order, or
/// its date windows) and the change feeds' windows of at most 14 days. Each query's pages go in order, and none past
/// the end an answer gives nor past the schedule's `pageLimit`: a query planned at N pages asks for them without
/// waiting (an answer can only make it fewer), one whose size is unknown asks for page 1 first and the rest once
/// page 1 says how many there are. So whatever the answers claim, a query sends at most `pageLimit` requests.
struct PageListSchedule<Answer: Sendable>: WorkSchedule {
    struct Work: Sendable, Hashable {
        /// The query's place in the list the schedule was made with.
        var query: Int
        var page: Int
    }

    enum Result: Sendable {
        case answered(Work, Answer, totalPages: Int)
        case failed(Work, ClientError)
        /// The reader refused the answer (e.g. a change feed claiming more pages than TMDB serves): no page starts
        /// after it, and the loop ends with the error.
        case refused(Work, ExportError)
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
    /// Per query: the pages it may have (nil until page 1 answers, for an unknown extent), and pages sent.
    private var limits: [Int?]
    private var sent: [Int]
    private var inFlight = 0
    private var stopping = false
    /// Whether a stop request (not a failure) stopped the reading.
    private(set) var stoppedByRequest = false
    private(set) var answered = 0
    private(set) var failed: [ClientError] = []

    /// - Parameter pageLimit: the most pages any query is asked for, whatever it is planned at or an answer claims
    ///   (TMDB serves at most ``TMDB/maximumPage`` pages of a query).
    init(_ extents: [Extent], window: Int, pageLimit: Int, policy: FailurePolicy) {
        self.window = max(1, window)
        self.pageLimit = max(1, pageLimit)
        self.policy = policy
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
        if case .refused = result { stopping = true }
        guard case .answered(let work, _, let totalPages) = result else { return }
        let known = min(max(1, totalPages), pageLimit)
        limits[work.query] = min(limits[work.query] ?? known, known)
    }

    mutating func record(_ result: Result) throws(ExportError) -> [Effect] {
        switch result {
        case .answered(let work, let answer, _):
            answered += 1
            return [(work, answer)]
        case .failed(_, let error):
            if case .stopRun(let stop) = FailureDisposition(error) { throw stop }
            failed.append(error)
            if policy == .stopReading { stopping = true }
            return []
        case .refused(_, let error):
            throw error
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
