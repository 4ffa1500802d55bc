import Foundation
import HTTPClient
import RunStore
import TMDBAPI

/// Does one ``WorkItem``'s I/O in a child task: sends the request, then decodes, stores or saves what came back,
/// and hands the outcome back as a ``WorkResult``. Never throws: every failure is a value for the schedule.
struct WorkPerformer: Sendable {
    let job: Job
    let api: APIClient
    /// Where fetched pages are kept for `--resume`, and found again.
    let pageCache: PageCache
    /// How posters are fetched and saved; nil when posters are off.
    let posters: PosterDownload?

    func perform(_ work: WorkItem) async -> WorkResult {
        switch work {
        case .setup(let request):
            return .setup(request, await answer(request))
        case .page(let index, let page):
            return .page(request: index, page: page, await fetchPage(page, of: job.requests[index]))
        case .details(let movieID):
            return .details(
                movieID: movieID, await api.result(of: TMDB.Details(movieID: movieID, language: job.language)))
        case .poster(let file, let client):
            return .poster(file: file, await download(file, from: client))
        }
    }

    private func answer(_ request: SetupRequest) async -> SetupAnswer {
        switch request {
        case .configuration: .configuration(await api.result(of: TMDB.Configuration()))
        case .genres(let mediaType): .genres(await api.result(of: TMDB.Genres(mediaType, language: job.language)))
        }
    }

    /// Answers a page from the cache when a resumed run already has it, else fetches it and stores it there. The
    /// store is one append to an open file, so it runs here rather than on the write queue.
    private func fetchPage(_ page: Int, of request: Job.ListRequest) async -> WorkResult.PageOutcome {
        let endpoint = request.source.request(page: page, language: job.language, region: job.region)
        if let body = pageCache.load(slug: request.slug, page: page), let cached = try? endpoint.decode(body) {
            return .cached(PageRows(cached, number: page, posters: posters?.store))
        }
        switch await endpoint.send(with: api) {
        case .failure(let error):
            return .failed(error)
        case .success(let (fetched, body)):
            do throws(OutputError) {
                try pageCache.store(body, slug: request.slug, page: page)
            } catch {
                return .notStored(error)
            }
            return .fetched(PageRows(fetched, number: page, posters: posters?.store))
        }
    }

    /// Downloads one poster and saves it; nil when the client was stopped before it sent the request.
    private func download(_ file: String, from client: APIClient) async -> PosterOutcome? {
        guard let posters else { preconditionFailure("a poster to fetch with posters off") }
        return await posters.fetch(file, from: client)
    }
}
