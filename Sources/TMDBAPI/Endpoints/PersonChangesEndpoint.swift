import Foundation
import HTTPClient

extension TMDB {
    /// `GET /person/changes`: the people changed from `start` through `end`, at most
    /// ``Changes/maximumSpanDays`` apart, paged as the movie and series feeds are. Whether TMDB lists a person whose
    /// credits changed only because a title's credits did is not documented: a night must not rely on it.
    public struct PersonChanges: Endpoint {
        public typealias Response = ChangesPage
        public var start: ExportDay
        public var end: ExportDay
        /// The 1-based page.
        public var page: Int

        public init(start: ExportDay, end: ExportDay, page: Int = 1) {
            self.start = start
            self.end = end
            self.page = page
        }

        /// `person/changes`.
        public var path: String { "person/changes" }
        /// `start_date`, `end_date` (`YYYY-MM-DD`) and `page`, as ``Changes`` sends them.
        public var queryItems: [URLQueryItem] {
            [
                URLQueryItem(name: "start_date", value: start.description),
                URLQueryItem(name: "end_date", value: end.description),
                URLQueryItem(name: "page", value: String(page)),
            ]
        }
    }
}
