/// How the change feeds (`/3/movie/changes`, `/3/tv/changes`) lie about their pages, from
/// ``SandboxOptions/changeFeedFault``: to test that a client's reading of a feed ends, and checks what it is given.
public enum ChangeFeedFault: Sendable, Hashable {
    /// Every page says the window has this many pages (`total_pages`, e.g. 1,000,000,000), and every page number
    /// from 1 up is answered (not only 1...500): a feed that, followed, never ends.
    case claimsPages(Int)
    /// Every request is answered with page 1 (its entries, `"page":1`), whatever page it asked for, claiming at least
    /// 2 pages: a server that ignores `page`.
    case ignoresPage
}
