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
    /// (`movie_release_dates` repeats a country, type and date; `tv_content_ratings` a country).
    public let key: [String]
    /// How the table is made when it is not written row by row in id order; nil for a table that is.
    package let derivation: Derivation?
    /// What one row is, for a table whose rows are not each id's (the description says so of the others).
    package let summary: String?
    /// The table whose rows this table's rows belong to below the title (`tv_episode_crew` to `tv_episodes`): its
    /// key columns, which this table also has, are a foreign key to it.
    package let partOf: String?

    /// A table kept in another order than the ids': written as its rows come, keyed by the movie each came with,
    /// and made from that file (see ``SnapshotLayout``).
    package enum Derivation: Sendable, Hashable {
        /// One row per key, in key order: of the rows keyed by movie (`movie_id` first, in movie order), the row of
        /// the lowest movie id that names the key, without its `movie_id` (``SortedCollections``).
        case keyedByMovie
    }

    package init(
        _ name: String, key: [String] = [], from resource: AppendedResource? = nil, derivation: Derivation? = nil,
        summary: String? = nil, partOf: String? = nil, _ columns: [CatalogueColumn]
    ) {
        self.name = name
        self.partOf = partOf
        self.key = key
        self.derivation = derivation
        self.summary = summary
        self.columns = columns
        self.resource = resource
        csvHeader = CSVEncoding.record(columns.map(\.name))
    }

    /// The CSV header of the rows a derived table is made from: `movie_id` before the table's own columns.
    package var keyedByMovieHeader: [UInt8] { Array("movie_id,".utf8) + csvHeader }

    /// The tables a run over `type` writes, in a fixed order: the main table first, then its child tables; a table
    /// that comes from an appended sub-resource only when `appending` has it.
    public static func tables(for type: CatalogueType, appending: Set<AppendedResource>) -> [CatalogueTable] {
        switch type {
        case .movie: MovieTable.tables(appending: appending).map(\.table)
        case .tv: SeriesTable.tables(appending: appending).map(\.table)
        case .person: PersonTable.tables(appending: appending).map(\.table)
        }
    }
}
