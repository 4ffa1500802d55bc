import Foundation
import RunStore

/// Writes a table that a run rewrites whole (a dimension export's, `watch_providers`), `<table>.csv` and
/// `<table>.ndjson` (the job's formats), in one pass, each file under a temporary name renamed into place when
/// complete; an empty name is null, as in the catalogue.
enum DimensionTableWriter {
    /// A dimension export's rows: `id` and `name`.
    static func write(
        _ entries: DimensionEntries, table: CatalogueTable, formats: [OutputFormat], into directory: String
    ) throws(OutputError) -> [Manifest.DataFile] {
        try write(table: table, formats: formats, into: directory, rows: entries.count) { (emit) throws(OutputError) in
            try entries.forEachRow { (id, name) throws(OutputError) in
                try emit { encoder in
                    encoder.integer("id", id)
                    encoder.string("name", name)
                }
            }
        }
    }

    /// The `rows` rows `forEachRow` hands to `emit`, each encoding one row's columns in the table's order.
    static func write(
        table: CatalogueTable, formats: [OutputFormat], into directory: String, rows: Int,
        _ forEachRow: (
            _ emit: (_ encode: (inout RecordEncoder) -> Void) throws(OutputError) -> Void
        ) throws(OutputError) -> Void
    ) throws(OutputError) -> [Manifest.DataFile] {
        let path = { (format: OutputFormat) in
            (directory as NSString).appendingPathComponent(SnapshotLayout.file(table, format))
        }
        let csv = formats.contains(.csv) ? try AtomicFileWriter(finalPath: path(.csv)) : nil
        let ndjson = formats.contains(.ndjson) ? try AtomicFileWriter(finalPath: path(.ndjson)) : nil
        try csv?.write(table.csvHeader)
        var encoder = RecordEncoder(csv: csv != nil, json: ndjson != nil, emptyStringIsNull: true)
        try forEachRow { (encode) throws(OutputError) in
            encode(&encoder)
            encoder.end()
            try csv?.write(encoder.csv)
            try ndjson?.write(encoder.json)
            encoder.reset()
        }
        var files: [Manifest.DataFile] = []
        for format in formats {
            guard let writer = format == .csv ? csv : ndjson else { continue }
            let sha256 = try writer.commit()
            files.append(
                Manifest.DataFile(
                    path: SnapshotLayout.file(table, format), format: format.rawValue, rows: rows,
                    bytes: writer.byteCount, sha256: sha256))
        }
        return files
    }
}
