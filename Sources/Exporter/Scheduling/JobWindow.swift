import Foundation
import HTTPClient
import TMDBAPI

/// The job's one scheduler: a `TaskGroup` sliding window with two lanes.
///
/// - The API lane keeps at most `apiConcurrency` requests on the wire across all requests of the job: list pages
///   and, for `"details": true`, one `/movie/{id}` per listed movie (details go first, so buffered pages finish
///   before more are fetched).
/// - The poster lane keeps at most `posterConcurrency` downloads on the wire; a page's posters join it as soon as
///   the page is decoded. One child task downloads a poster and then saves it.
/// - Each lane runs twice its concurrency in tasks; the clients' ``InFlightLimit``s hold the wire to the
///   concurrency. A slot passes from an answered request straight to a waiting one, so the next request leaves
///   while the answer is still being decoded or saved. Stopping halts the limits: what waits is never sent.
///
/// All bookkeeping happens here, in the parent task, between `group.next()` calls; child tasks only do I/O and
/// return values. No locks, no actors needed.
struct JobWindow: Sendable {
    let job: Job
    let api: APIClient
    let imageClient: APIClient?
    let store: PosterStore?
    let apiConcurrency: Int
    let posterConcurrency: Int
    /// How far past the next page to write a request may fetch.
    let reorderWindow: Int
    /// Where fetched pages are kept for `--resume`, and found again.
    let pageCache: PageCache?
    /// Pages sent together with setup; the window takes their answers instead of sending them again.
    var firstWave: FirstWave? = nil
    /// Asks the window to drain and stop.
    let stop: StopRequest?
    /// Where posters are written, one at a time, off the cooperative pool.
    let writes = FileWriteQueue()
    let onEvent: @Sendable (ExportEvent) -> Void

    /// What the window did, beyond what the assemblers hold.
    struct Outcome: Sendable {
        var failures: [Manifest.Failure] = []
        var posterFiles = Manifest.PosterCounts()
        var unsafePosterPaths: [Manifest.UnsafePosterPath] = []
        /// First list request sent and last list answer received.
        var listsStarted: ContinuousClock.Instant?
        var listsEnded: ContinuousClock.Instant?
        /// First poster download started and last poster saved.
        var postersStarted: ContinuousClock.Instant?
        var postersEnded: ContinuousClock.Instant?
        /// Time spent committing the data files.
        var finish: Duration = .zero
    }

    private enum PageOutcome: Sendable {
        /// Fetched, and stored in the page cache.
        case fetched(ListPage)
        /// Taken from a resumed run's page cache.
        case cached(ListPage)
        case failed(ClientError)
        /// Fetched, but the page cache could not store it: the run stops, as for any write failure.
        case notStored(OutputError)
    }

    /// What a child task hands back. Network slots are released as soon as the bytes arrive, so what the child does
    /// next (decode, store in the page cache, save a poster) never holds a connection idle.
    private enum Completion: Sendable {
        case page(request: Int, page: Int, PageOutcome)
        /// A poster downloaded and saved, or why not.
        case poster(file: String, failure: String?)
        /// A poster request that was never sent because the run is stopping.
        case posterNotSent
        case details(movieID: Int, Result<MovieDetails, ClientError>)
    }

    /// Progress totals, reported whenever they change.
    private struct Plan: Equatable {
        var pages = 0
        var details = 0
        var posters = 0
    }

    /// Fetches and writes everything; returns when every request is complete.
    /// - Throws: ``ExportError`` on rejected credentials, write failure or a stop request.
    func run(_ assemblers: [RequestAssembler]) async throws(ExportError) -> Outcome {
        let posters = WorkTracker<String, PosterOutcome>()
        let details = WorkTracker<Int, DetailsOutcome>()
        // Pages that went out with setup started the lists.
        var outcome = Outcome(listsStarted: firstWave?.started)
        var plan = Plan(pages: assemblers.reduce(0) { $0 + $1.summary.pagesPlanned })
        onEvent(.planned(pages: plan.pages, details: 0, posters: 0))
        func replan() {
            let updated = Plan(
                pages: assemblers.reduce(0) { $0 + $1.summary.pagesPlanned }, details: details.planned,
                posters: posters.planned)
            if updated != plan {
                plan = updated
                onEvent(.planned(pages: plan.pages, details: plan.details, posters: plan.posters))
            }
        }
        func flush(_ indices: some Sequence<Int>) throws(OutputError) {
            for index in indices { try assemblers[index].flush(posters: posters.outcomes, details: details.outcomes) }
        }
        /// A poster is settled (downloaded and saved, or failed): record it and write the pages that waited for it.
        func finishPoster(_ file: String, failure: String?) throws(OutputError) {
            let waiting = posters.resolve(file, as: failure == nil ? .downloaded : .failed)
            if let failure {
                outcome.failures.append(
                    Manifest.Failure(endpoint: "poster \(store?.size ?? "")/\(file)", page: nil, reason: failure))
                onEvent(.failure("poster \(file): \(failure)"))
            }
            onEvent(.posterFinished(succeeded: failure == nil))
            for index in waiting { assemblers[index].resolved(.poster(file)) }
            try flush(waiting.sorted())
        }

        do {
            try await withThrowingTaskGroup(of: Completion.self) { group in
                var apiInFlight = 0
                // Posters downloading or waiting for the disk: bounded, so a slow disk cannot make memory grow or
                // leave more than a window's worth to fetch again after a crash.
                var postersInFlight = 0
                // Fills both lanes, unless a stop was asked for: then only what is in flight drains. Called again as
                // soon as a slot frees, before the answer that freed it is processed, so the next request is on the
                // wire while the last one is decoded and written.
                func fill() {
                    let stopping = stop?.isRequested ?? false
                    if stopping {
                        // Requests still waiting for a slot are not sent: only those on the wire drain.
                        api.stopSending()
                        imageClient?.stopSending()
                    }
                    while !stopping, apiInFlight < Self.lane(apiConcurrency, for: api) {
                        if let movieID = details.next() {
                            let endpoint = TMDB.Details(movieID: movieID, language: job.language)
                            let api = self.api
                            group.addTask { .details(movieID: movieID, await api.result(of: endpoint)) }
                        } else if let (index, page) = nextPage(assemblers) {
                            assemblers[index].markDispatched(page)
                            let request = assemblers[index].request.source.request(
                                page: page, language: job.language, region: job.region)
                            let slug = assemblers[index].request.slug
                            let (api, cache) = (self.api, self.pageCache)
                            let early = firstWave?.take(request: index, page: page)
                            group.addTask {
                                .page(
                                    request: index, page: page,
                                    await Self.fetch(request, slug: slug, api: api, cache: cache, sentEarly: early))
                            }
                        } else {
                            break
                        }
                        if outcome.listsStarted == nil { outcome.listsStarted = .now }
                        apiInFlight += 1
                    }
                    while !stopping, let imageClient, postersInFlight < Self.lane(posterConcurrency, for: imageClient),
                        let store, let file = posters.next()
                    {
                        let writes = self.writes
                        group.addTask { await Self.download(file, client: imageClient, into: store, writes: writes) }
                        if outcome.postersStarted == nil { outcome.postersStarted = .now }
                        postersInFlight += 1
                    }
                }
                while true {
                    fill()
                    guard let completion = try await group.next() else { break }
                    try Task.checkCancellation()
                    switch completion {
                    case .page, .details: outcome.listsEnded = .now
                    case .poster: outcome.postersEnded = .now
                    default: break
                    }

                    switch completion {
                    case .page(_, _, .notStored(let error)):
                        throw error
                    case .page(let index, let page, .fetched(let result)), .page(let index, let page, .cached(let result)):
                        apiInFlight -= 1
                        let assembler = assemblers[index]
                        if page == assembler.firstPage { _ = assembler.learnPageCount(lastServedPage: result.lastServedPage) }
                        fill()
                        if case .page(_, _, .cached) = completion { assembler.countCachedPage() }
                        outcome.unsafePosterPaths += accept(
                            result, page: page, request: index, assembler: assembler, posters: posters, details: details)
                        replan()
                        onEvent(.pageFinished(endpoint: assembler.request.endpoint, page: page, succeeded: true))
                        try flush([index])
                    case .page(_, _, .failed(let error)) where error.reason == .notSent:
                        apiInFlight -= 1
                    case .page(let index, let page, .failed(let error)):
                        apiInFlight -= 1
                        if error.isAuthenticationFailure { throw ExportError.authentication(error) }
                        if case .cancelled = error.reason { throw ExportError.interrupted }
                        let assembler = assemblers[index]
                        if page == assembler.firstPage {
                            // Without its first page, an `all` request cannot know its size: it ends there.
                            _ = assembler.learnPageCount(lastServedPage: page)
                        }
                        assembler.fail(page: page)
                        outcome.failures.append(
                            Manifest.Failure(endpoint: assembler.request.endpoint, page: page, reason: error.reasonDescription))
                        onEvent(.failure("\(error)"))
                        onEvent(.pageFinished(endpoint: assembler.request.endpoint, page: page, succeeded: false))
                        try flush([index])
                    case .details(_, .failure(let error)) where error.reason == .notSent:
                        apiInFlight -= 1
                    case .details(let movieID, let result):
                        apiInFlight -= 1
                        fill()
                        let resolved: DetailsOutcome
                        switch result {
                        case .success(let found):
                            resolved = .fetched(found)
                        case .failure(let error):
                            if error.isAuthenticationFailure { throw ExportError.authentication(error) }
                            if case .cancelled = error.reason { throw ExportError.interrupted }
                            resolved = .failed
                            outcome.failures.append(
                                Manifest.Failure(endpoint: "movie/\(movieID)", page: nil, reason: error.reasonDescription))
                            onEvent(.failure("\(error)"))
                        }
                        let waiting = details.resolve(movieID, as: resolved)
                        onEvent(.detailsFinished(succeeded: result.isSuccess))
                        for index in waiting { assemblers[index].resolved(.details(movieID)) }
                        try flush(waiting.sorted())
                    case .poster(let file, let failure):
                        postersInFlight -= 1
                        fill()
                        try finishPoster(file, failure: failure)
                    case .posterNotSent:
                        postersInFlight -= 1
                    }
                }
            }
        } catch let error as ExportError {
            throw error
        } catch let error as OutputError {
            throw .output(error)
        } catch {
            throw .interrupted
        }
        if stop?.isRequested == true, !assemblers.allSatisfy(\.isComplete) { throw .interrupted }
        for result in posters.outcomes.values {
            switch result {
            case .downloaded: outcome.posterFiles.downloaded += 1
            case .alreadyPresent: outcome.posterFiles.alreadyPresent += 1
            case .failed: outcome.posterFiles.failed += 1
            }
        }
        let finishing = ContinuousClock.now
        for assembler in assemblers {
            precondition(assembler.isComplete, "the window ended with \(assembler.request.endpoint) incomplete")
            do { try assembler.finish() } catch { throw .output(error) }
        }
        outcome.finish = .now - finishing
        return outcome
    }

    /// How many of a lane's tasks may be outstanding. With the client's ``InFlightLimit`` holding the wire to
    /// `concurrency`, a second task per slot waits at the limit: when an answer arrives its slot passes straight to
    /// a waiting request, without a round trip through this loop, and the answer is decoded while the next
    /// request is already out. Without a limit the lane itself is the bound.
    private static func lane(_ concurrency: Int, for client: APIClient) -> Int {
        client.maximumInFlight == nil ? concurrency : 2 * concurrency
    }

    /// The next page to fetch: first pages first (so `all` requests learn their size early), then in job order,
    /// each request within its reorder window.
    private func nextPage(_ assemblers: [RequestAssembler]) -> (Int, Int)? {
        PageCursor.next(in: assemblers.lazy.map(\.cursor), window: reorderWindow)
    }

    /// Buffers a decoded page and queues its posters and details; returns the poster paths refused as unsafe.
    private func accept(
        _ result: ListPage, page: Int, request index: Int, assembler: RequestAssembler,
        posters: WorkTracker<String, PosterOutcome>, details: WorkTracker<Int, DetailsOutcome>
    ) -> [Manifest.UnsafePosterPath] {
        var unsafe: [Manifest.UnsafePosterPath] = []
        var waiting: Set<RequestAssembler.Dependency> = []
        var rows: [PendingRow] = []
        rows.reserveCapacity(result.entries.count)
        for (position, entry) in result.entries {
            var poster = PendingRow.Poster.disabled
            if let store {
                if let path = entry.posterPath {
                    if let file = PosterFileName.safeFileName(for: path) {
                        poster = .file(file)
                        let present: (String) -> PosterOutcome? = { store.isPresent($0) ? .alreadyPresent : nil }
                        if posters.need(file, by: index, known: present) { waiting.insert(.poster(file)) }
                    } else {
                        poster = .unsafe
                        unsafe.append(
                            Manifest.UnsafePosterPath(endpoint: assembler.request.endpoint, movieID: entry.id, posterPath: path))
                    }
                } else {
                    poster = .absent
                }
            }
            if assembler.request.details, case .movie(let movie) = entry, details.need(movie.id, by: index) {
                waiting.insert(.details(movie.id))
            }
            rows.append(PendingRow(rank: (page - 1) * TMDB.pageSize + position + 1, entry: entry, poster: poster))
        }
        assembler.accept(page: page, rows: rows, skipped: result.skipped, waitingFor: waiting)
        return unsafe
    }

    /// Answers a page from the cache when a resumed run already has it, else fetches it (or takes the answer of
    /// the request `sentEarly` with setup) and stores it there. The store is one append to an open file, so it runs
    /// here rather than on the write queue.
    private static func fetch(
        _ request: PageRequest, slug: String, api: APIClient, cache: PageCache?, sentEarly: Task<FirstWave.Answer, Never>?
    ) async -> PageOutcome {
        if let cache, let body = cache.load(slug: slug, page: request.page), let page = try? request.decode(body) {
            sentEarly?.cancel()
            return .cached(page)
        }
        let answer: FirstWave.Answer
        if let sentEarly {
            answer = await withTaskCancellationHandler { await sentEarly.value } onCancel: { sentEarly.cancel() }
        } else {
            answer = await request.send(with: api)
        }
        switch answer {
        case .failure(let error): return .failed(error)
        case .success(let (page, body)):
            do throws(OutputError) {
                try cache?.store(body, slug: slug, page: request.page)
            } catch {
                return .notStored(error)
            }
            return .fetched(page)
        }
    }

    /// Downloads one poster and saves it. The client's ``InFlightLimit`` slot is released as soon as the bytes
    /// arrive, so the write never holds a connection idle; the write itself goes through the serial write queue.
    private static func download(_ file: String, client: APIClient, into store: PosterStore, writes: FileWriteQueue)
        async -> Completion
    {
        let data: Data
        switch await client.result(of: TMDB.PosterImage(size: store.size, posterPath: "/" + file)) {
        case .success(let downloaded): data = downloaded
        case .failure(let error) where error.reason == .notSent: return .posterNotSent
        case .failure(let error): return .poster(file: file, failure: error.reasonDescription)
        }
        do throws(OutputError) {
            try await writes.run { () throws(OutputError) in try store.save(data, as: file) }
            return .poster(file: file, failure: nil)
        } catch {
            return .poster(file: file, failure: "\(error)")
        }
    }
}
