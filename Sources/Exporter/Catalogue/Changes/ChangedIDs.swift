import HTTPClient
import RunStore
import TMDBAPI

/// The ids a change feed lists for a span of days, day by day (``ChangeFeedDays``): each day a window of its own, the
/// days read side by side through a ``WorkLoop``, each day's page 1 first and its other pages once page 1 says how
/// many.
///
/// A feed grows while it is read (changes keep arriving all day), so a later page that claims more pages than page 1
/// did is read on to, up to ``TMDB/maximumPage`` (TMDB serves no more of a query). A day whose answers claim more
/// than that, or answer another page than the one asked for, is read that far and no further, and named as cut
/// (``ChangeFeedCut``) for the night to report: so a feed claiming 10⁹ pages costs at most 500 requests a day, and
/// no day over the cap stops a night, nor the next one. A page that cannot be read stops the read.
struct ChangedIDs: Sendable {
    /// One answered page: its ids, and what cuts its day, if anything.
    struct Page: Sendable {
        var ids: [UInt32]
        var cut: ChangeFeedCut?
    }

    var api: APIClient
    /// Most feed pages asked for at once (the client's own limit still holds).
    var window: Int
    var controls: LoopControls
    /// Told of each page read, for the progress line.
    var onEvent: @Sendable (ExportEvent) -> Void = { _ in }

    /// Every id changed on each day from `first` through `last`, the pages read, and the days cut.
    /// - Throws: ``ExportError/setup(_:)`` with the first page's error when a page cannot be read (a feed read in
    ///   part cannot say what changed); what stops any run (credentials refused, a stop request, a stall).
    func collect(
        _ type: CatalogueType, from first: ExportDay, through last: ExportDay
    ) async throws(ExportError) -> ChangeFeedDays {
        let days = ChangeFeedDays.days(from: first, through: last)
        var schedule = PageListSchedule<Page>(
            days.map { _ in .unknown }, window: window, pageLimit: TMDB.maximumPage, policy: .stopReading,
            growth: .toLargestClaim)
        let api = api
        let loop: WorkLoop<PageListSchedule<Page>> = controls.loop { work in
            let day = days[work.query]
            switch await api.result(of: TMDB.Changes(type: type, start: day, end: day, page: work.page)) {
            case .success(let answer):
                let page = Page(
                    ids: answer.results.compactMap { UInt32(exactly: $0.id) },
                    cut: ChangeFeedCut.check(answer, asked: work.page, type: type, day: day))
                if case .page? = page.cut?.claim { return .last(work, page) }
                return .answered(work, page, totalPages: answer.totalPages)
            case .failure(let error):
                return .failed(work, error)
            }
        }
        var ids: [[UInt32]] = days.map { _ in [] }
        var cuts: [ChangeFeedCut?] = days.map { _ in nil }
        let feed = "\(type.rawValue)/changes"
        try await loop.run(&schedule) { page throws(ExportError) in
            ids[page.work.query] += page.answer.ids
            cuts[page.work.query] = cuts[page.work.query] ?? page.answer.cut
            onEvent(.changeFeedPageRead(feed: feed, page: page.work.page))
        }
        try schedule.checkNotStopped()
        if let failure = schedule.failed.first { throw .setup(failure) }
        for day in ids.indices {
            ids[day].sort()
            ids[day].removeRepeatsOfSorted()
        }
        return ChangeFeedDays(days: days, ids: ids, pages: schedule.answered, cuts: cuts.compactMap { $0 })
    }
}
