/// The change feed of one media type on one day: every id born, dead, turned adult or edited that day, once, in an
/// order shuffled by the day (TMDB's feed is not in id order either).
struct DailyChanges: Sendable, Equatable {
    /// One line of the feed: `{"id":…,"adult":…}`.
    struct Entry: Sendable, Equatable {
        var id: Int
        /// The id's adult flag that day; nil (JSON `null`) for about one entry in ten, as the real feed sends.
        var adult: Bool?
    }

    var entries: [Entry]

    /// A day without changes.
    static let none = DailyChanges(entries: [])
}
