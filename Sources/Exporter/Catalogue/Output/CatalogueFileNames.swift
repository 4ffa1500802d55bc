import TMDBAPI

/// Where a catalogue run writes each table while it fetches, relative to the run's folder.
///
/// A full run writes the snapshot's own files: `<table>.<format>` and `<type>_details.ndjson`. An incremental run
/// writes only the rows of the ids it fetched, as the delta's upserts (`delta/<table>.upserts.<format>`,
/// `delta/<type>_details.upserts.ndjson`), which ``SnapshotMerge`` then merges with the previous snapshot.
///
/// `collections` is keyed by collection, but is made from the movies: each run writes its rows keyed by movie
/// (`collections_by_movie`, `movie_id` first) and derives `collections` from that file, which it keeps in `state/`
/// so that the next night can merge it like any child table.
enum CatalogueFileNames: Sendable, Hashable {
    case snapshot
    case upserts

    static let stateFolder = "state"
    static let deltaFolder = "delta"
    /// The table of the rows `collections` is made from.
    static let collectionsByMovie = "collections_by_movie"

    /// The file a table's rows are appended to.
    func running(_ table: String, _ format: Job.OutputFormat) -> String {
        let name = table == "collections" ? Self.collectionsByMovie : table
        switch self {
        case .snapshot:
            return table == "collections"
                ? "\(Self.stateFolder)/\(name).\(format.rawValue)" : "\(name).\(format.rawValue)"
        case .upserts:
            return "\(Self.deltaFolder)/\(name).upserts.\(format.rawValue)"
        }
    }

    /// The file the details answers are appended to.
    func details(_ type: CatalogueType) -> String {
        switch self {
        case .snapshot: Self.detailsName(type)
        case .upserts: "\(Self.deltaFolder)/\(type.rawValue)_details.upserts.ndjson"
        }
    }

    /// `<type>_details.ndjson`, the snapshot's details file.
    static func detailsName(_ type: CatalogueType) -> String { "\(type.rawValue)_details.ndjson" }

    /// The snapshot's file of a table: `<table>.<format>`, or `state/collections_by_movie.<format>` for the rows
    /// `collections` is derived from.
    static func snapshotFile(_ table: String, _ format: Job.OutputFormat, keyedByMovie: Bool = false) -> String {
        keyedByMovie ? "\(stateFolder)/\(collectionsByMovie).\(format.rawValue)" : "\(table).\(format.rawValue)"
    }
}
