import TMDBAPI

/// Every name a catalogue run gives a file, relative to the run's folder: the one owner of the snapshot's on-disk
/// names, for the run that writes them, the merge, the next night's planner, the shard merge and the description.
///
/// A snapshot holds each table as `<table>.<format>` and the details answers as `<type>_details.ndjson`, the
/// export files it read in `ids/`, and what the next night needs in `state/`. An incremental night writes only the
/// rows of the ids it fetched, as the delta's upserts (`delta/<table>.upserts.<format>`,
/// `delta/<type>_details.upserts.ndjson`), which the merge then merges with the previous snapshot; the delta also
/// says which ids changed and which rows were refreshed.
///
/// A derived table (``CatalogueTable/Derivation``) is written keyed by the movie each row came with, under
/// `state/<table>_by_movie.<format>` (or `delta/<table>_by_movie.upserts.<format>`), and its published file is made
/// from that one.
package enum SnapshotLayout {
    /// The version of the snapshot's contract this build writes, and the only one a night builds on:
    /// 1 added `state/` (incremental nights), 2 the `fetched_at` and `votes_at` columns (freshness), 3 the kept
    /// export files' sizes and SHA-256s (`keptExportFiles`), so that a night reads no file it has not verified.
    package static let version = 3

    /// Where a run appends its rows while it fetches: the snapshot's own files (a full run), or the delta's upserts
    /// (an incremental one).
    package enum Stage: Sendable, Hashable {
        case snapshot
        case upserts
    }

    package static let stateFolder = "state"
    package static let deltaFolder = "delta"
    /// The export files the snapshot's ids were selected from, kept for the next night.
    package static let exportFolder = "ids"
    /// The catalogue checkpoint of a staging run (``CatalogueCheckpoint``).
    package static let checkpoint = "catalogue-checkpoint"
    /// The ids that failed, one manifest failure a line, while a staging run fetches.
    package static let failures = "catalogue-failures.ndjson"

    /// The file a table's rows are appended to while a run fetches.
    package static func running(_ table: CatalogueTable, _ format: OutputFormat, _ stage: Stage) -> String {
        switch (stage, table.derivation) {
        case (.snapshot, nil): file(table, format)
        case (.snapshot, .keyedByMovie?): keyedByMovie(table, format)
        case (.upserts, nil): upserts(table.name, format)
        case (.upserts, .keyedByMovie?): upserts(keyedByMovieName(table), format)
        }
    }

    /// The delta's upserts of the rows named `name` (a table, or a derived table's `<table>_by_movie`):
    /// `delta/<name>.upserts.<format>`.
    package static func upserts(_ name: String, _ format: OutputFormat) -> String {
        "\(deltaFolder)/\(name).upserts.\(format.rawValue)"
    }

    /// The name of the rows a derived table is made from, as its files and their description call them:
    /// `<table>_by_movie`.
    package static func keyedByMovieName(_ table: CatalogueTable) -> String { "\(table.name)_by_movie" }

    /// A table's published file: `<table>.<format>`.
    package static func file(_ table: CatalogueTable, _ format: OutputFormat) -> String {
        "\(table.name).\(format.rawValue)"
    }

    /// The snapshot's file a derived table is made from: `state/<table>_by_movie.<format>`.
    package static func keyedByMovie(_ table: CatalogueTable, _ format: OutputFormat) -> String {
        "\(stateFolder)/\(keyedByMovieName(table)).\(format.rawValue)"
    }

    /// The file the details answers are appended to while a run fetches.
    package static func details(_ type: CatalogueType, _ stage: Stage) -> String {
        switch stage {
        case .snapshot: details(type)
        case .upserts: "\(deltaFolder)/\(type.rawValue)_details.upserts.ndjson"
        }
    }

    /// `<type>_details.ndjson`, the snapshot's details file.
    package static func details(_ type: CatalogueType) -> String { "\(type.rawValue)_details.ndjson" }

    /// An export file the snapshot kept: `ids/<file>`.
    package static func exportFile(_ name: String) -> String { "\(exportFolder)/\(name)" }

    /// The delta's ids that changed and how (``CatalogueDelta``).
    package static func changedIDs(_ type: CatalogueType) -> String {
        "\(deltaFolder)/\(type.rawValue)_changed_ids.csv"
    }

    /// The delta's rows whose numbers were refreshed (``CarriedRowRefresh``).
    package static func refreshed(_ type: CatalogueType) -> String { "\(deltaFolder)/\(type.rawValue)_refreshed.csv" }

    /// The change-feed ids of the snapshot's last day that it already applied, for the next night.
    package static func appliedChanges(_ type: CatalogueType) -> String {
        "\(stateFolder)/\(type.rawValue)_changes_applied.csv"
    }

    /// A staging run's plan of the night for one catalogue (kept for a resume).
    package static func nightPlan(_ type: CatalogueType) -> String { "night-\(type.rawValue).json" }
}
