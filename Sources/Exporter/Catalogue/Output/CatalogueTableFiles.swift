import Foundation
import RunStore
import TMDBAPI

/// The data files of a run's catalogues: every table as CSV and NDJSON, `<type>_details.ndjson` (or, in an
/// incremental run, their upserts: see ``SnapshotLayout``), and the checkpoint that says how much of them is
/// durable.
///
/// Rows arrive in id order (``CatalogueSchedule`` holds back what comes early) and are appended as they come, so
/// memory does not grow with the catalogue. After each batch the files are flushed and the checkpoint rewritten;
/// a resumed run reopens the files cut back to the checkpoint.
final class CatalogueTableFiles {
    /// One catalogue's files.
    struct Lane {
        var type: CatalogueType
        var stage: SnapshotLayout.Stage
        var tables: [CatalogueTable]
        /// Per table, nil when the format is off.
        var csv: [AppendingFile?]
        var ndjson: [AppendingFile?]
        var rows: [Int]
        var details: AppendingFile
        var detailsRows: Int
    }

    let directory: String
    private(set) var lanes: [Lane]
    /// Ids that failed, one JSON line each, kept with the data so that a resumed run still reports them.
    private let failures: AppendingFile
    private var failureCount = 0
    private let checkpointFile: CheckpointFile
    /// Where each catalogue starts: 0, or the resumed checkpoint's positions.
    let startPositions: [Int]
    /// The counts the resumed checkpoint had; zero on a fresh run.
    let startCounts: [CatalogueCheckpoint.Counts]

    /// Opens the files, cut back to the staging run's checkpoint when there is one, else new with their headers.
    /// - Parameter catalogues: each catalogue's type, tables, and whether it writes the snapshot's files (a full run)
    ///   or the delta's upserts (an incremental run, merged afterwards).
    init(
        directory: String,
        catalogues: [(type: CatalogueType, tables: [CatalogueTable], stage: SnapshotLayout.Stage)],
        formats: [Job.OutputFormat]
    ) throws(OutputError) {
        self.directory = directory
        let checkpoint = CatalogueCheckpoint.read(
            from: (directory as NSString).appendingPathComponent(SnapshotLayout.checkpoint))
        let resumed = checkpoint.flatMap { $0.positions.count == catalogues.count ? $0 : nil }
        let lengths = Dictionary(
            (resumed?.files ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // `state/` holds what the next night reads; `delta/` only what an incremental night changed.
        let folders =
            [SnapshotLayout.stateFolder]
            + (catalogues.contains { $0.stage == .upserts } ? [SnapshotLayout.deltaFolder] : [])
        for folder in folders {
            try FileSystem.createDirectory((directory as NSString).appendingPathComponent(folder))
        }
        func open(_ name: String, header: [UInt8]?) throws(OutputError) -> (AppendingFile, Int) {
            let path = (directory as NSString).appendingPathComponent(name)
            if resumed != nil {
                guard let state = lengths[name] else {
                    throw OutputError(
                        operation: "resume", path: path, reason: "the checkpoint does not list this file")
                }
                return (try AppendingFile(path: path, truncatingTo: state.bytes, name: name), state.rows)
            }
            let file = try AppendingFile(path: path, truncatingTo: nil, name: name)
            if let header { try file.append(header) }
            return (file, 0)
        }
        var lanes: [Lane] = []
        for catalogue in catalogues {
            let detailsName = SnapshotLayout.details(catalogue.type, catalogue.stage)
            var lane = Lane(
                type: catalogue.type, stage: catalogue.stage, tables: catalogue.tables, csv: [], ndjson: [], rows: [],
                details: try open(detailsName, header: nil).0, detailsRows: lengths[detailsName]?.rows ?? 0)
            for table in catalogue.tables {
                var rows = 0
                if formats.contains(.csv) {
                    let header = table.derivation == nil ? table.csvHeader : table.keyedByMovieHeader
                    let (file, count) = try open(SnapshotLayout.running(table, .csv, catalogue.stage), header: header)
                    lane.csv.append(file)
                    rows = count
                } else {
                    lane.csv.append(nil)
                }
                if formats.contains(.ndjson) {
                    let (file, count) = try open(SnapshotLayout.running(table, .ndjson, catalogue.stage), header: nil)
                    lane.ndjson.append(file)
                    rows = count
                } else {
                    lane.ndjson.append(nil)
                }
                lane.rows.append(rows)
            }
            lanes.append(lane)
        }
        self.lanes = lanes
        (failures, failureCount) = try open(SnapshotLayout.failures, header: nil)
        checkpointFile = try CheckpointFile(directory: directory)
        startPositions = resumed?.positions ?? Array(repeating: 0, count: catalogues.count)
        startCounts = resumed?.counts ?? Array(repeating: .init(), count: catalogues.count)
    }

    /// Appends one id's rows to every table of its catalogue, and its details line.
    func write(_ rows: CatalogueRows, catalogue: Int) throws(OutputError) {
        for index in lanes[catalogue].tables.indices {
            let table = rows.tables[index]
            // A derived table's rows carry the movie they came with.
            if lanes[catalogue].tables[index].derivation == .keyedByMovie, table.count > 0 {
                try lanes[catalogue].csv[index]?.append(Array("\(rows.id),".utf8) + table.csv)
                try lanes[catalogue].ndjson[index]?.append(
                    Array("{\"movie_id\":\(rows.id),".utf8) + table.ndjson.dropFirst())
            } else {
                try lanes[catalogue].csv[index]?.append(table.csv)
                try lanes[catalogue].ndjson[index]?.append(table.ndjson)
            }
            lanes[catalogue].rows[index] += table.count
        }
        try lanes[catalogue].details.append(rows.details)
        lanes[catalogue].detailsRows += 1
    }

    /// Keeps an id that failed, for the manifest.
    func recordFailure(_ failure: Manifest.Failure) throws(OutputError) {
        var line = (try? JSONEncoder().encode(failure)) ?? Data()
        line.append(0x0A)
        try failures.append(Array(line))
        failureCount += 1
    }

    /// Makes everything appended so far durable against the process being killed, and says so in the checkpoint.
    func checkpoint(positions: [Int], counts: [CatalogueCheckpoint.Counts]) throws(OutputError) {
        var files: [CatalogueCheckpoint.FileState] = []
        for lane in lanes {
            try lane.details.flush()
            files.append(.init(name: lane.details.name, bytes: lane.details.size, rows: lane.detailsRows))
            for index in lane.tables.indices {
                for file in [lane.csv[index], lane.ndjson[index]].compactMap({ $0 }) {
                    try file.flush()
                    files.append(.init(name: file.name, bytes: file.size, rows: lane.rows[index]))
                }
            }
        }
        try failures.flush()
        files.append(.init(name: failures.name, bytes: failures.size, rows: failureCount))
        try checkpointFile.write(CatalogueCheckpoint(positions: positions, counts: counts, files: files))
    }

    /// Syncs every file, derives each derived table from its rows keyed by movie (in a snapshot), and describes each file
    /// for the manifest.
    /// - Returns: per catalogue, its files in table order (details last), named relative to the run's folder; and
    ///   every failure recorded, resumed ones included.
    /// The syncing, the derivations and the read of the failures run on ``BlockingFiles``, off the cooperative pool.
    func finish() async throws(OutputError) -> (files: [[Manifest.DataFile]], failures: [Manifest.Failure]) {
        /// A file of the manifest's list: one written here, or the derived table made from it.
        enum Entry {
            case written(Manifest.DataFile)
            case derived(Int)
        }
        var entries: [[Entry]] = []
        var toSync: [String] = []
        var derivations: [(table: CatalogueTable, format: OutputFormat)] = []
        for lane in lanes {
            var files: [Entry] = []
            for index in lane.tables.indices {
                for (file, format) in [(lane.csv[index], Job.OutputFormat.csv), (lane.ndjson[index], .ndjson)] {
                    guard let file else { continue }
                    try file.flush()
                    toSync.append(file.path)
                    files.append(.written(Self.describe(file, format: format.rawValue, rows: lane.rows[index])))
                    if lane.stage == .snapshot, lane.tables[index].derivation != nil {
                        files.append(.derived(derivations.count))
                        derivations.append((lane.tables[index], format))
                    }
                }
            }
            try lane.details.flush()
            toSync.append(lane.details.path)
            files.append(.written(Self.describe(lane.details, format: "ndjson", rows: lane.detailsRows)))
            entries.append(files)
        }
        try failures.flush()
        toSync.append(failures.path)
        _ = try await BlockingFiles.map(toSync) { path throws(OutputError) in try FileSystem.sync(path) }
        let directory = directory
        let derived = try await BlockingFiles.map(derivations) { derivation throws(OutputError) in
            try SortedCollections.derive(derivation.table, derivation.format, in: directory)
        }
        let failuresPath = failures.path
        let recorded = try await BlockingFiles.run { () throws(OutputError) in try Self.readFailures(failuresPath) }
        let described = entries.map { files in
            files.compactMap { entry -> Manifest.DataFile? in
                switch entry {
                case .written(let file): file
                case .derived(let index): derived[index]
                }
            }
        }
        return (described, recorded)
    }

    /// Removes the checkpoint and the failures file, once the run's files are complete (merged too): until then, a
    /// run killed after ``finish()`` resumes with nothing left to fetch.
    func removeWorkingFiles() throws(OutputError) {
        try FileSystem.remove(failures.path)
        try FileSystem.remove(checkpointFile.path)
    }

    /// A file written whole by this run: its size and hash were kept while appending.
    private static func describe(_ file: AppendingFile, format: String, rows: Int) -> Manifest.DataFile {
        Manifest.DataFile(path: file.name, format: format, rows: rows, bytes: file.size, sha256: file.sha256)
    }

    private static func readFailures(_ path: String) throws(OutputError) -> [Manifest.Failure] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OutputError(operation: "read", path: path, reason: "the file cannot be read")
        }
        let decoder = JSONDecoder()
        return data.split(separator: 0x0A).compactMap { try? decoder.decode(Manifest.Failure.self, from: $0) }
    }
}
