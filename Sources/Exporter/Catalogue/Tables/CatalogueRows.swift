import RunStore

/// What one details answer adds to a catalogue run's files.
public struct CatalogueRows: Sendable, Hashable {
    /// One table's share: whole CSV records and NDJSON lines, each LF-terminated; empty when the record has no rows
    /// for the table or the format is not written.
    public struct TableRows: Sendable, Hashable {
        public var csv: [UInt8] = []
        public var ndjson: [UInt8] = []
        /// How many rows `csv` and `ndjson` each hold.
        public var count = 0
    }

    /// The movie's or series' TMDB id.
    public var id: Int
    /// One entry per table of ``CatalogueRowEncoder/tables``, in the same order.
    public var tables: [TableRows]
    /// The answer as received, whitespace outside strings removed, as one line ending in LF: for
    /// `movie_details.ndjson` or `tv_details.ndjson`.
    public var details: [UInt8]
    /// The record's `poster_path` as received, for a catalogue that downloads posters.
    public var posterPath: String? = nil
    /// A series' season numbers in the order its details list them (specials' 0 first), for a catalogue that fetches
    /// episodes; empty for movies and people.
    public var seasonNumbers: [Int] = []
    /// What was changed in the values TMDB sent so that the rows load (``RowCheck``).
    public var repairs = Manifest.ValueRepairs()

    /// Adds `more`, one entry per table as in ``tables``, after each table's rows, and what was changed in them.
    public mutating func append(_ more: [TableRows], repairs: Manifest.ValueRepairs) {
        self.repairs.add(repairs)
        precondition(more.count == tables.count, "one entry per table")
        for (index, rows) in more.enumerated() where rows.count > 0 {
            tables[index].csv += rows.csv
            tables[index].ndjson += rows.ndjson
            tables[index].count += rows.count
        }
    }
}
