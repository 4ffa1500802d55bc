import Foundation
import HTTPClient

extension TMDB {
    /// `GET /tv/{id}?append_to_response=season/0,season/1,…`: up to 20 of a series' seasons with their episodes, the
    /// way TMDB gives episodes without a request per season. The answer repeats the series' details, which are
    /// skipped; the body is kept as received and read with ``SeasonBatchRecord/init(answer:seasons:)``.
    public struct SeasonBatch: Endpoint {
        public typealias Response = Data

        /// The most items TMDB takes in one `append_to_response`.
        public static let maxSeasons = 20

        /// The series' TMDB id.
        public let seriesID: Int
        /// The season numbers asked for, at most ``maxSeasons``, in the order the details list them.
        public let seasons: [Int]
        /// The language of names and overviews.
        public let language: String

        public init(seriesID: Int, seasons: [Int], language: String = "en-US") {
            precondition(!seasons.isEmpty && seasons.count <= Self.maxSeasons, "1 to 20 seasons a request")
            self.seriesID = seriesID
            self.seasons = seasons
            self.language = language
        }

        /// The requests that fetch `seasons`, 20 at a time in their order: a series costs ⌈seasons / 20⌉ of them
        /// after its details.
        public static func batches(seriesID: Int, seasons: [Int], language: String) -> [SeasonBatch] {
            stride(from: 0, to: seasons.count, by: maxSeasons).map { start in
                SeasonBatch(
                    seriesID: seriesID, seasons: Array(seasons[start..<min(start + maxSeasons, seasons.count)]),
                    language: language)
            }
        }

        /// How many requests `seasonCount` seasons take.
        public static func requests(seasonCount: Int) -> Int { (seasonCount + maxSeasons - 1) / maxSeasons }

        public var path: String { "tv/\(seriesID)" }

        public var queryItems: [URLQueryItem] {
            [
                URLQueryItem(
                    name: "append_to_response", value: seasons.map { "season/\($0)" }.joined(separator: ",")),
                URLQueryItem(name: "language", value: language),
            ]
        }

        public func decodeResponse(_ response: HTTPResponse) throws -> Data { response.body }
    }
}
