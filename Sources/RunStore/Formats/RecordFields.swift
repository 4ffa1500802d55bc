import JSON

/// Finds named fields in one record of a table file, as the row encoder wrote it, so that a merge can read or
/// rewrite a few columns of a carried-over row without decoding the rest: by column position in a CSV record (RFC
/// 4180 quoting understood), by member name in an NDJSON object.
package struct RecordFields: Sendable {
    package let format: SnapshotRecordFormat
    /// The columns looked for, in the table's order.
    package let names: [StaticString]
    /// Their positions among the table's columns (CSV), ascending.
    private let positions: [Int]

    /// - Precondition: every name is one of `columns`.
    package init(_ names: [StaticString], of columns: [String], format: SnapshotRecordFormat) {
        let positions = names.map { name in columns.firstIndex(of: "\(name)") ?? -1 }
        precondition(!positions.contains(-1) && positions == positions.sorted(), "columns of the table, in its order")
        self.format = format
        self.names = names
        self.positions = positions
    }

    /// Where each named field's value is in `record` (for NDJSON, the value's JSON text: a string with its quotes),
    /// in the order of ``names``; nil when the record lacks one.
    package func ranges(in record: UnsafeRawBufferPointer) -> [Range<Int>]? {
        switch format {
        case .csv: csvRanges(record)
        case .ndjson, .details: jsonRanges(record)
        }
    }

    private func csvRanges(_ record: UnsafeRawBufferPointer) -> [Range<Int>]? {
        var found: [Range<Int>] = []
        found.reserveCapacity(positions.count)
        CSVScanner.fields(in: record) { column, range in
            if column == positions[found.count] { found.append(range) }
            return found.count < positions.count
        }
        return found.count == positions.count ? found : nil
    }

    private func jsonRanges(_ record: UnsafeRawBufferPointer) -> [Range<Int>]? {
        var found = [Range<Int>?](repeating: nil, count: names.count)
        var scanner = JSONScanner(record)
        do {
            var object = try scanner.openObject()
            while let key = try scanner.nextKeyBytes(in: &object) {
                if let slot = names.firstIndex(where: { key == $0 }) {
                    found[slot] = try scanner.valueRange()
                } else {
                    try scanner.skipValue()
                }
            }
        } catch {
            return nil
        }
        let ranges = found.compactMap { $0 }
        return ranges.count == names.count ? ranges : nil
    }

    /// `record` with the field at each range replaced by the matching bytes (ranges ascending, not overlapping).
    package static func replacing(_ ranges: [Range<Int>], with values: [[UInt8]], in record: UnsafeRawBufferPointer)
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(record.count + 16)
        var copied = 0
        for (range, value) in zip(ranges, values) {
            bytes.append(contentsOf: record[copied..<range.lowerBound])
            bytes.append(contentsOf: value)
            copied = range.upperBound
        }
        bytes.append(contentsOf: record[copied...])
        return bytes
    }

    /// A field's value as CSV writes it: as is for CSV; for NDJSON, `null` empty and a string without its quotes
    /// (the values read this way, numbers and times, have no escapes).
    package static func plainText(_ value: Slice<UnsafeRawBufferPointer>, format: SnapshotRecordFormat) -> [UInt8] {
        guard format != .csv else { return Array(value) }
        if value.elementsEqual("null".utf8) { return [] }
        if value.count >= 2, value.first == 0x22, value.last == 0x22 { return Array(value.dropFirst().dropLast()) }
        return Array(value)
    }
}
