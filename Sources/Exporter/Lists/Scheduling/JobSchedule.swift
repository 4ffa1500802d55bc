import Foundation
import HTTPClient
import RunStore
import TMDBAPI

/// The decisions of a list job's run: a sliding window over the job's pages with two lanes, and the bookkeeping
/// that turns answers into rows to write.
///
/// - Setup (`/configuration`, the genre lists) goes out first, and each request's first page with it, so that the
///   first round trip carries pages too. A request's other pages wait for its first page to say how many the list
///   has, so that no page past its end is ever asked for. Until setup has answered the API lane holds no more tasks than the client has
///   slots, so every request of that first wave is on the wire at once, and a 401 (which stops the client) ends
///   the run before anything else is sent. Setup decides first: other answers wait here until all of setup's are
///   in, and nothing is written before setup is ready.
/// - The API lane then keeps twice the concurrency in tasks: the client's in-flight limit holds the wire to the
///   concurrency, and when an answer arrives its slot passes straight to a waiting request. Details go before
///   pages, so buffered pages finish before more are fetched. Pages go out in ``PageCursor`` order, never more
///   than the reorder window past the next page to write.
/// - The poster lane keeps twice the poster concurrency in tasks; a page's posters join it as soon as the page is
///   accepted. Each poster and each details look-up is fetched once per run, however many rows share it.
/// - A page is written when it is next in its list's order and its posters and details are resolved.
struct JobSchedule: WorkSchedule {
    enum Effect {
        /// Setup answered; nothing is written before this.
        case setupCompleted(Setup)
        case event(ExportEvent)
        /// Rows of `job.requests[request]` to write, next in list order.
        case write(request: Int, rows: [ResolvedRow])
        /// Items of page `page` of `job.requests[request]` that could not be read, for `rejected.ndjson`; as the
        /// page is accepted, in any order.
        case reject(request: Int, page: Int, items: [PageRows.Rejection])
    }

    /// When the run's phases started and ended, for the manifest.
    struct Timings: Sendable {
        var setupEnded: ContinuousClock.Instant?
        var listsStarted: ContinuousClock.Instant?
        var listsEnded: ContinuousClock.Instant?
        var postersStarted: ContinuousClock.Instant?
        var postersEnded: ContinuousClock.Instant?
    }

    /// Progress totals, reported whenever they change.
    private struct Plan: Equatable {
        var pages = 0
        var details = 0
        var posters = 0
    }

    let job: Job
    /// The list requests' progress, in job order.
    private(set) var lists: [ListProgress]
    /// What setup learned, once it has answered.
    private(set) var setup: Setup?
    /// Setup's failure when every answer is in but the only failures are requests left unsent (see
    /// ``SetupProgress/State/halted(_:)``).
    private(set) var unsentSetup: ClientError?
    private(set) var isStopping = false
    private(set) var timings = Timings()
    private(set) var failures: [Manifest.Failure] = []
    private(set) var unsafePosterPaths: [Manifest.UnsafePosterPath] = []

    private let api: APIClient
    /// `--strict`: a rejected item is a failure of the run.
    private let strict: Bool
    private let concurrency: Int
    private let posterConcurrency: Int
    private let reorderWindow: Int
    private var setupProgress: SetupProgress
    /// Results that arrived before setup was ready, in arrival order.
    private var held: [WorkResult] = []
    private var posters = DependencyTracker<String, PosterOutcome>()
    private var details = DependencyTracker<Int, ResolvedRow.Details>()
    private var apiInFlight = 0
    private var postersInFlight = 0
    private var plan = Plan()

    /// A schedule for `job`. `api` is the client the run sends through; its in-flight limit is the concurrency.
    /// `posters` is nil when posters are off. `strict` records each rejected item as a failure.
    init(
        job: Job, api: APIClient, concurrency: Int, posters: Job.PosterSettings?, reorderWindow: Int,
        strict: Bool = false, makeImageClient: @escaping @Sendable (URL) -> APIClient
    ) {
        self.job = job
        self.api = api
        self.strict = strict
        self.concurrency = max(1, concurrency)
        posterConcurrency = max(1, posters?.concurrency ?? 1)
        self.reorderWindow = max(1, reorderWindow)
        lists = job.requests.map(ListProgress.init)
        setupProgress = SetupProgress(job: job, posters: posters, makeImageClient: makeImageClient)
    }

    /// Whether every list has been written in full.
    var isComplete: Bool { lists.allSatisfy(\.isComplete) }

    /// Checks, once nothing is left to do, that the run can be published.
    /// - Throws: ``ExportError/interrupted`` when a stop left work undone; ``ExportError/setup(_:)`` when setup
    ///   never became ready (its requests were left unsent, and no answer said why).
    func checkFinished() throws(ExportError) {
        guard setup != nil else {
            if isStopping { throw .interrupted }
            throw .setup(unsentSetup ?? ClientError(endpoint: "setup", reason: .notSent))
        }
        if isStopping, !isComplete { throw .interrupted }
        precondition(isComplete, "the run ended with a list incomplete")
    }

    /// What became of the posters the run needed.
    var posterFiles: Manifest.PosterCounts {
        var counts = Manifest.PosterCounts()
        for outcome in posters.outcomes.values { counts.count(outcome) }
        return counts
    }

    // MARK: What to send next

    mutating func nextWork() -> WorkItem? {
        guard !isStopping else { return nil }
        if apiInFlight < apiLane, let work = nextAPIWork() {
            apiInFlight += 1
            return work
        }
        if let client = setup?.imageClient, postersInFlight < 2 * posterConcurrency, let file = posters.next() {
            postersInFlight += 1
            if timings.postersStarted == nil { timings.postersStarted = .now }
            return .poster(file: file, client: client)
        }
        return nil
    }

    /// Tasks the API lane may hold: the client's slots until setup is ready, then twice as many.
    private var apiLane: Int { setup == nil ? max(concurrency, setupProgress.requests.count) : 2 * concurrency }

    private mutating func nextAPIWork() -> WorkItem? {
        if let request = setupProgress.next() { return .setup(request) }
        let work: WorkItem
        if let movieID = details.next() {
            work = .details(movieID: movieID)
        } else if let (index, page) = PageCursor.next(in: lists.lazy.map(\.cursor), window: reorderWindow) {
            lists[index].markDispatched(page)
            work = .page(request: index, page: page)
        } else {
            return nil
        }
        if timings.listsStarted == nil { timings.listsStarted = .now }
        return work
    }

    mutating func release(_ result: WorkResult) {
        switch result {
        case .setup:
            apiInFlight -= 1
        case .page, .details:
            apiInFlight -= 1
            timings.listsEnded = .now
        case .poster(_, nil):
            postersInFlight -= 1
        case .poster:
            postersInFlight -= 1
            timings.postersEnded = .now
        }
    }

    mutating func stop() {
        isStopping = true
        // Requests still waiting for a slot are not sent: only those on the wire drain.
        api.stopSending()
        setup?.imageClient?.stopSending()
    }

    // MARK: What a result unlocks

    mutating func record(_ result: WorkResult) throws(ExportError) -> [Effect] {
        if case .setup(let request, let answer) = result { return try recordSetup(request, answer) }
        guard setup != nil else {
            held.append(result)
            return []
        }
        var effects: [Effect] = []
        try process(result, into: &effects)
        return effects
    }

    private mutating func recordSetup(_ request: SetupRequest, _ answer: SetupAnswer) throws(ExportError) -> [Effect] {
        switch try setupProgress.record(request, answer) {
        case .waiting:
            return []
        case .halted(let failure):
            // The request that stopped the client is among the answers held: its error ends the run.
            unsentSetup = failure
            for case let error? in held.map(\.apiError) {
                if case .stopRun(let stop) = FailureDisposition(error) { throw stop }
            }
            return []
        case .ready(let ready):
            setup = ready
            timings.setupEnded = .now
            plan = currentPlan
            var effects: [Effect] = [
                .setupCompleted(ready),
                .event(.planned(pages: plan.pages, details: plan.details, posters: plan.posters)),
            ]
            let early = held
            held = []
            for result in early { try process(result, into: &effects) }
            return effects
        }
    }

    private mutating func process(_ result: WorkResult, into effects: inout [Effect]) throws(ExportError) {
        switch result {
        case .setup:
            preconditionFailure("setup answers are recorded by recordSetup")
        case .page(let index, let page, .fetched(let rows)):
            accept(rows, page: page, request: index, fromCache: false, into: &effects)
        case .page(let index, let page, .cached(let rows)):
            accept(rows, page: page, request: index, fromCache: true, into: &effects)
        case .page(_, _, .notStored(let error)):
            throw .output(error)
        case .page(let index, let page, .failed(let error)):
            switch FailureDisposition(error) {
            case .stopRun(let stop): throw stop
            case .notSent: return
            case .itemFailed: break
            }
            let endpoint = lists[index].request.endpoint
            if page == lists[index].cursor.firstPage {
                // Without its first page, a request cannot know its size: an `all` request ends there.
                lists[index].learnSize(nil)
            }
            lists[index].fail(page: page)
            failures.append(Manifest.Failure(.page(endpoint: endpoint, page: page), reason: error.reasonDescription))
            effects.append(.event(.failure("\(error)")))
            effects.append(.event(.pageFinished(endpoint: endpoint, page: page, succeeded: false)))
            flush([index], into: &effects)
        case .details(let movieID, let answer):
            let resolved: ResolvedRow.Details
            switch answer {
            case .success(let found):
                resolved = .fetched(found)
            case .failure(let error):
                switch FailureDisposition(error) {
                case .stopRun(let stop): throw stop
                case .notSent: return
                case .itemFailed: break
                }
                resolved = .failed
                failures.append(Manifest.Failure(.details(.movie, id: movieID), reason: error.reasonDescription))
                effects.append(.event(.failure("\(error)")))
            }
            let waiting = details.resolve(movieID, as: resolved)
            effects.append(.event(.detailsFinished(succeeded: answer.failure == nil)))
            for index in waiting { lists[index].resolved(.details(movieID)) }
            flush(waiting.sorted(), into: &effects)
        case .poster(_, nil):
            return
        case .poster(let file, let outcome?):
            var failed = false
            if case .failed(_, let reason) = outcome {
                failed = true
                let size = job.posters?.size ?? ""
                failures.append(Manifest.Failure(.poster("\(size)/\(file)"), reason: reason))
                effects.append(.event(.failure("poster \(file): \(reason)")))
            }
            let waiting = posters.resolve(file, as: outcome)
            effects.append(.event(.posterFinished(succeeded: !failed)))
            for index in waiting { lists[index].resolved(.poster(file)) }
            flush(waiting.sorted(), into: &effects)
        }
    }

    /// Buffers a page's rows and queues the posters and details they need.
    private mutating func accept(
        _ page: PageRows, page number: Int, request index: Int, fromCache: Bool, into effects: inout [Effect]
    ) {
        let request = lists[index].request
        if number == lists[index].cursor.firstPage { lists[index].learnSize(page.totals) }
        var waiting: Set<ListProgress.Dependency> = []
        for row in page.rows {
            if case .file(let file) = row.poster,
                posters.need(
                    file, by: index, known: page.presentPosters.contains(file) ? .alreadyPresent(file: file) : nil)
            {
                waiting.insert(.poster(file))
            }
            if request.details, case .movie(let movie) = row.entry, details.need(movie.id, by: index) {
                waiting.insert(.details(movie.id))
            }
        }
        unsafePosterPaths += page.unsafePosterPaths.map {
            Manifest.UnsafePosterPath(endpoint: request.endpoint, movieID: $0.itemID, posterPath: $0.posterPath)
        }
        if !page.rejected.isEmpty {
            effects.append(.reject(request: index, page: number, items: page.rejected))
            if strict { failRejected(page.rejected, page: number, endpoint: request.endpoint, into: &effects) }
        }
        lists[index].accept(page: number, page, fromCache: fromCache, waitingFor: waiting)
        let updated = currentPlan
        if updated != plan {
            plan = updated
            effects.append(.event(.planned(pages: plan.pages, details: plan.details, posters: plan.posters)))
        }
        effects.append(.event(.pageFinished(endpoint: request.endpoint, page: number, succeeded: true)))
        flush([index], into: &effects)
    }

    /// `--strict`: each rejected item is a failure, listed in the manifest and reported.
    private mutating func failRejected(
        _ rejected: [PageRows.Rejection], page: Int, endpoint: String, into effects: inout [Effect]
    ) {
        for rejection in rejected {
            let id = rejection.item.id.map { ", id \($0)" } ?? ""
            let reason = "item rejected (rank \(rejection.rank)\(id)): \(rejection.item.problem)"
            failures.append(Manifest.Failure(.page(endpoint: endpoint, page: page), reason: reason))
            effects.append(.event(.failure("\(endpoint) page \(page): \(reason)")))
        }
    }

    private var currentPlan: Plan {
        Plan(pages: lists.reduce(0) { $0 + $1.pagesPlanned }, details: details.planned, posters: posters.planned)
    }

    // MARK: What can be written

    /// Hands out every page of these requests that is next in order and ready.
    private mutating func flush(_ indices: some Sequence<Int>, into effects: inout [Effect]) {
        for index in indices {
            let pages = lists[index].takeWritable()
            guard !pages.isEmpty else { continue }
            // The outcomes are read through local copies (one retain each): a closure that called a method of
            // `self` here would copy the whole schedule once per page.
            let (posterOutcomes, detailsOutcomes) = (posters.outcomes, details.outcomes)
            let withDetails = lists[index].request.details
            for rows in pages {
                let resolved = rows.map {
                    Self.resolve($0, posters: posterOutcomes, details: withDetails ? detailsOutcomes : nil)
                }
                effects.append(.write(request: index, rows: resolved))
            }
        }
    }

    /// `row` with its poster and details settled; `details` is nil when the request asks for none.
    private static func resolve(
        _ row: PendingRow, posters: [String: PosterOutcome], details: [Int: ResolvedRow.Details]?
    ) -> ResolvedRow {
        let poster: PosterOutcome
        switch row.poster {
        case .settled(let outcome): poster = outcome
        case .file(let name): poster = posters[name] ?? .failed(file: name, reason: "not fetched")
        }
        var found = ResolvedRow.Details.notAsked
        if let details, case .movie(let movie) = row.entry { found = details[movie.id] ?? .failed }
        return ResolvedRow(rank: row.rank, entry: row.entry, poster: poster, details: found)
    }
}

extension WorkResult {
    /// The API error this result carries, if any (posters' failures are not API errors).
    var apiError: ClientError? {
        switch self {
        case .setup(_, let answer): answer.failure
        case .page(_, _, .failed(let error)): error
        case .details(_, .failure(let error)): error
        default: nil
        }
    }
}
