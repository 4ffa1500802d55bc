import Foundation
import RunStore

/// Writes a dimension export's rows as its table, `<table>.csv` and `<table>.ndjson` (the job's formats), in one pass,
/// each file under a temporary name renamed into place when complete; an empty name is null, as in the catalogue.
enum DimensionTableWriter {
    static func write(
        _ entries: DimensionEntries, table: CatalogueTable, formats: [OutputFormat], into directory: String
    ) throws(OutputError) -> [Manifest.DataFile] {
        let path = { (format: OutputFormat) in
            (directory as NSString).appendingPathComponent(SnapshotLayout.file(table, format))
        }
        let csv = formats.contains(.csv) ? try AtomicFileWriter(finalPath: path(.csv)) : nil
        let ndjson = formats.contains(.ndjson) ? try AtomicFileWriter(finalPath: path(.ndjson)) : nil
        try csv?.write(table.csvHeader)
        var encoder = RecordEncoder(csv: csv != nil, json: ndjson != nil, emptyStringIsNull: true)
        try entries.forEachRow { (id, name) throws(OutputError) in
            encoder.integer("id", id)
            encoder.string("name", name)
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
                    path: SnapshotLayout.file(table, format), format: format.rawValue, rows: entries.count,
                    bytes: writer.byteCount, sha256: sha256))
        }
        return files
    }
}
