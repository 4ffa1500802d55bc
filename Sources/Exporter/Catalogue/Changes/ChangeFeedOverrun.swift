import TMDBAPI

/// An answer of a change feed that no window of it can give: more pages than TMDB serves a query, or another page
/// than the one asked for. Either way the feed has no end the reader can trust, so the read stops there rather than
/// page on (a feed claiming 10⁹ pages, or one more page with every answer, would otherwise hold the run for ever).
public struct ChangeFeedOverrun: Sendable, Hashable, CustomStringConvertible {
    public enum Claim: Sendable, Hashable {
        /// The answer says the window has this many pages, more than ``ChangeFeedOverrun/bound``.
        case totalPages(Int)
        /// The answer is this page, not the one asked for.
        case page(Int)
    }

    var type: CatalogueType
    var start: ExportDay
    var end: ExportDay
    /// The page asked for (1-based).
    var asked: Int
    var claim: Claim
    /// The most pages a window may have: TMDB's page cap.
    var bound: Int = TMDB.maximumPage

    /// What is wrong with `answer` to a request for page `asked` of the window, if anything: nil when the answer is
    /// the page asked for and claims at most `bound` pages.
    static func check(
        _ answer: ChangesPage, asked: Int, type: CatalogueType, start: ExportDay, end: ExportDay,
        bound: Int = TMDB.maximumPage
    ) -> ChangeFeedOverrun? {
        let claim: Claim
        if answer.page != asked {
            claim = .page(answer.page)
        } else if answer.totalPages > bound {
            claim = .totalPages(answer.totalPages)
        } else {
            return nil
        }
        return ChangeFeedOverrun(type: type, start: start, end: end, asked: asked, claim: claim, bound: bound)
    }

    /// Names the feed, its window and the page asked for, what the answer claimed and the bound.
    public var description: String {
        let feed = "the \(type.rawValue) change feed \(start)…\(end)"
        switch claim {
        case .totalPages(let pages):
            return "\(feed) claims \(pages) pages (page \(asked) of it); a window holds at most \(bound) "
                + "(TMDB's page cap)"
        case .page(let page):
            return "\(feed) answered page \(page) when page \(asked) was asked for"
        }
    }
}
