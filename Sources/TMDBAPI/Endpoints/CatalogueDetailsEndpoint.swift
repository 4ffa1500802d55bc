import Foundation
import HTTPClient

extension TMDB {
    /// `GET /movie/{id}` or `GET /tv/{id}` with sub-resources appended (`append_to_response`): one catalogue record.
    /// The answer is kept as received, so that it can be written verbatim beside the tables it is decoded into
    /// (``MovieRecord/init(details:)``, ``SeriesRecord/init(details:)``).
    public struct CatalogueDetails: Endpoint {
        /// The body as received.
        public typealias Response = Data
        /// Movie or series.
        public var type: CatalogueType
        /// The movie's or series' TMDB id.
        public var id: Int
        /// The sub-resources to append, in the order they are asked for.
        public var appending: [AppendedResource]
        /// The language of titles, overviews and names.
        public var language: String

        /// Creates the endpoint.
        public init(type: CatalogueType, id: Int, appending: [AppendedResource] = [], language: String = "en-US") {
            self.type = type
            self.id = id
            self.appending = appending
            self.language = language
        }

        /// `movie/<id>` or `tv/<id>`.
        public var path: String { "\(type.rawValue)/\(id)" }

        /// `append_to_response` (comma-joined, left out when nothing is appended), then `language`.
        public var queryItems: [URLQueryItem] {
            var items: [URLQueryItem] = []
            if !appending.isEmpty {
                items.append(
                    URLQueryItem(name: "append_to_response", value: appending.map(\.rawValue).joined(separator: ",")))
            }
            items.append(URLQueryItem(name: "language", value: language))
            return items
        }

        /// The body, undecoded.
        public func decodeResponse(_ response: HTTPResponse) throws -> Data { response.body }
    }
}
