/// The query of `/3/movie/changes` and `/3/tv/changes`: `start_date` and `end_date` (`YYYY-MM-DD`; by default the
/// day before `today` and `today`, TMDB's "past 24 hours") and `page` (1 when absent). An empty value counts as
/// absent.
struct ChangeFeedWindow: Equatable {
    /// What makes TMDB refuse the query.
    enum Invalid: Error, Equatable {
        /// A date that is not `YYYY-MM-DD`: 400, status_code 23.
        case date
        /// An end before the start, or more than ``maximumSpanDays`` after it: 422, status_code 20.
        case range
        /// A page that is not an integer in 1...500: 400, status_code 22.
        case page
    }

    /// The longest window: `end_date` at most 14 days after `start_date`.
    static let maximumSpanDays = 14

    var start: ExportDay
    var end: ExportDay
    var page: Int

    /// - Parameter anyPage: take every page from 1 up, not only 1...500 (a ``ChangeFeedFault``).
    init(_ target: RequestTarget, today: ExportDay, anyPage: Bool = false) throws(Invalid) {
        let text = Self.value(target, "page")
        let lenient = anyPage ? (text.map { Int($0) ?? 0 } ?? 1) : nil
        guard let page = lenient.flatMap({ $0 >= 1 ? $0 : nil }) ?? MovieListPage.pageNumber(text) else {
            throw .page
        }
        let end = try Self.day(target, "end_date") ?? today
        let start = try Self.day(target, "start_date") ?? end.adding(days: -1)
        guard start <= end, end.daysSinceEpoch - start.daysSinceEpoch <= Self.maximumSpanDays else { throw .range }
        self.start = start
        self.end = end
        self.page = page
    }

    /// The days of the window up to `today`, oldest first.
    func days(upTo today: ExportDay) -> [ExportDay] {
        guard start <= today else { return [] }
        return (start.daysSinceEpoch...min(end, today).daysSinceEpoch).map(ExportDay.init(daysSinceEpoch:))
    }

    private static func day(_ target: RequestTarget, _ name: String) throws(Invalid) -> ExportDay? {
        guard let text = value(target, name) else { return nil }
        guard let day = ExportDay(isoDate: text) else { throw .date }
        return day
    }

    private static func value(_ target: RequestTarget, _ name: String) -> String? {
        guard let value = target.queryValue(name), !value.isEmpty else { return nil }
        return value
    }
}
