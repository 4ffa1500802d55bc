import Foundation
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

    /// What the merge wrote.
    struct Outcome {
        /// The snapshot's files, data and state, in the order a full run lists them.
        var files: [Manifest.DataFile]
        /// `delta/<type>_changed_ids.csv`.
        var changedIDs: Manifest.DataFile
        var delta: CatalogueDelta
    }

    /// One file to merge, and the collections file derived from it when it holds the collections' rows.
    private struct FileMerge: Sendable {
        var name: String
        var new: String
        var format: SnapshotRecordFormat
        var derived: (name: String, format: Job.OutputFormat, header: [UInt8])?
    }

    /// Merges every file (side by side, one per core), then writes the changed ids.
    /// - Parameters:
    ///   - plan: tonight's plan (what was fetched, what left the selection, what is new).
    ///   - failed: the fetched ids that failed: their previous rows are kept, and the next night fetches them.
    func run(plan: NightPlan, failed: [UInt32]) async throws(OutputError) -> Outcome {
        let fetchedWithRows = try SnapshotRecordReader.keys(
            of: path(CatalogueFileNames.upserts.details(type)), format: .details)
        let answered = (plan.fetch ?? []).subtracting(sorted: failed)
        let notFound = answered.subtracting(sorted: fetchedWithRows)
        var dropping = answered + plan.gone
        dropping.sort()
        var merges: [FileMerge] = []
        for table in tables {
            for format in formats {
                let keyedByMovie = table.name == "collections"
                merges.append(
                    FileMerge(
                        name: CatalogueFileNames.snapshotFile(table.name, format, keyedByMovie: keyedByMovie),
                        new: CatalogueFileNames.upserts.running(table.name, format),
                        format: SnapshotRecordFormat(format),
                        derived: keyedByMovie
                            ? (CatalogueFileNames.snapshotFile(table.name, format), format, table.csvHeader) : nil))
            }
        }
        merges.append(
            FileMerge(
                name: CatalogueFileNames.detailsName(type), new: CatalogueFileNames.upserts.details(type),
                format: .details, derived: nil))
        let this = self
        let dropped = dropping
        let files = try await FileWorkers.map(
            merges, size: { this.fileSize(this.previous.path($0.name)) },
            work: { merge throws(OutputError) -> [Manifest.DataFile] in
                var written = [try this.merge(merge.name, new: merge.new, format: merge.format, dropping: dropped)]
                if let derived = merge.derived {
                    written.append(
                        try SortedCollections.write(
                            from: this.path(merge.name), format: derived.format, header: derived.header,
                            into: this.path(derived.name)))
                }
                return written
            }
        ).flatMap { $0 }
        let delta = CatalogueDelta(
            added: fetchedWithRows.intersecting(sorted: plan.added),
            replaced: fetchedWithRows.subtracting(sorted: plan.added),
            deleted: (plan.gone + notFound).sorted())
        let name = "\(CatalogueFileNames.deltaFolder)/\(CatalogueDelta.changedIDsName(type))"
        let file = try AppendingFile(path: path(name), truncatingTo: nil, name: name)
        let rows = try delta.writeChangedIDs(to: file)
        try file.sync()
        let changedIDs = Manifest.DataFile(path: name, format: "csv", rows: rows, bytes: file.size, sha256: file.sha256)
        return Outcome(files: files, changedIDs: changedIDs, delta: delta)
    }

    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    private func merge(
        _ name: String, new: String, format: SnapshotRecordFormat, dropping: [UInt32]
    ) throws(OutputError) -> Manifest.DataFile {
        let merged = try TableMerge.mergeFiles(
            previous: previous.path(name), dropping: dropping, new: path(new), into: path(name), format: format)
        return Manifest.DataFile(
            path: name, format: format == .csv ? "csv" : "ndjson", rows: merged.rows, bytes: merged.bytes,
            sha256: merged.sha256)
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
