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
        var merges: [FileMerge] = []
        let refreshedName = SnapshotLayout.refreshed(type)
        for (index, table) in tables.enumerated() {
            for format in formats {
                let isMain = index == 0
                merges.append(
                    FileMerge(
                        name: SnapshotLayout.running(table, format, .snapshot),
                        new: SnapshotLayout.running(table, format, .upserts),
                        format: SnapshotRecordFormat(format),
                        derived: table.derivation == nil ? nil : (table, format),
                        refresh: isMain
                            ? CarriedRowRefresh(
                                columns: table.columns.map(\.name), format: SnapshotRecordFormat(format),
                                popularity: popularity, votes: plan.votes) : nil,
                        refreshedName: isMain && format == formats.first ? refreshedName : nil))
            }
        }
        merges.append(
            FileMerge(
                name: SnapshotLayout.details(type), new: SnapshotLayout.details(type, .upserts),
                format: .details, derived: nil))
        let this = self
        let dropped = dropping
        let files = try await BlockingFiles.map(
            merges, size: { this.fileSize(this.previous.path($0.name)) },
            work: { merge throws(OutputError) -> [Manifest.DataFile] in
                var written = try this.merge(merge, dropping: dropped)
                if let derived = merge.derived,
                    let file = try SortedCollections.derive(derived.table, derived.format, in: this.directory)
                {
                    written.append(file)
                }
                return written
            }
        ).flatMap { $0 }
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
            files: files.filter { $0.path != refreshedName }, changedIDs: changedIDs, refreshed: refreshed, delta: delta
        )
    }

    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// The merged file, and the delta's `<type>_refreshed.csv` when this merge lists the refreshed rows.
    private func merge(_ merge: FileMerge, dropping: [UInt32]) throws(OutputError) -> [Manifest.DataFile] {
        var refreshedLines: AppendingFile?
        if let name = merge.refreshedName {
            refreshedLines = try AppendingFile(path: path(name), truncatingTo: nil, name: name)
            try refreshedLines?.append(Array((merge.refresh?.deltaHeader ?? "id\n").utf8))
        }
        let merged = try TableMerge.mergeFiles(
            previous: previous.path(merge.name), dropping: dropping, new: path(merge.new), into: path(merge.name),
            format: merge.format, refresh: merge.refresh, refreshedLines: refreshedLines)
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
        return written
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
