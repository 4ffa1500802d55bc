import Foundation
import HTTPClient

extension TMDB {
    /// `GET /movie/changes` or `/tv/changes`: the ids changed from `start` through `end`, at most 14 days apart (a
    /// longer window is answered 422).
    public struct Changes: Endpoint {
        public typealias Response = ChangesPage
        public var type: CatalogueType
        public var start: ExportDay
        public var end: ExportDay
        /// The 1-based page.
        public var page: Int

        /// The longest window TMDB serves: `end_date` at most 14 days after `start_date`.
        public static let maximumSpanDays = 14

        public init(type: CatalogueType, start: ExportDay, end: ExportDay, page: Int = 1) {
            self.type = type
            self.start = start
            self.end = end
            self.page = page
        }

        /// `movie/changes` or `tv/changes`.
        public var path: String { "\(type.rawValue)/changes" }
        /// `start_date`, `end_date` (`YYYY-MM-DD`) and `page`.
        public var queryItems: [URLQueryItem] {
            [
                URLQueryItem(name: "start_date", value: start.description),
                URLQueryItem(name: "end_date", value: end.description),
                URLQueryItem(name: "page", value: String(page)),
            ]
        }
    }
}
