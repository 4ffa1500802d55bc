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
    /// The run's stop request, stall limit and clock.
    let controls: LoopControls

    /// What the pages gave.
    struct Outcome: Sendable {
        var votes: RefreshedVotes
        /// Pages answered.
        var pages: Int
        /// Pages that failed after the client's retries: their ids fall back to details.
        var failedPages: Int
    }

    /// Pages TMDB serves of one order.
    static let pageLimit = TMDB.maximumPage
    static let itemsPerPage = 20

    /// The pages that cover the `top` most popular ids: one order's pages up to TMDB's 500, in date windows
    /// beyond (``DiscoverWindows``), give or take a page a window.
    static func pages(covering top: Int) -> Int {
        (top + itemsPerPage - 1) / itemsPerPage
    }

    /// Reads pages 1 through `query.pages` of each query (fewer when one has fewer) of `type`'s discover by
    /// popularity, keeping the votes of `wanted` ids (ascending), through a ``WorkLoop`` window.
    /// - Throws: only what must stop the run (credentials refused, a stop request, a stall); a page that fails is
    ///   counted.
    func read(
        _ type: VotedType, queries: [DiscoverQuery], adult: Bool, wanted: [UInt32]
    ) async throws(ExportError) -> Outcome {
        let common = [
            URLQueryItem(name: "sort_by", value: "popularity.desc"),
            URLQueryItem(name: "include_adult", value: adult ? "true" : "false"),
        ]
        var schedule = PageListSchedule<PageVotes>(
            queries.map { .planned($0.pages) }, window: window, pageLimit: Self.pageLimit, policy: .count)
        let (api, language, answeredAt) = (api, language, answeredAt)
        let loop: WorkLoop<PageListSchedule<PageVotes>> = controls.loop { work in
            let parameters = common + queries[work.query].dateParameters(type)
            return switch type {
            case .movie:
                await Self.page(
                    TMDB.Discover<Movie>(parameters: parameters, page: work.page, language: language), work,
                    api: api, answeredAt: answeredAt)
            case .tv:
                await Self.page(
                    TMDB.Discover<TVShow>(parameters: parameters, page: work.page, language: language), work,
                    api: api, answeredAt: answeredAt)
            }
        }
        var votes = RefreshedVotes()
        try await loop.run(&schedule) { page throws(ExportError) in
            for item in page.answer.items where wanted.sortedIndex(of: item.id) != nil {
                votes.append(
                    id: item.id, voteAverage: item.voteAverage, voteCount: item.voteCount, votesAt: page.answer.at)
            }
        }
        try schedule.checkNotStopped()
        return Outcome(votes: votes.sorted(), pages: schedule.answered, failedPages: schedule.failed.count)
    }

    /// What one page gave: its items' votes, and when it arrived.
    struct PageVotes: Sendable {
        var items: [(id: UInt32, voteAverage: Double?, voteCount: Int?)]
        var at: String
    }

    private static func page<Item: VotedItem>(
        _ endpoint: TMDB.Discover<Item>, _ work: PageListSchedule<PageVotes>.Work, api: APIClient,
        answeredAt: @Sendable () -> Date
    ) async -> PageListSchedule<PageVotes>.Result {
        switch await api.result(of: endpoint) {
        case .success(let page):
            let at = UTCTime(answeredAt()).iso8601
            let items = page.results.items.compactMap { entry in
                let item = entry.value
                return
                    UInt32(exactly: item.id).map { (id: $0, voteAverage: item.voteAverage, voteCount: item.voteCount) }
            }
            return .answered(work, PageVotes(items: items, at: at), totalPages: page.totalPages)
        case .failure(let error):
            return .failed(work, error)
        }
    }
}
