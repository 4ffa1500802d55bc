import Foundation
import HTTPClient

extension TMDB {
    /// `GET /person/{id}`, with `combined_credits` and `external_ids` appended (`append_to_response`): one person's
    /// details, the body kept as received beside the tables read from it (``PersonRecord/init(details:)``).
    public struct PersonDetails: Endpoint {
        public typealias Response = Data

        /// The person's TMDB id.
        public let id: Int
        /// The sub-resources to append, in the order they are asked for (of ``AppendedResource/supportedByPeople``).
        public let appending: [AppendedResource]
        /// The language of the biography and the credits' titles.
        public let language: String

        public init(id: Int, appending: [AppendedResource] = [], language: String = "en-US") {
            self.id = id
            self.appending = appending
            self.language = language
        }

        /// `person/<id>`.
        public var path: String { "person/\(id)" }

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
