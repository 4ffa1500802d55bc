import HTTPClient
import RunStore
import TMDBAPI

/// The ids a change feed lists for a span of days, sorted and unique (the feed repeats an id changed on several
/// days): its windows of at most 14 days read side by side through a ``WorkLoop``, each window's page 1 first and
/// its other pages once page 1 says how many.
///
/// Every feed has an end: a window is read to at most ``TMDB/maximumPage`` pages (TMDB serves no more of a query)
/// and never past what its page 1 claims; an answer that claims more than that cap, or that is not the page asked
/// for, stops the read (``ExportError/changeFeedOverrun(_:)``). So a feed claiming 10⁹ pages costs one request a
/// window, and none costs more than 500, not a night that never ends.
struct ChangedIDs: Sendable {
    var api: APIClient
    /// Most feed pages asked for at once (the client's own limit still holds).
    var window: Int
    var controls: LoopControls
    /// Told of each page read, for the progress line.
    var onEvent: @Sendable (ExportEvent) -> Void = { _ in }

    /// Every id changed from `first` through `last`, and how many pages were read.
    /// - Throws: ``ExportError/setup(_:)`` with the first page's error when a page cannot be read (a feed read in
    ///   part cannot say what changed); ``ExportError/changeFeedOverrun(_:)`` for an answer past the feed's bound or
    ///   of another page; what stops any run (credentials refused, a stop request, a stall).
    func collect(
        _ type: CatalogueType, from first: ExportDay, through last: ExportDay
    ) async throws(ExportError) -> (ids: [UInt32], pages: Int) {
        let windows = ChangeWindows.covering(from: first, through: last)
        var schedule = PageListSchedule<[UInt32]>(
            windows.map { _ in .unknown }, window: window, pageLimit: TMDB.maximumPage, policy: .stopReading)
        let api = api
        let loop: WorkLoop<PageListSchedule<[UInt32]>> = controls.loop { work in
            let window = windows[work.query]
            switch await api.result(
                of: TMDB.Changes(type: type, start: window.start, end: window.end, page: work.page))
            {
            case .success(let answer):
                if let overrun = ChangeFeedOverrun.check(
                    answer, asked: work.page, type: type, start: window.start, end: window.end)
                {
                    return .refused(work, .changeFeedOverrun(overrun))
                }
                return .answered(
                    work, answer.results.compactMap { UInt32(exactly: $0.id) }, totalPages: answer.totalPages)
            case .failure(let error):
                return .failed(work, error)
            }
        }
        var ids: [UInt32] = []
        let feed = "\(type.rawValue)/changes"
        try await loop.run(&schedule) { page throws(ExportError) in
            ids += page.answer
            onEvent(.changeFeedPageRead(feed: feed, page: page.work.page))
        }
        try schedule.checkNotStopped()
        if let failure = schedule.failed.first { throw .setup(failure) }
        ids.sort()
        ids.removeRepeatsOfSorted()
        return (ids, schedule.answered)
    }
}
