import Foundation
import HTTPClient

@testable import TMDBAPI

/// How `JSONDecoder` reads a list page: every item with `Decodable`, an item that fails skipped and explained, the
/// field named from its `DecodingError` or, for `JSONDecoder`'s own errors, which carry no coding path, from the key
/// it was reading. This was the exporter's fallback for pages the scanner declined; it is kept here, outside the
/// product, as the independent reading that ``ResultsPage/decode(_:)`` is held to.
enum JSONDecoderReference {
    /// `body` as `JSONDecoder` reads it, with the rejected items' field and reason (no text, no id).
    static func page<Item: ReferenceReadable>(_ type: ResultsPage<Item>.Type, from body: Data) throws -> ResultsPage<
        Item
    > {
        let decoded = try JSONDecoder().decode(ReferencePage<Item.Reference>.self, from: body)
        var page = ResultsPage<Item>(
            page: decoded.page, results: [], totalPages: decoded.totalPages, totalResults: decoded.totalResults,
            dates: decoded.dates.map { .init(minimum: $0.minimum, maximum: $0.maximum) })
        page.results.items = decoded.results.items.map { .init(position: $0.position, value: $0.value.model) }
        page.results.skipped = decoded.results.skipped
        return page
    }

    /// One item as `JSONDecoder` reads it, or nil if it does not.
    static func item<Item: ReferenceReadable>(_ type: Item.Type, from text: Data) -> Item? {
        (try? JSONDecoder().decode(Item.Reference.self, from: text))?.model
    }
}

/// A list model with a `Decodable` reading of its own.
protocol ReferenceReadable: ListItem {
    associatedtype Reference: ReferenceItem where Reference.Model == Self
}

/// A list item as `JSONDecoder` reads it.
protocol ReferenceItem: Decodable, Sendable {
    associatedtype Model
    var model: Model { get }
}

extension Movie: ReferenceReadable {
    typealias Reference = ReferenceMovie
}

extension TVShow: ReferenceReadable {
    typealias Reference = ReferenceShow
}

/// `null`, a missing key and `""` read as nil where the model says so; `id` and `title` required.
struct ReferenceMovie: ReferenceItem {
    var model: Movie

    enum CodingKeys: String, CodingKey {
        case id, title, overview, popularity, adult, video
        case mediaType = "media_type"
        case originalTitle = "original_title"
        case originalLanguage = "original_language"
        case releaseDate = "release_date"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case genreIDs = "genre_ids"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        model = Movie(
            id: try container.decode(Int.self, forKey: .id),
            title: try container.decode(String.self, forKey: .title),
            originalTitle: try container.decodeIfPresent(String.self, forKey: .originalTitle),
            originalLanguage: try container.decodeIfPresent(String.self, forKey: .originalLanguage),
            releaseDate: try container.decodeIfPresent(String.self, forKey: .releaseDate)?.nonEmpty,
            voteAverage: try container.decodeIfPresent(Double.self, forKey: .voteAverage),
            voteCount: try container.decodeIfPresent(Int.self, forKey: .voteCount),
            popularity: try container.decodeIfPresent(Double.self, forKey: .popularity),
            genreIDs: try container.decodeIfPresent([Int].self, forKey: .genreIDs) ?? [],
            adult: try container.decodeIfPresent(Bool.self, forKey: .adult) ?? false,
            overview: try container.decodeIfPresent(String.self, forKey: .overview),
            posterPath: try container.decodeIfPresent(String.self, forKey: .posterPath)?.nonEmpty,
            backdropPath: try container.decodeIfPresent(String.self, forKey: .backdropPath)?.nonEmpty,
            video: try container.decodeIfPresent(Bool.self, forKey: .video),
            mediaType: try container.decodeIfPresent(String.self, forKey: .mediaType))
    }
}

/// Like ``ReferenceMovie``, with `id` and `name` required.
struct ReferenceShow: ReferenceItem {
    var model: TVShow

    enum CodingKeys: String, CodingKey {
        case id, name, overview, popularity, adult
        case mediaType = "media_type"
        case originalName = "original_name"
        case originalLanguage = "original_language"
        case firstAirDate = "first_air_date"
        case originCountry = "origin_country"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case genreIDs = "genre_ids"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        model = TVShow(
            id: try container.decode(Int.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            originalName: try container.decodeIfPresent(String.self, forKey: .originalName),
            originalLanguage: try container.decodeIfPresent(String.self, forKey: .originalLanguage),
            firstAirDate: try container.decodeIfPresent(String.self, forKey: .firstAirDate)?.nonEmpty,
            originCountry: try container.decodeIfPresent([String].self, forKey: .originCountry) ?? [],
            voteAverage: try container.decodeIfPresent(Double.self, forKey: .voteAverage),
            voteCount: try container.decodeIfPresent(Int.self, forKey: .voteCount),
            popularity: try container.decodeIfPresent(Double.self, forKey: .popularity),
            genreIDs: try container.decodeIfPresent([Int].self, forKey: .genreIDs) ?? [],
            adult: try container.decodeIfPresent(Bool.self, forKey: .adult) ?? false,
            overview: try container.decodeIfPresent(String.self, forKey: .overview),
            posterPath: try container.decodeIfPresent(String.self, forKey: .posterPath)?.nonEmpty,
            backdropPath: try container.decodeIfPresent(String.self, forKey: .backdropPath)?.nonEmpty,
            mediaType: try container.decodeIfPresent(String.self, forKey: .mediaType))
    }
}

/// A page: `page` and `results` required, the totals defaulted, `dates` nil when it does not decode.
struct ReferencePage<Item: ReferenceItem>: Decodable {
    struct Dates: Decodable {
        var maximum: String?
        var minimum: String?
    }

    var page: Int
    var results: ReferenceList<Item>
    var totalPages: Int
    var totalResults: Int
    var dates: Dates?

    enum CodingKeys: String, CodingKey {
        case page, results, dates
        case totalPages = "total_pages"
        case totalResults = "total_results"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.decode(Int.self, forKey: .page)
        results = try container.decode(ReferenceList<Item>.self, forKey: .results)
        totalPages = try container.decodeIfPresent(Int.self, forKey: .totalPages) ?? page
        totalResults = try container.decodeIfPresent(Int.self, forKey: .totalResults) ?? results.items.count
        dates = try? container.decodeIfPresent(Dates.self, forKey: .dates)
    }
}

/// An array read element by element: an element that fails is recorded with its field and reason, and skipped.
struct ReferenceList<Element: Decodable & Sendable>: Decodable {
    var items: [(position: Int, value: Element)] = []
    var skipped: [RejectedItem] = []

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var position = 0
        while !container.isAtEnd {
            do {
                items.append((position, try container.decode(Element.self)))
            } catch let error as DecodingError {
                skipped.append(RejectedItem(position: position, error, elementDepth: decoder.codingPath.count + 1))
                // A failed decode does not advance the container; consume the element as anything.
                _ = try? container.decode(Discarded.self)
            } catch {
                // JSONDecoder's own errors (a number that no Swift type of the field can hold) carry no coding path:
                // decoding the element again through a decoder that notes the keys asked for names the field.
                let probe = try? container.decode(KeyProbe<Element>.self)
                if probe == nil { _ = try? container.decode(Discarded.self) }
                skipped.append(
                    RejectedItem(
                        position: position, field: probe?.key,
                        reason: probe?.type.map { "cannot be read as \($0)" } ?? "\(error)"))
            }
            position += 1
        }
    }
}

extension RejectedItem {
    /// The rejection `error` describes, its field relative to the element, which sits `elementDepth` keys deep.
    fileprivate init(position: Int, _ error: DecodingError, elementDepth: Int) {
        var path: [any CodingKey] = []
        var reason: String
        switch error {
        case .typeMismatch(let type, let context):
            path = context.codingPath
            reason = "expected \(type)"
        case .valueNotFound(let type, let context):
            path = context.codingPath
            reason = "expected \(type), found null"
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
            reason = "missing"
        case .dataCorrupted(let context):
            path = context.codingPath
            reason = context.debugDescription
        @unknown default:
            reason = "\(error)"
        }
        let relative = Array(path.dropFirst(elementDepth))
        guard !relative.isEmpty else {
            // The element itself is wrong: a number, a string, null or an array where an object belongs.
            switch error {
            case .typeMismatch, .valueNotFound: reason = "not an object"
            default: break
            }
            self.init(position: position, field: nil, reason: reason)
            return
        }
        self.init(position: position, field: DecodingErrorDescription.path(relative), reason: reason)
    }
}

/// Decodes and ignores any JSON value.
private struct Discarded: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// Decodes an `Element` through a decoder that notes each key its keyed containers are asked for, and keeps the
/// last key and type asked for when decoding failed. Never throws, so decoding it consumes the element.
private struct KeyProbe<Element: Decodable>: Decodable {
    var key: String?
    var type: String?

    init(from decoder: any Decoder) {
        let log = KeyLog()
        do {
            _ = try Element(from: KeyRecordingDecoder(inner: decoder, log: log))
        } catch {
            key = log.key
            type = log.type
        }
    }
}

/// What a ``KeyRecordingDecoder`` saw last; a class, because containers are copied.
private final class KeyLog {
    var key: String?
    var type: String?

    func note(_ key: some CodingKey, _ type: Any.Type?) {
        self.key = key.stringValue
        self.type = type.map { "\($0)" }
    }
}

private struct KeyRecordingDecoder: Decoder {
    let inner: any Decoder
    let log: KeyLog

    var codingPath: [any CodingKey] { inner.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { inner.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyRecordingContainer(inner: try inner.container(keyedBy: type), log: log))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try inner.unkeyedContainer() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { try inner.singleValueContainer() }
}

private struct KeyRecordingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let inner: KeyedDecodingContainer<Key>
    let log: KeyLog

    var codingPath: [any CodingKey] { inner.codingPath }
    var allKeys: [Key] { inner.allKeys }
    func contains(_ key: Key) -> Bool { inner.contains(key) }

    func decodeNil(forKey key: Key) throws -> Bool {
        log.note(key, nil)
        return try inner.decodeNil(forKey: key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        log.note(key, type)
        return try inner.decode(type, forKey: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try noted(key) { try inner.decode(type, forKey: $0) }
    }

    private func noted<T>(_ key: Key, _ read: (Key) throws -> T) throws -> T {
        log.note(key, T.self)
        return try read(key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        log.note(key, nil)
        return try inner.nestedContainer(keyedBy: type, forKey: key)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        log.note(key, nil)
        return try inner.nestedUnkeyedContainer(forKey: key)
    }

    func superDecoder() throws -> any Decoder { try inner.superDecoder() }
    func superDecoder(forKey key: Key) throws -> any Decoder { try inner.superDecoder(forKey: key) }
}
