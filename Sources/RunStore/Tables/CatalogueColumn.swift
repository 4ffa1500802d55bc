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
    /// The values a number column may hold; one outside is written as null (or, in a key column, the row is left
    /// out), counted and warned (``Manifest/ValueRepairs``). Nil: any number.
    public let validRange: ClosedRange<Double>?

    public init(_ name: String, _ type: ValueType, _ description: String) {
        self.init(name, type, description, validRange: nil)
    }

    private init(_ name: String, _ type: ValueType, _ description: String, validRange: ClosedRange<Double>?) {
        self.name = name
        self.type = type
        self.description = description
        self.validRange = validRange
    }

    /// The column, holding only values in `range`.
    package func valid(_ range: ClosedRange<Double>) -> CatalogueColumn {
        CatalogueColumn(name, type, description, validRange: range)
    }

    /// A TMDB id, a count or a score: the ranges TMDB's numbers keep to.
    package static let positive = 1...Double.infinity
    package static let nonNegative = 0...Double.infinity
    package static let rating = 0.0...10.0
}
