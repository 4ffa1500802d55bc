import Foundation
import HTTPClient
import JSON

extension TMDB {
    /// `GET /watch/providers/movie` or `GET /watch/providers/tv`: the services TMDB names for titles of the type, in
    /// every country. Fetched once a run, when a catalogue appends `watch/providers`.
    public struct WatchProviders: Endpoint {
        public typealias Response = WatchProviderList
        /// Movie or tv.
        public var type: CatalogueType
        /// The language of the names, e.g. `en-US`.
        public var language: String
        /// `watch/providers/movie` or `watch/providers/tv`.
        public var path: String { "watch/providers/\(type.rawValue)" }
        public var queryItems: [URLQueryItem] { [URLQueryItem(name: "language", value: language)] }

        public init(type: CatalogueType, language: String = "en-US") {
            self.type = type
            self.language = language
        }

        /// Decodes the list with its NUL and invalid Unicode repaired to U+FFFD and counted, as the catalogues'
        /// answers are: a service with a lone surrogate in its name stops nothing.
        public func decodeResponse(_ response: HTTPResponse) throws -> WatchProviderList {
            let repaired = response.body.withUnsafeBytes { JSONTextRepair.repair($0) }
            var list = try JSONDecoder().decode(
                WatchProviderList.self, from: repaired.map { Data($0.bytes) } ?? response.body)
            list.repairedStrings = repaired?.strings ?? 0
            return list
        }
    }
}
