/// Why a details answer could not be read as a catalogue record: which record, where in the answer and what was
/// expected there, e.g. `movie 550: credits.cast[3].order: expected an integer, found a string (at byte 1234)`.
public struct CatalogueRecordError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Movie or series.
    public var type: CatalogueType
    /// The record's id, when the answer says it (even after the failing value).
    public var id: Int?
    /// The key path of the value that failed, e.g. `credits.cast[3].order`; empty for the answer as a whole.
    public var path: String
    /// What was wrong, e.g. `expected an integer, found a string`.
    public var message: String
    /// The byte offset in the answer where reading failed.
    public var offset: Int

    public init(type: CatalogueType, id: Int?, path: String, message: String, offset: Int) {
        self.type = type
        self.id = id
        self.path = path
        self.message = message
        self.offset = offset
    }

    public var description: String {
        let record = id.map { "\(type.rawValue) \($0)" } ?? "\(type.rawValue) details"
        let location = path.isEmpty ? "" : "\(path): "
        return "\(record): \(location)\(message) (at byte \(offset))"
    }
}
