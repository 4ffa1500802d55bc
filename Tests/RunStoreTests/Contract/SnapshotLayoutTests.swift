import TMDBAPI
import Testing

@testable import RunStore

@Suite("Snapshot layout: the one owner of a catalogue run's file names")
struct SnapshotLayoutTests {
    static let cast = MovieTable.cast.table
    static let series = SeriesTable.series.table
    static let collections = MovieTable.collections.table

    @Test("a full run appends to the snapshot's own files; an incremental one to the delta's upserts beside them")
    func runningFiles() {
        #expect(SnapshotLayout.running(Self.cast, .csv, .snapshot) == "movie_cast.csv")
        #expect(SnapshotLayout.running(Self.cast, .csv, .upserts) == "delta/movie_cast.upserts.csv")
        #expect(SnapshotLayout.running(Self.series, .ndjson, .upserts) == "delta/tv_series.upserts.ndjson")
        #expect(SnapshotLayout.details(.movie, .snapshot) == "movie_details.ndjson")
        #expect(SnapshotLayout.details(.tv, .upserts) == "delta/tv_details.upserts.ndjson")
    }

    @Test("a derived table is written keyed by movie, in state/ or the delta, and published under its own name")
    func derivedTable() {
        #expect(Self.collections.derivation == .keyedByMovie)
        #expect(SnapshotLayout.running(Self.collections, .csv, .snapshot) == "state/collections_by_movie.csv")
        #expect(
            SnapshotLayout.running(Self.collections, .ndjson, .upserts) == "delta/collections_by_movie.upserts.ndjson")
        #expect(SnapshotLayout.file(Self.collections, .csv) == "collections.csv")
        #expect(
            String(decoding: Self.collections.keyedByMovieHeader, as: UTF8.self).hasPrefix("movie_id,collection_id,"))
    }

    @Test("only collections is derived: every other table is written in id order")
    func onlyCollectionsIsDerived() {
        let derived = CatalogueType.allCases.flatMap {
            CatalogueTable.tables(for: $0, appending: Set(AppendedResource.allCases))
        }.filter { $0.derivation != nil }
        #expect(derived.map(\.name) == ["collections"])
    }

    @Test("the delta, state and staging files keep the names earlier runs wrote")
    func stateAndDeltaNames() {
        #expect(SnapshotLayout.changedIDs(.movie) == "delta/movie_changed_ids.csv")
        #expect(SnapshotLayout.refreshed(.tv) == "delta/tv_refreshed.csv")
        #expect(SnapshotLayout.appliedChanges(.movie) == "state/movie_changes_applied.csv")
        #expect(SnapshotLayout.nightPlan(.tv) == "night-tv.json")
        #expect(SnapshotLayout.exportFile("movie_ids_03_05_2026.json.gz") == "ids/movie_ids_03_05_2026.json.gz")
        #expect(SnapshotLayout.checkpoint == "catalogue-checkpoint")
        #expect(SnapshotLayout.failures == "catalogue-failures.ndjson")
    }
}
