import Foundation
import RunStore
import TMDBAPI

/// Builds tonight's complete snapshot of one catalogue from the previous one and tonight's upserts, file by file
/// in the order a full run describes them, and tonight's delta.
struct SnapshotMerge: Sendable {
    let previous: PreviousSnapshot
    /// The staging run's folder.
    let directory: String
    let type: CatalogueType
    let tables: [CatalogueTable]
    let formats: [Job.OutputFormat]
    /// Tonight's export popularity, which every kept row of the main table takes.
    let popularity: ExportPopularity

    /// What the merge wrote.
    struct Outcome {
        /// The snapshot's files, data and state, in the order a full run lists them.
        var files: [Manifest.DataFile]
        /// `delta/<type>_changed_ids.csv`.
        var changedIDs: Manifest.DataFile
        /// `delta/<type>_refreshed.csv`: the kept rows whose popularity or votes changed.
        var refreshed: Manifest.DataFile
        var delta: CatalogueDelta
        /// Failed ids whose previous rows were kept.
        var carried: Int
    }

    /// One file to merge, and the table derived from it when it holds a derived table's rows.
    private struct FileMerge: Sendable {
        var name: String
        var new: String
        var format: SnapshotRecordFormat
        var derived: (table: CatalogueTable, format: Job.OutputFormat)?
        /// For the main table: brings each kept row up to tonight.
        var refresh: CarriedRowRefresh? = nil
        /// Where the refreshed rows are listed: the main table's first format alone writes the delta's file.
        var refreshedName: String? = nil
        /// Where the merge is written before it takes ``name``, when tonight's rows are already there (a full night).
        var temporary: String? = nil
    }

    /// Merges every file (side by side, one per core), then writes the changed ids.
    /// - Parameters:
    ///   - plan: tonight's plan (what was fetched, what left the selection, what is new).
    ///   - failed: the fetched ids that failed: their previous rows are kept, and the next night fetches them.
    func run(plan: NightPlan, failed: [UInt32]) async throws(OutputError) -> Outcome {
        let upsertedDetails = path(SnapshotLayout.details(type, .upserts))
        let fetchedWithRows = try await BlockingFiles.run { () throws(OutputError) in
            try SnapshotRecordReader.keys(of: upsertedDetails, format: .details)
        }
        let answered = (plan.fetch ?? []).subtracting(sorted: failed)
        let notFound = answered.subtracting(sorted: fetchedWithRows)
        var dropping = answered + plan.gone
        dropping.sort()
        let refreshedName = SnapshotLayout.refreshed(type)
        let merged = try await mergeFiles(
            fileMerges(stage: .upserts, votes: plan.votes, refreshedName: refreshedName),
            dropping: DroppedIDs(dropping),
            carrying: failed)
        let files = merged.files
        guard let refreshed = files.first(where: { $0.path == refreshedName }) else {
            throw OutputError(operation: "merge", path: path(refreshedName), reason: "the main table was not merged")
        }
        let delta = CatalogueDelta(
            added: fetchedWithRows.intersecting(sorted: plan.added),
            replaced: fetchedWithRows.subtracting(sorted: plan.added),
            deleted: (plan.gone + notFound).sorted())
        let name = SnapshotLayout.changedIDs(type)
        let file = try AppendingFile(path: path(name), truncatingTo: nil, name: name)
        let rows = try delta.writeChangedIDs(to: file)
        try file.sync()
        let changedIDs = Manifest.DataFile(path: name, format: "csv", rows: rows, bytes: file.size, sha256: file.sha256)
        return Outcome(
            files: files.filter { $0.path != refreshedName }, changedIDs: changedIDs, refreshed: refreshed,
            delta: delta, carried: merged.carried)
    }

    /// Puts back, into a full night's files, the previous rows of the ids that failed tonight: every other previous
    /// row is dropped, so the files are what the night wrote plus those rows in id order, the main table's brought
    /// up to tonight's popularity as an incremental night would. Derived tables are made again.
    /// - Returns: the files, in the order the full night lists them, and how many failed ids kept rows.
    func carry(failed: [UInt32], votes: RefreshedVotes) async throws(OutputError) -> (
        files: [Manifest.DataFile], carried: Int
    ) {
        var merges = fileMerges(stage: .snapshot, votes: votes, refreshedName: nil)
        for index in merges.indices { merges[index].temporary = merges[index].name + ".carrying" }
        return try await mergeFiles(merges, dropping: DroppedIDs(allBut: failed), carrying: failed)
    }

    /// One merge per table and format, then the details: tonight's rows written at `stage`'s names.
    private func fileMerges(
        stage: SnapshotLayout.Stage, votes: RefreshedVotes, refreshedName: String?
    ) -> [FileMerge] {
        var merges: [FileMerge] = []
        for (index, table) in tables.enumerated() {
            for format in formats {
                let isMain = index == 0
                merges.append(
                    FileMerge(
                        name: SnapshotLayout.running(table, format, .snapshot),
                        new: SnapshotLayout.running(table, format, stage),
                        format: SnapshotRecordFormat(format),
                        derived: table.derivation == nil ? nil : (table, format),
                        refresh: isMain
                            ? CarriedRowRefresh(
                                columns: table.columns.map(\.name), format: SnapshotRecordFormat(format),
                                popularity: popularity, votes: votes) : nil,
                        refreshedName: isMain && format == formats.first ? refreshedName : nil))
            }
        }
        merges.append(
            FileMerge(
                name: SnapshotLayout.details(type), new: SnapshotLayout.details(type, stage), format: .details,
                derived: nil))
        return merges
    }

    /// Runs the merges side by side, one per core: the files written (derived ones after the file they come from),
    /// and the failed ids the details kept rows of.
    private func mergeFiles(
        _ merges: [FileMerge], dropping: DroppedIDs, carrying: [UInt32]
    ) async throws(OutputError) -> (files: [Manifest.DataFile], carried: Int) {
        let this = self
        let results = try await BlockingFiles.map(
            merges, size: { this.fileSize(this.previous.path($0.name)) },
            work: { merge throws(OutputError) -> (files: [Manifest.DataFile], carried: Int) in
                var written = try this.merge(merge, dropping: dropping, carrying: carrying)
                if let derived = merge.derived,
                    let file = try SortedCollections.derive(derived.table, derived.format, in: this.directory)
                {
                    written.files.append(file)
                }
                return written
            })
        // The details hold one line an id: their merge counts each carried id once.
        return (results.flatMap(\.files), results.last?.carried ?? 0)
    }

    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// The merged file, and the delta's `<type>_refreshed.csv` when this merge lists the refreshed rows.
    private func merge(
        _ merge: FileMerge, dropping: DroppedIDs, carrying: [UInt32]
    ) throws(OutputError) -> (files: [Manifest.DataFile], carried: Int) {
        var refreshedLines: AppendingFile?
        if let name = merge.refreshedName {
            refreshedLines = try AppendingFile(path: path(name), truncatingTo: nil, name: name)
            try refreshedLines?.append(Array((merge.refresh?.deltaHeader ?? "id\n").utf8))
        }
        let merged = try TableMerge.mergeFiles(
            previous: previous.path(merge.name), dropping: dropping, new: path(merge.new),
            into: path(merge.temporary ?? merge.name), format: merge.format, refresh: merge.refresh,
            refreshedLines: refreshedLines, carrying: carrying)
        if let temporary = merge.temporary { try FileSystem.rename(path(temporary), to: path(merge.name)) }
        var written = [
            Manifest.DataFile(
                path: merge.name, format: merge.format == .csv ? "csv" : "ndjson", rows: merged.rows,
                bytes: merged.bytes, sha256: merged.sha256)
        ]
        if let refreshedLines, let name = merge.refreshedName {
            try refreshedLines.sync()
            written.append(
                Manifest.DataFile(
                    path: name, format: "csv", rows: merged.refreshed, bytes: refreshedLines.size,
                    sha256: refreshedLines.sha256))
        }
        return (written, merged.carried)
    }

    private func path(_ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }
}

extension SnapshotRecordReader {
    /// The distinct keys of a file, ascending.
    static func keys(of path: String, format: SnapshotRecordFormat) throws(OutputError) -> [UInt32] {
        let reader = try SnapshotRecordReader(path: path, format: format)
        var keys: [UInt32] = []
        while try reader.next() {
            guard let key = reader.key, let value = UInt32(exactly: key) else { continue }
            if keys.last != value { keys.append(value) }
        }
        return keys
    }
}
