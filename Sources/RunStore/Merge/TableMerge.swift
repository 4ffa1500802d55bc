/// Turns last night's file of a table into tonight's in one streaming pass: the previous records, less every record
/// of a dropped id (replaced or deleted), with tonight's new records (of replaced and added ids) put in key order.
/// The result is what a full run would have written, byte for byte, since both files are in key order and a key's
/// records stay together in the order they were written.
///
/// Memory is two read buffers and the output's, whatever the files' sizes. Works alike for `<table>.csv` (the header
/// is written once, and must be the same in both files), `<table>.ndjson` and `<type>_details.ndjson`.
public enum TableMerge {
    /// Writes the merged records to `output`, flushed, and returns how many it wrote (a CSV header not counted).
    /// - Parameters:
    ///   - previous: last night's file.
    ///   - dropping: the ids none of whose previous records are kept.
    ///   - new: tonight's records of the ids it fetched, in key order, in the same format (e.g. `<table>.upserts.csv`).
    ///   - refresh: for a catalogue's main table, brings each kept record up to tonight (popularity, votes).
    ///   - refreshedLines: where the kept records that `refresh` changed are listed (the delta's `_refreshed.csv`).
    ///   - carrying: the ids (tonight's failed ones) whose kept records are counted as `carried`.
    /// - Returns: the rows written; the kept records `refresh` changed; the distinct `carrying` ids records were kept
    ///   of.
    /// - Throws: ``OutputError`` naming the file and record when either file is not in key order, a record has no
    ///   key, the CSV headers differ, or `new` has records for an id that `previous` keeps (they would be doubled).
    package static func merge(
        previous: SnapshotRecordReader, dropping: DroppedIDs, new: SnapshotRecordReader, into output: AppendingFile,
        refresh: CarriedRowRefresh? = nil, refreshedLines: AppendingFile? = nil, carrying: [UInt32] = []
    ) throws(OutputError) -> (rows: Int, refreshed: Int, carried: Int) {
        var dropping = dropping
        var carrying = DroppedIDs(carrying)
        var carried = 0
        var lastCarried: Int?
        var hasPrevious = try previous.next()
        var hasNew = try new.next()
        if previous.format == .csv {
            try copyHeader(previous: previous, hasPrevious: hasPrevious, new: new, hasNew: hasNew, into: output)
            hasPrevious = try previous.next()
            hasNew = try new.next()
        }
        var rows = 0
        var refreshed = 0
        while hasPrevious || hasNew {
            if hasPrevious, let key = previous.key, !hasNew || key <= new.key! {
                if !dropping.contains(key) {
                    if hasNew, new.key == key {
                        throw new.failure(
                            "record \(new.recordNumber) is a new record of id \(key), whose previous records in "
                                + "\(previous.path) are kept: the id must be dropped (replaced) to be written anew")
                    }
                    try new.flushRun()
                    if lastCarried != key, carrying.contains(key) {
                        carried += 1
                        lastCarried = key
                    }
                    if let refresh {
                        if try keep(previous, refreshedBy: refresh, into: output, listingIn: refreshedLines) {
                            refreshed += 1
                        }
                    } else {
                        try previous.appendRecord(to: output)
                    }
                    rows += 1
                }
                hasPrevious = try previous.next()
            } else {
                try previous.flushRun()
                try new.appendRecord(to: output)
                rows += 1
                hasNew = try new.next()
            }
        }
        try previous.flushRun()
        try new.flushRun()
        try output.flush()
        return (rows, refreshed, carried)
    }

    /// Appends the current record of `previous` as `refresh` brings it up to tonight; true when that changed it.
    private static func keep(
        _ previous: SnapshotRecordReader, refreshedBy refresh: CarriedRowRefresh, into output: AppendingFile,
        listingIn refreshedLines: AppendingFile?
    ) throws(OutputError) -> Bool {
        let id = UInt32(truncatingIfNeeded: previous.key ?? 0)
        switch previous.recordBytes.withUnsafeBytes({ refresh.refresh($0, id: id) }) {
        case .unchanged:
            try previous.appendRecord(to: output)
            return false
        case .refreshed(let record, let deltaLine):
            try previous.flushRun()
            try output.append(record)
            try refreshedLines?.append(deltaLine)
            return true
        case .unreadable:
            throw previous.failure(
                "record \(previous.recordNumber) (id \(id)) lacks one of the columns "
                    + refresh.fields.names.map { "\($0)" }.joined(separator: ", "))
        }
    }

    /// Writes the CSV header the two files share.
    private static func copyHeader(
        previous: SnapshotRecordReader, hasPrevious: Bool, new: SnapshotRecordReader, hasNew: Bool,
        into output: AppendingFile
    ) throws(OutputError) {
        guard hasPrevious else { throw previous.failure("the file has no CSV header") }
        guard hasNew else { throw new.failure("the file has no CSV header") }
        let header = previous.recordBytes
        guard header == new.recordBytes else {
            throw new.failure("its CSV header differs from \(previous.path)'s: the table's columns changed")
        }
        try output.append(header)
    }

    /// What ``mergeFiles(previous:dropping:new:into:format:chunkSize:)`` wrote, for the manifest.
    public struct MergedFile: Sendable, Hashable {
        public var rows: Int
        /// Kept records a refresh rewrote (a catalogue's main table); 0 otherwise.
        public var refreshed = 0
        /// Distinct failed ids whose previous records were kept (``merge(previous:dropping:new:into:refresh:refreshedLines:carrying:)``).
        public var carried = 0
        public var bytes: Int
        public var sha256: String
    }

    /// Merges the file at `previousPath` with the one at `newPath` into a new file at `outputPath`, synced.
    /// - Parameter dropping: the replaced and deleted ids, in any order.
    public static func mergeFiles(
        previous previousPath: String, dropping: [UInt32], new newPath: String, into outputPath: String,
        format: SnapshotRecordFormat, chunkSize: Int = 1 << 20
    ) throws(OutputError) -> MergedFile {
        try mergeFiles(
            previous: previousPath, dropping: DroppedIDs(dropping), new: newPath, into: outputPath, format: format,
            chunkSize: chunkSize, refresh: nil, refreshedLines: nil)
    }

    /// Like the public one; a catalogue's main table also brings its kept records up to tonight (`refresh`), and
    /// the kept records of `carrying` ids are counted.
    package static func mergeFiles(
        previous previousPath: String, dropping: DroppedIDs, new newPath: String, into outputPath: String,
        format: SnapshotRecordFormat, chunkSize: Int = 1 << 20, refresh: CarriedRowRefresh?,
        refreshedLines: AppendingFile?, carrying: [UInt32] = []
    ) throws(OutputError) -> MergedFile {
        let output = try AppendingFile(path: outputPath, truncatingTo: nil)
        let merged = try merge(
            previous: SnapshotRecordReader(path: previousPath, format: format, chunkSize: chunkSize),
            dropping: dropping,
            new: SnapshotRecordReader(path: newPath, format: format, chunkSize: chunkSize), into: output,
            refresh: refresh, refreshedLines: refreshedLines, carrying: carrying)
        try output.sync()
        return MergedFile(
            rows: merged.rows, refreshed: merged.refreshed, carried: merged.carried, bytes: output.size,
            sha256: output.sha256)
    }

    /// How many ids ``interleaveFiles(_:into:format:chunkSize:isStopped:)`` merges between two questions whether
    /// to stop: a few milliseconds of work.
    public static let stopCheckInterval = 4096

    /// Interleaves files whose keys never meet (shards of one table: each id in one of them) into one file in key
    /// order, written to `outputPath` and synced: what one run over every id would have written.
    /// - Parameter isStopped: asked every ``stopCheckInterval`` ids: a table of tens of gigabytes takes minutes, and a
    ///   merge asked to stop must not wait for its end.
    /// - Throws: ``OutputError`` naming the file and record when a file is not in key order, the CSV headers differ,
    ///   or two files hold the same id; naming the output when `isStopped` said so.
    public static func interleaveFiles(
        _ paths: [String], into outputPath: String, format: SnapshotRecordFormat, chunkSize: Int = 1 << 20,
        isStopped: () -> Bool = { false }
    ) throws(OutputError) -> MergedFile {
        let output = try AppendingFile(path: outputPath, truncatingTo: nil)
        var readers: [SnapshotRecordReader] = []
        for path in paths { readers.append(try SnapshotRecordReader(path: path, format: format, chunkSize: chunkSize)) }
        var open: [Bool] = []
        for reader in readers { open.append(try reader.next()) }
        if format == .csv, let first = readers.first {
            let header = first.recordBytes
            for (index, reader) in readers.enumerated() {
                guard open[index] else { throw reader.failure("the file has no CSV header") }
                guard reader.recordBytes == header else {
                    throw reader.failure("its CSV header differs from \(first.path)'s")
                }
                open[index] = try reader.next()
            }
            try output.append(header)
        }
        var rows = 0
        var last: (key: Int, source: Int)?
        var ids = 0
        while true {
            ids += 1
            if ids % stopCheckInterval == 0, isStopped() {
                throw OutputError(operation: "merge", path: outputPath, reason: "the merge was asked to stop")
            }
            var lowest: Int?
            for index in readers.indices where open[index] {
                if lowest.map({ readers[index].key! < readers[$0].key! }) ?? true { lowest = index }
            }
            guard let source = lowest else { break }
            let key = readers[source].key!
            if let last, last.key == key, last.source != source {
                throw readers[source].failure(
                    "id \(key) is also in \(readers[last.source].path): an id belongs to one shard only")
            }
            if let last, last.source != source { try readers[last.source].flushRun() }
            while open[source], readers[source].key == key {
                try readers[source].appendRecord(to: output)
                rows += 1
                open[source] = try readers[source].next()
            }
            last = (key, source)
        }
        for reader in readers { try reader.flushRun() }
        try output.sync()
        return MergedFile(rows: rows, bytes: output.size, sha256: output.sha256)
    }
}
