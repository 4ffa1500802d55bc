import Foundation
import HTTPClient

extension TMDB {
    /// `GET /movie/{id}` or `GET /tv/{id}`, with sub-resources appended (`append_to_response`): one movie's or
    /// series' details. `Response` says what becomes of the answer: a ``MovieRecord`` for the lists' details rows, or
    /// the body as received (`Data`) for a catalogue, which keeps it verbatim beside the tables it reads it into
    /// (``MovieRecord/init(details:)``, ``SeriesRecord/init(details:)``).
    public struct Details<Response: DetailsAnswer>: Endpoint {
        /// Movie or series.
        public let type: CatalogueType
        /// The movie's or series' TMDB id.
        public let id: Int
        /// The sub-resources to append, in the order they are asked for.
        public let appending: [AppendedResource]
        /// The language of titles, overviews and names.
        public let language: String
        /// The image languages `images` keeps beyond `language`'s (`include_image_language`, ``ImageLanguages``);
        /// sent only when `images` is appended.
        public var includeImageLanguage: [String] = []

        /// `movie/<id>` or `tv/<id>`.
        public var path: String { "\(type.rawValue)/\(id)" }

        /// `append_to_response` (comma-joined, left out when nothing is appended; ``AppendedResource/episodes`` is
        /// fetched by ``SeasonBatch``), then `language`, then `include_image_language` when `images` is appended and
        /// it has any.
        public var queryItems: [URLQueryItem] {
            var items: [URLQueryItem] = []
            let names = appending.filter(\.isAppendedToDetails).map(\.rawValue)
            if !names.isEmpty {
                items.append(URLQueryItem(name: "append_to_response", value: names.joined(separator: ",")))
            }
            items.append(URLQueryItem(name: "language", value: language))
            if appending.contains(.images), !includeImageLanguage.isEmpty {
                items.append(
                    URLQueryItem(name: "include_image_language", value: includeImageLanguage.joined(separator: ",")))
            }
            return items
        }

        public func decodeResponse(_ response: HTTPResponse) throws -> Response {
            try Response(detailsBody: response.body)
        }
    }
}

extension TMDB.Details where Response == MovieRecord {
    /// A movie's details with nothing appended, read as a ``MovieRecord``.
    public init(movieID: Int, language: String = "en-US") {
        type = .movie
        id = movieID
        appending = []
        self.language = language
    }
}

extension TMDB.Details where Response == Data {
    /// A movie's or series' details with `appending` appended, the body kept as received.
    public init(
        type: CatalogueType, id: Int, appending: [AppendedResource] = [], language: String = "en-US",
        includeImageLanguage: [String] = []
    ) {
        self.type = type
        self.id = id
        self.appending = appending
        self.language = language
        self.includeImageLanguage = includeImageLanguage
    }
}

/// What the body of a details answer becomes. (`Decodable` only because an endpoint's response must be.)
public protocol DetailsAnswer: Decodable, Sendable {
    init(detailsBody body: Data) throws
}

extension Data: DetailsAnswer {
    /// The body, undecoded.
    public init(detailsBody body: Data) { self = body }
}

extension MovieRecord: DetailsAnswer {
    /// The body read with ``init(details:)``.
    public init(detailsBody body: Data) throws {
        self = try body.withUnsafeBytes { bytes throws(CatalogueRecordError) in try MovieRecord(details: bytes) }
    }

    /// Not decodable on its own: a record is read from a details answer's bytes.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "A MovieRecord is read by MovieRecord(details:), not decoded"))
    }
}
