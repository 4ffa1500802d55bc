/// Why a person's details answer could not be read as a ``PersonRecord``: which person, where in the answer and what
/// was expected there, e.g. `person 287: combined_credits.cast[3].order: expected an integer, found a string (at
/// byte 1234)`. (``CatalogueRecordError`` names a ``CatalogueType``, which people are not yet.)
public struct PersonRecordError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The person's id, when the answer says it (even after the failing value).
    public var id: Int?
    /// The key path of the value that failed, e.g. `combined_credits.cast[3].order`; empty for the answer as a whole.
    public var path: String
    /// What was wrong, e.g. `expected an integer, found a string`.
    public var message: String
    /// The byte offset in the answer where reading failed.
    public var offset: Int

    public init(id: Int?, path: String, message: String, offset: Int) {
        self.id = id
        self.path = path
        self.message = message
        self.offset = offset
    }

    public var description: String {
        let record = id.map { "person \($0)" } ?? "person details"
        let location = path.isEmpty ? "" : "\(path): "
        return "\(record): \(location)\(message) (at byte \(offset))"
    }
}
