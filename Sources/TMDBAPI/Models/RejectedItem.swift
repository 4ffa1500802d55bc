/// A list element that could not be read as an item, kept so that it is never lost without a trace: where it was,
/// which field was wrong and why, its id when it has a usable one, and its JSON text.
public struct RejectedItem: Sendable, Hashable {
    /// The position in the array as sent, counting every element.
    public var position: Int
    /// The field that could not be read, as a path within the element (`id`, `genre_ids[1]`); nil when the element
    /// as a whole is wrong (not an object).
    public var field: String?
    /// What is wrong, e.g. `missing` or `cannot be read as Int`.
    public var reason: String
    /// The element's `id`, when it has one that reads as an integer.
    public var id: Int?
    /// The element's JSON text as received, its invalid Unicode repaired (see `JSONTextRepair`).
    public var raw: String?

    /// Creates a rejected element.
    public init(position: Int, field: String?, reason: String, id: Int? = nil, raw: String? = nil) {
        self.position = position
        self.field = field
        self.reason = reason
        self.id = id
        self.raw = raw
    }

    /// The field and the reason in one line, e.g. `id: missing`.
    public var problem: String { field.map { "\($0): \(reason)" } ?? reason }
}
