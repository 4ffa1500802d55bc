/// A discover filter on a date, `primary_release_date.gte`/`.lte` (movies) or `first_air_date.gte`/`.lte` (TV): the
/// days from `from` through `through` (`YYYY-MM-DD`), either end open. With a bound set, an undated item never
/// passes, as on TMDB.
struct DiscoverDateRange: Sendable, Hashable {
    var from: String?
    var through: String?

    init(from: String? = nil, through: String? = nil) {
        self.from = from
        self.through = through
    }

    /// Whether `date` (`YYYY-MM-DD`, or empty when unknown) is in the range.
    func contains(_ date: String) -> Bool {
        guard from != nil || through != nil else { return true }
        guard !date.isEmpty else { return false }
        if let from, date < from { return false }
        if let through, date > through { return false }
        return true
    }
}
