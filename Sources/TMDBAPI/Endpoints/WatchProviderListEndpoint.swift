import Foundation
import HTTPClient

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
    }
}
