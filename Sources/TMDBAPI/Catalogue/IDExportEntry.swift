import JSON

/// One line of an ID export file: `{"adult":false,"id":3924,"original_title":"Blondie","popularity":2.405,
/// "video":false}` for movies, `{"id":1399,"original_name":"…","popularity":…}` for series,
/// `{"adult":false,"id":287,"name":"Brad Pitt","popularity":12.3}` for people.
///
/// Only `id` is required; the other fields are nil when absent or null, and keys TMDB may add are skipped.
public struct IDExportEntry: Sendable, Hashable {
    public var id: Int
    public var adult: Bool?
    public var popularity: Double?
    /// `original_title` for a movie, `original_name` for a series, `name` for a person.
    public var originalTitle: String?
    public var video: Bool?

    public init(
        id: Int, adult: Bool? = nil, popularity: Double? = nil, originalTitle: String? = nil, video: Bool? = nil
    ) {
        self.id = id
        self.adult = adult
        self.popularity = popularity
        self.originalTitle = originalTitle
        self.video = video
    }

    /// Why a line is not an export entry, at a byte offset of the line.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// 0-based, from the start of the line.
        public var offset: Int
        public var message: String

        public var description: String { "\(message) (at byte \(offset + 1))" }
    }

    /// Parses one line: a single JSON object, nothing after it but whitespace.
    /// - Parameter keepingTitle: false skips the title without building a string, for readers that need only the
    ///   numbers (``originalTitle`` is then nil).
    /// - Throws: ``Failure`` for a line that is not one JSON object, or whose `id` is missing or not an integer, or
    ///   whose other known fields have the wrong type.
    public init(line: UnsafeRawBufferPointer, keepingTitle: Bool = true) throws(Failure) {
        var scanner = JSONScanner(line)
        var id: Int?
        var adult: Bool?
        var popularity: Double?
        var title: String?
        var video: Bool?
        do throws(JSONScanner.Failure) {
            var object = try scanner.openObject()
            while let key = try scanner.nextKey(in: &object) {
                switch key {
                case "id":
                    guard case .number = try scanner.nextKind(depth: 1), case .integer(let value) = try scanner.number()
                    else { throw scanner.failure("\"id\" is not an integer", at: scanner.keyOffset) }
                    id = value
                case "adult": adult = try scanner.null() ? nil : scanner.bool()
                case "video": video = try scanner.null() ? nil : scanner.bool()
                case "popularity": popularity = try scanner.null() ? nil : scanner.double()
                case "original_title", "original_name", "name":
                    if keepingTitle {
                        title = try scanner.null() ? nil : scanner.string()
                    } else {
                        try scanner.skipValue(depth: 1)
                    }
                default: try scanner.skipValue(depth: 1)
                }
            }
            guard scanner.isAtEnd() else { throw scanner.failure("text after the object (one object per line)") }
        } catch {
            throw Failure(
                offset: error.offset, message: error.key.map { "\(error.message) (key \($0))" } ?? error.message)
        }
        guard let id else { throw Failure(offset: 0, message: "no \"id\"") }
        self.init(id: id, adult: adult, popularity: popularity, originalTitle: title, video: video)
    }
}
