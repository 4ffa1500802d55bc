import Foundation
import TMDBAPI

/// Builds tonight's complete snapshot of one catalogue from the previous one and tonight's upserts, file by file
/// in the order a full run describes them, and tonight's delta.
struct SnapshotMerge {
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

    /// Merges every file, then writes the changed ids.
    /// - Parameters:
    ///   - plan: tonight's plan (what was fetched, what left the selection, what is new).
    ///   - failed: the fetched ids that failed: their previous rows are kept, and the next night fetches them.
    func run(plan: NightPlan, failed: [UInt32]) throws(OutputError) -> Outcome {
        let fetchedWithRows = try SnapshotRecordReader.keys(
            of: path(CatalogueFileNames.upserts.details(type)), format: .details)
        let answered = (plan.fetch ?? []).subtracting(sorted: failed)
        let notFound = answered.subtracting(sorted: fetchedWithRows)
        var dropping = answered + plan.gone
        dropping.sort()
        var files: [Manifest.DataFile] = []
        for table in tables {
            for format in formats {
                let keyedByMovie = table.name == "collections"
                let name = CatalogueFileNames.snapshotFile(table.name, format, keyedByMovie: keyedByMovie)
                files.append(
                    try merge(
                        name, new: CatalogueFileNames.upserts.running(table.name, format),
                        format: SnapshotRecordFormat(format), dropping: dropping))
                if keyedByMovie {
                    files.append(
                        try SortedCollections.write(
                            from: path(name), format: format, header: table.csvHeader,
                            into: path(CatalogueFileNames.snapshotFile(table.name, format))))
                }
            }
        }
        files.append(
            try merge(
                CatalogueFileNames.detailsName(type), new: CatalogueFileNames.upserts.details(type), format: .details,
                dropping: dropping))
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
