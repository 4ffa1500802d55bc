import Foundation
import HTTPClient
import TMDBAPI

/// The job's one scheduler: a `TaskGroup` sliding window with two lanes.
///
/// - The API lane keeps at most `apiConcurrency` page requests in flight across all requests of the job.
/// - The poster lane keeps at most `posterConcurrency` downloads in flight; a page's posters join it as soon as
///   the page is decoded.
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
    /// Asks the window to drain and stop.
    let stop: StopRequest?
    let onEvent: @Sendable (ExportEvent) -> Void

    /// What the window did, beyond what the assemblers hold.
    struct Outcome: Sendable {
        var failures: [Manifest.Failure] = []
        var posterFiles = Manifest.PosterCounts()
        var unsafePosterPaths: [Manifest.UnsafePosterPath] = []
    }

    private enum PageOutcome: Sendable {
        case fetched(MoviePage)
        case cached(MoviePage)
        case failed(ClientError)
        case cacheWriteFailed(OutputError)
    }

    private enum Completion: Sendable {
        case page(request: Int, page: Int, PageOutcome)
        case poster(file: String, failure: String?)
    }

    /// Fetches and writes everything; returns when every request is complete.
    /// - Throws: ``ExportError`` on rejected credentials, write failure or cancellation.
    func run(_ assemblers: [RequestAssembler]) async throws(ExportError) -> Outcome {
        let tracker = PosterTracker()
        var outcome = Outcome()
        var plannedPages = assemblers.reduce(0) { $0 + $1.summary.pagesPlanned }
        onEvent(.planned(pages: plannedPages, posters: 0))
        do {
            try await withThrowingTaskGroup(of: Completion.self) { group in
                var apiInFlight = 0
                var postersInFlight = 0
                while true {
                    // Fill both lanes, unless a stop was asked for: then only drain what is in flight.
                    let stopping = stop?.isRequested ?? false
                    while !stopping, apiInFlight < apiConcurrency, let (index, page) = nextPage(assemblers) {
                        assemblers[index].markDispatched(page)
                        let endpoint = TMDB.MovieList(
                            assemblers[index].request.list, page: page, language: job.language, region: job.region)
                        let slug = assemblers[index].request.slug
                        let (api, cache) = (self.api, self.pageCache)
                        group.addTask {
                            .page(request: index, page: page, await Self.fetch(endpoint, slug: slug, api: api, cache: cache))
                        }
                        apiInFlight += 1
                    }
                    while !stopping, postersInFlight < posterConcurrency, let imageClient, let store,
                        let file = tracker.nextDownload()
                    {
                        group.addTask { await Self.download(file, client: imageClient, store: store) }
                        postersInFlight += 1
                    }
                    guard let completion = try await group.next() else { break }
                    try Task.checkCancellation()

                    switch completion {
                    case .page(_, _, .cacheWriteFailed(let error)):
                        throw error
                    case .page(let index, let page, .fetched(let result)), .page(let index, let page, .cached(let result)):
                        if case .page(_, _, .cached) = completion { assemblers[index].countCachedPage() }
                        apiInFlight -= 1
                        let assembler = assemblers[index]
                        if page == assembler.firstPage {
                            let added = assembler.learnPageCount(from: result)
                            if added > 0 {
                                plannedPages += added
                                onEvent(.planned(pages: plannedPages, posters: tracker.plannedDownloads))
                            }
                        }
                        let before = tracker.plannedDownloads
                        outcome.unsafePosterPaths += accept(
                            result, page: page, request: index, assembler: assembler, tracker: tracker)
                        if tracker.plannedDownloads != before {
                            onEvent(.planned(pages: plannedPages, posters: tracker.plannedDownloads))
                        }
                        onEvent(.pageFinished(endpoint: assembler.request.list.rawValue, page: page, succeeded: true))
                        try assembler.flush(outcomes: tracker.outcomes)
                    case .page(let index, let page, .failed(let error)):
                        apiInFlight -= 1
                        if error.isAuthenticationFailure { throw ExportError.authentication(error) }
                        if case .cancelled = error.reason { throw ExportError.interrupted }
                        let assembler = assemblers[index]
                        if page == assembler.firstPage, assembler.lastPage == nil {
                            // Without page 1, an `all` request cannot know its size: it ends here.
                            _ = assembler.learnPageCount(from: MoviePage(page: page, results: [], totalPages: page, totalResults: 0))
                        }
                        assembler.fail(page: page)
                        outcome.failures.append(
                            Manifest.Failure(endpoint: assembler.request.list.rawValue, page: page, reason: error.reasonDescription))
                        onEvent(.failure("\(error)"))
                        onEvent(.pageFinished(endpoint: assembler.request.list.rawValue, page: page, succeeded: false))
                        try assembler.flush(outcomes: tracker.outcomes)
                    case .poster(let file, let failure):
                        postersInFlight -= 1
                        let waiting = tracker.resolve(file, as: failure == nil ? .downloaded : .failed)
                        if let failure {
                            outcome.failures.append(Manifest.Failure(endpoint: "poster \(store?.size ?? "")/\(file)", page: nil, reason: failure))
                            onEvent(.failure("poster \(file): \(failure)"))
                        }
                        onEvent(.posterFinished(succeeded: failure == nil))
                        for index in waiting.sorted() {
                            assemblers[index].posterResolved(file)
                            try assemblers[index].flush(outcomes: tracker.outcomes)
                        }
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
        for result in tracker.outcomes.values {
            switch result {
            case .downloaded: outcome.posterFiles.downloaded += 1
            case .alreadyPresent: outcome.posterFiles.alreadyPresent += 1
            case .failed: outcome.posterFiles.failed += 1
            }
        }
        for assembler in assemblers {
            precondition(assembler.isComplete, "the window ended with \(assembler.request.list.rawValue) incomplete")
            do { try assembler.finish() } catch { throw .output(error) }
        }
        return outcome
    }

    /// The next page to fetch: first pages first (so `all` requests learn their size early), then in job order,
    /// each request within its reorder window.
    private func nextPage(_ assemblers: [RequestAssembler]) -> (Int, Int)? {
        for (index, assembler) in assemblers.enumerated()
        where assembler.nextToDispatch == assembler.firstPage {
            if let page = assembler.dispatchablePage(window: reorderWindow) { return (index, page) }
        }
        for (index, assembler) in assemblers.enumerated() {
            if let page = assembler.dispatchablePage(window: reorderWindow) { return (index, page) }
        }
        return nil
    }

    /// Buffers a decoded page and queues its posters; returns the poster paths refused as unsafe.
    private func accept(
        _ result: MoviePage, page: Int, request index: Int, assembler: RequestAssembler, tracker: PosterTracker
    ) -> [Manifest.UnsafePosterPath] {
        var unsafe: [Manifest.UnsafePosterPath] = []
        var waiting: Set<String> = []
        var rows: [PendingRow] = []
        rows.reserveCapacity(result.results.items.count)
        for item in result.results.items {
            let movie = item.value
            var poster = PendingRow.Poster.disabled
            if let store {
                if let path = movie.posterPath {
                    if let file = PosterFileName.safeFileName(for: path) {
                        poster = .file(file)
                        if tracker.need(file, by: index, isPresent: store.isPresent) { waiting.insert(file) }
                    } else {
                        poster = .unsafe
                        unsafe.append(
                            Manifest.UnsafePosterPath(
                                endpoint: assembler.request.list.rawValue, movieID: movie.id, posterPath: path))
                    }
                } else {
                    poster = .absent
                }
            }
            rows.append(PendingRow(rank: (page - 1) * TMDB.pageSize + item.position + 1, movie: movie, poster: poster))
        }
        assembler.accept(page: page, rows: rows, skipped: result.results.skipped.count, waitingFor: waiting)
        return unsafe
    }

    /// Answers a page from the cache when a resumed run already has it, else fetches it and caches the body.
    private static func fetch(_ endpoint: TMDB.MovieList, slug: String, api: APIClient, cache: PageCache?) async
        -> PageOutcome
    {
        if let cache, cache.contains(slug: slug, page: endpoint.page), let page = cache.load(slug: slug, page: endpoint.page) {
            return .cached(page)
        }
        let response: KeepingBody<TMDB.MovieList>.Response
        do throws(ClientError) {
            response = try await api.send(KeepingBody(endpoint))
        } catch {
            return .failed(error)
        }
        do {
            try cache?.store(response.body, slug: slug, page: endpoint.page)
        } catch {
            return .cacheWriteFailed(error)
        }
        return .fetched(response.value)
    }

    /// Downloads one poster and saves it; returns the failure reason, if any.
    private static func download(_ file: String, client: APIClient, store: PosterStore) async -> Completion {
        do {
            let data = try await client.send(TMDB.PosterImage(size: store.size, posterPath: "/" + file))
            try store.save(data, as: file)
            return .poster(file: file, failure: nil)
        } catch let error as ClientError {
            return .poster(file: file, failure: error.reasonDescription)
        } catch {
            return .poster(file: file, failure: "\(error)")
        }
    }
}
