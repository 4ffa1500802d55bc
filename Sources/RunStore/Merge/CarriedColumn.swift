/// One column of the previous snapshot's main table, read for the kept rows a night asks about (their `fetched_at`
/// for the rolling re-fetch, their release date for discover's date windows), in one streaming pass.
package enum CarriedColumn {
    /// Calls `body` with each of `ids` (ascending) that the table has, and the value of its `column` as CSV writes
    /// it (empty for none), in id order.
    /// - Throws: ``OutputError`` when the file cannot be read, or a record of one of `ids` lacks the column.
    package static func read(
        _ column: StaticString, of ids: [UInt32], from path: String, format: SnapshotRecordFormat, columns: [String],
        _ body: (UInt32, [UInt8]) throws(OutputError) -> Void
    ) throws(OutputError) {
        let reader = try SnapshotRecordReader(path: path, format: format)
        let fields = RecordFields([column], of: columns, format: format)
        var next = 0
        while next < ids.count, try reader.next() {
            guard let key = reader.key, let id = UInt32(exactly: key) else { continue }
            while next < ids.count, ids[next] < id { next += 1 }
            guard next < ids.count, ids[next] == id else { continue }
            let value = reader.recordBytes.withUnsafeBytes { bytes -> [UInt8]? in
                guard let range = fields.ranges(in: bytes)?.first else { return nil }
                return RecordFields.plainText(bytes[range], format: format)
            }
            guard let value else {
                throw reader.failure("record \(reader.recordNumber) (id \(id)) has no \(column) column")
            }
            try body(id, value)
        }
    }
}
