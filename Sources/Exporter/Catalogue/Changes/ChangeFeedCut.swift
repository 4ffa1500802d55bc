import TMDBAPI

/// Why one day of a change feed was read short (*cut*): an answer claims more pages than TMDB serves a query, or is
/// another page than the one asked for. The night goes on without the pages not read (their ids wait for the rolling
/// refresh, `refresh.maxAgeDays`) and names the day in a warning, the manifest and the metrics.
///
/// An answer of another page cuts the day too, rather than stop the night: the day's pages then have no order to
/// trust, and the same day answers the same way the next night, so stopping would stop every later night (a chain
/// stuck until someone runs `--full`), while a cut costs only the ids of the pages not read, which the refresh
/// fetches within `maxAgeDays`. A page that fails (HTTP errors after retries) is not a cut: it still stops the night.
struct ChangeFeedCut: Sendable, Hashable, CustomStringConvertible {
    enum Claim: Sendable, Hashable {
        /// The answer says the day has this many pages, more than ``ChangeFeedCut/bound``: read to the bound.
        case totalPages(Int)
        /// The answer is this page, not the one asked for: no page after it is read.
        case page(Int)
    }

    var type: CatalogueType
    var day: ExportDay
    /// The page asked for (1-based).
    var asked: Int
    var claim: Claim
    /// The most pages a day is read to: TMDB's page cap.
    var bound: Int = TMDB.maximumPage

    /// What cuts the day in `answer` to a request for its page `asked`, if anything: nil when the answer is the page
    /// asked for and claims at most `bound` pages.
    static func check(
        _ answer: ChangesPage, asked: Int, type: CatalogueType, day: ExportDay, bound: Int = TMDB.maximumPage
    ) -> ChangeFeedCut? {
        let claim: Claim
        if answer.page != asked {
            claim = .page(answer.page)
        } else if answer.totalPages > bound {
            claim = .totalPages(answer.totalPages)
        } else {
            return nil
        }
        return ChangeFeedCut(type: type, day: day, asked: asked, claim: claim, bound: bound)
    }

    /// Names the feed and its day, what the answer claimed, and how far the day was read.
    var description: String {
        let feed = "the \(type.rawValue) change feed of \(day)"
        switch claim {
        case .totalPages(let pages):
            return "\(feed) claims \(pages) pages (page \(asked) of it), more than TMDB serves: read to page \(bound)"
        case .page(let page):
            return "\(feed) answered page \(page) when page \(asked) was asked for: read no further"
        }
    }
}
