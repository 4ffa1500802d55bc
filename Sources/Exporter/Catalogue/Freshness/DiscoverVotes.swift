import Foundation
import HTTPClient
import RunStore
import TMDBAPI

/// A list item that carries votes: discover's movies and series.
protocol VotedItem: ListItem {
    var voteAverage: Double? { get }
    var voteCount: Int? { get }
}

extension Movie: VotedItem {}
extension TVShow: VotedItem {}

/// Reads the votes of the most popular ids from discover pages (`sort_by=popularity.desc`), 20 ids a request against
/// one details request an id: TMDB's change feed never announces votes, so this is how a carried-over row's
/// `vote_average` and `vote_count` stay current.
struct DiscoverVotes {
    let api: APIClient
    let language: String
    /// Most pages asked for at once (the client's own limit still holds).
    let window: Int
    /// When an answer arrived, for `votes_at`.
    let answeredAt: @Sendable () -> Date

    /// What the pages gave.
    struct Outcome: Sendable {
        var votes: RefreshedVotes
        /// Pages answered.
        var pages: Int
        /// Pages that failed after the client's retries: their ids fall back to details.
        var failedPages: Int
    }

    /// Pages TMDB serves of one order.
    static let pageLimit = 500
    static let itemsPerPage = 20

    /// The pages that cover the `top` most popular ids: one order's pages up to TMDB's 500, in date windows
    /// beyond (``DiscoverWindows``), give or take a page a window.
    static func pages(covering top: Int) -> Int {
        (top + itemsPerPage - 1) / itemsPerPage
    }

    /// Reads pages 1 through `query.pages` of each query (fewer when one has fewer) of `type`'s discover by
    /// popularity, keeping the votes of `wanted` ids (ascending).
    /// - Throws: only what must stop the run (credentials refused, cancelled); a page that fails is counted.
    func read(
        _ type: CatalogueType, queries: [DiscoverQuery], adult: Bool, wanted: [UInt32]
    ) async throws(ExportError) -> Outcome {
        let common = [
            URLQueryItem(name: "sort_by", value: "popularity.desc"),
            URLQueryItem(name: "include_adult", value: adult ? "true" : "false"),
        ]
        var outcome = Outcome(votes: RefreshedVotes(), pages: 0, failedPages: 0)
        // Every page of every query, in order; a query's first answer may say it has fewer pages.
        let pages = queries.indices.flatMap { query in (1...max(1, queries[query].pages)).map { (query, $0) } }
        var last = queries.map(\.pages)
        var next = 0
        let api = api
        let language = language
        let answeredAt = answeredAt
        let stop: ExportError? = await withTaskGroup(of: PageResult.self) { group in
            func addNext() {
                while next < pages.count, pages[next].1 > last[pages[next].0] { next += 1 }
                guard next < pages.count else { return }
                let (query, page) = pages[next]
                next += 1
                let parameters = common + queries[query].dateParameters(type)
                group.addTask {
                    switch type {
                    case .movie:
                        await Self.page(
                            TMDB.Discover<Movie>(parameters: parameters, page: page, language: language), query: query,
                            api: api, answeredAt: answeredAt)
                    case .tv:
                        await Self.page(
                            TMDB.Discover<TVShow>(parameters: parameters, page: page, language: language),
                            query: query, api: api, answeredAt: answeredAt)
                    }
                }
            }
            for _ in 0..<window { addNext() }
            var stop: ExportError?
            for await result in group {
                switch result {
                case .items(let items, let query, let totalPages, let at):
                    outcome.pages += 1
                    last[query] = min(last[query], totalPages)
                    for item in items where wanted.sortedIndex(of: item.id) != nil {
                        outcome.votes.append(
                            id: item.id, voteAverage: item.voteAverage, voteCount: item.voteCount, votesAt: at)
                    }
                case .failed:
                    outcome.failedPages += 1
                case .stop(let error):
                    stop = stop ?? error
                    group.cancelAll()
                }
                if stop == nil { addNext() }
            }
            return stop
        }
        if let stop { throw stop }
        outcome.votes = outcome.votes.sorted()
        return outcome
    }

    private enum PageResult: Sendable {
        case items([(id: UInt32, voteAverage: Double?, voteCount: Int?)], query: Int, totalPages: Int, at: String)
        case failed
        case stop(ExportError)
    }

    private static func page<Item: VotedItem>(
        _ endpoint: TMDB.Discover<Item>, query: Int, api: APIClient, answeredAt: @Sendable () -> Date
    ) async -> PageResult {
        switch await api.result(of: endpoint) {
        case .success(let page):
            let at = UTCTime(answeredAt()).iso8601
            let items = page.results.items.compactMap { entry in
                let item = entry.value
                return
                    UInt32(exactly: item.id).map { (id: $0, voteAverage: item.voteAverage, voteCount: item.voteCount) }
            }
            return .items(items, query: query, totalPages: page.totalPages, at: at)
        case .failure(let error):
            if case .stopRun(let stop) = FailureDisposition(error) { return .stop(stop) }
            return .failed
        }
    }
}
