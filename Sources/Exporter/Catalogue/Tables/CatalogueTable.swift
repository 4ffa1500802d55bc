import TMDBAPI

/// One table of a catalogue run, written as `<name>.csv` and `<name>.ndjson`.
public struct CatalogueTable: Sendable, Hashable {
    /// The file name without extension, e.g. `movie_cast`.
    public let name: String
    /// The columns in the order both files carry them.
    public let columns: [CatalogueColumn]
    /// The appended sub-resource the rows come from; nil for tables read from the details alone.
    public let resource: AppendedResource?
    /// The CSV header record, LF-terminated.
    public let csvHeader: [UInt8]
    /// The columns whose values identify a row (the table's primary key); empty where TMDB's data has none
    /// (`movie_release_dates` repeats a country, type and date).
    public let key: [String]

    init(_ name: String, key: [String] = [], from resource: AppendedResource? = nil, _ columns: [CatalogueColumn]) {
        self.name = name
        self.key = key
        self.columns = columns
        self.resource = resource
        csvHeader = CSVEncoding.record(columns.map(\.name))
    }

    /// The tables a run over `type` writes, in a fixed order: the main table first, then its child tables; a table
    /// that comes from an appended sub-resource only when `appending` has it.
    public static func tables(for type: CatalogueType, appending: Set<AppendedResource>) -> [CatalogueTable] {
        switch type {
        case .movie: MovieTable.tables(appending: appending).map(\.table)
        case .tv: SeriesTable.tables(appending: appending).map(\.table)
        }
    }
}
