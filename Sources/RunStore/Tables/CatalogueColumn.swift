/// One column of a catalogue table: the single source of its name, type and meaning, for the files' headers, the
/// NDJSON keys and the documentation built from them.
public struct CatalogueColumn: Sendable, Hashable {
    /// What a column holds. Any column may be null (an empty CSV field, JSON `null`), except a table's key.
    public enum ValueType: String, Sendable, Hashable, CaseIterable {
        /// A whole number.
        case integer
        /// A decimal number, written in its shortest round-trip form.
        case number
        /// Text as TMDB sent it. In a catalogue table an empty string is null, in NDJSON as in CSV (which cannot
        /// tell them apart): TMDB sends `""` for what it does not know (a tagline, a character, a certification),
        /// and one rule for every text column keeps a table's two files equal.
        case string
        /// `true` or `false`.
        case boolean
        /// `YYYY-MM-DD`.
        case date
        /// ISO 8601 date and time, e.g. `1999-10-15T00:00:00.000Z`.
        case datetime
        /// Values joined with `|` in CSV, an array in NDJSON.
        case list
    }

    /// The header field and NDJSON key.
    public let name: String
    public let type: ValueType
    /// One line for a reader of the data, e.g. "Runtime in minutes; empty when TMDB does not know it."
    public let description: String

    public init(_ name: String, _ type: ValueType, _ description: String) {
        self.name = name
        self.type = type
        self.description = description
    }
}
