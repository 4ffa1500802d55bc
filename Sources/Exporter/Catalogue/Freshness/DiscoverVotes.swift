import Foundation
import HTTPClient
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

    /// The pages that cover the `top` most popular ids, as far as TMDB serves them.
    static func pages(covering top: Int) -> Int {
        min(pageLimit, (top + itemsPerPage - 1) / itemsPerPage)
    }

    /// Reads pages 1 through `pages` of `type`'s discover by popularity (fewer when it has fewer), keeping the votes
    /// of `wanted` ids (ascending).
    /// - Throws: only what must stop the run (credentials refused, cancelled); a page that fails is counted.
    func read(
        _ type: CatalogueType, pages: Int, adult: Bool, wanted: [UInt32]
    ) async throws(ExportError) -> Outcome {
        let parameters = [
            URLQueryItem(name: "sort_by", value: "popularity.desc"),
            URLQueryItem(name: "include_adult", value: adult ? "true" : "false"),
        ]
        var outcome = Outcome(votes: RefreshedVotes(), pages: 0, failedPages: 0)
        var last = pages
        var next = 1
        let api = api
        let language = language
        let answeredAt = answeredAt
        let stop: ExportError? = await withTaskGroup(of: PageResult.self) { group in
            func add(_ page: Int) {
                group.addTask {
                    switch type {
                    case .movie:
                        await Self.page(
                            TMDB.Discover<Movie>(parameters: parameters, page: page, language: language), api: api,
                            answeredAt: answeredAt)
                    case .tv:
                        await Self.page(
                            TMDB.Discover<TVShow>(parameters: parameters, page: page, language: language), api: api,
                            answeredAt: answeredAt)
                    }
                }
            }
            while next <= min(last, window) {
                add(next)
                next += 1
            }
            var stop: ExportError?
            for await result in group {
                switch result {
                case .items(let items, let totalPages, let at):
                    outcome.pages += 1
                    last = min(last, totalPages)
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
                if stop == nil, next <= last {
                    add(next)
                    next += 1
                }
            }
            return stop
        }
        if let stop { throw stop }
        outcome.votes = outcome.votes.sorted()
        return outcome
    }

    private enum PageResult: Sendable {
        case items([(id: UInt32, voteAverage: Double?, voteCount: Int?)], totalPages: Int, at: String)
        case failed
        case stop(ExportError)
    }

    private static func page<Item: VotedItem>(
        _ endpoint: TMDB.Discover<Item>, api: APIClient, answeredAt: @Sendable () -> Date
    ) async -> PageResult {
        switch await api.result(of: endpoint) {
        case .success(let page):
            let at = UTCTime(answeredAt()).iso8601
            let items = page.results.items.compactMap { entry in
                let item = entry.value
                return
                    UInt32(exactly: item.id).map { (id: $0, voteAverage: item.voteAverage, voteCount: item.voteCount) }
            }
            return .items(items, totalPages: page.totalPages, at: at)
        case .failure(let error):
            if case .stopRun(let stop) = FailureDisposition(error) { return .stop(stop) }
            return .failed
        }
    }
}
