extension Job {
    /// How an incremental catalogue keeps the numbers TMDB's change feed does not announce (`vote_average`,
    /// `vote_count`; `popularity` always comes from the night's export) from going stale (`"refresh"` in a catalogue).
    public struct RefreshSettings: Sendable, Hashable {
        /// No row's details are older than this many days (UTC calendar days before the run's day): each night
        /// re-fetches the rows fetched longest ago, an even slice of ⌈ids / maxAgeDays⌉ at least. 0 turns the rolling
        /// re-fetch off.
        public var maxAgeDays: Int
        /// Each night, the votes of this many of the export's most popular ids are read again from discover pages
        /// (20 a request, up to TMDB's 500 pages); those the pages do not show are fetched whole. 0 turns it off.
        public var top: Int

        /// 30 days: a 1.3 million-id catalogue re-fetches about 43,000 ids a night (some 18 minutes at 40
        /// requests/s). 10,000: the 500 pages TMDB serves of one discover order.
        public static let defaultMaxAgeDays = 30
        public static let defaultTop = 10_000

        public init(maxAgeDays: Int = defaultMaxAgeDays, top: Int = defaultTop) {
            self.maxAgeDays = max(0, maxAgeDays)
            self.top = max(0, top)
        }
    }
}
