/// How the change feeds (`/3/movie/changes`, `/3/tv/changes`, `/3/person/changes`) lie about their pages, from
/// ``SandboxFaultPlan/changeFeedFault``: to test that a client's reading of a feed ends, checks what it is given, and
/// reads on when a feed grows. Each page's entries are still the window's own (empty past its end).
public enum ChangeFeedFault: Sendable, Hashable {
    /// Every page says the window has this many pages (`total_pages`, e.g. 1,000,000,000), and every page number
    /// from 1 up is answered (not only 1...500): a feed that, followed, never ends.
    case claimsPages(Int)
    /// Every request is answered with page 1 (its entries, `"page":1`), whatever page it asked for, claiming at least
    /// 2 pages: a server that ignores `page`.
    case ignoresPage
    /// Every page of a window of more than one day claims this many pages (e.g. 501) and every page from 1 up is
    /// answered; a one-day window answers as TMDB does: a busy stretch of days, each day of which fits.
    case windowsClaimPages(Int)
    /// Page 1 of every window claims this many pages fewer than the window has (at least 1); the later pages tell
    /// the truth: a feed that grew while it was read.
    case firstPageUnderstates(by: Int)
    /// Every page of a window that includes this day (`YYYY-MM-DD`) claims this many pages (e.g. 501) and every page
    /// from 1 up is answered; other windows answer as TMDB does: one day over TMDB's page cap (a bulk edit).
    case dayClaimsPages(String, Int)
    /// Page N says the window has N + 1 pages, and every page from 1 up is answered: a feed that, followed page by
    /// page, never ends.
    case claimsOneMorePage
}
