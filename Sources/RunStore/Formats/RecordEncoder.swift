import JSON

/// Encodes one record as a CSV line and an NDJSON line in a single pass, from one list of typed fields, so the two
/// files always carry the same fields in the same order. Null is an empty CSV field and JSON `null`; lists are
/// joined with `|` in CSV and are arrays in JSON.
package struct RecordEncoder {
    package private(set) var csv: [UInt8] = []
    private var writer = JSONWriter()
    private var first = true
    private let writesCSV: Bool
    private let writesJSON: Bool
    private let emptyStringIsNull: Bool
    /// The checks of a catalogue record's rows, once ``checkRows(of:)`` turned them on.
    private var check: RowCheck?
    /// Where the current row starts in ``csv`` and ``json``, to take back a row the checks leave out.
    private var rowStart = (csv: 0, json: 0)
    /// The rows ended and kept since the last ``reset()``.
    package private(set) var rowCount = 0

    /// - Parameter emptyStringIsNull: write an empty string as null in JSON too, as CSV cannot tell them apart (the
    ///   catalogue tables' rule, ``CatalogueColumn/ValueType/string``).
    package init(csv: Bool = true, json: Bool = true, emptyStringIsNull: Bool = false) {
        writesCSV = csv
        writesJSON = json
        self.emptyStringIsNull = emptyStringIsNull
    }

    package var json: [UInt8] { writer.bytes }

    /// Checks the rows of `record` (`movie 550`) from now on, table by table (``beginTable(_:)``): dates and times,
    /// numbers in their column's range, and the table's key (see ``RowCheck``).
    package mutating func checkRows(of record: String) {
        check = RowCheck(record: record)
    }

    /// The rows that follow are `table`'s, their fields in its column order.
    package mutating func beginTable(_ table: CatalogueTable) {
        check?.begin(table)
    }

    /// What the checks changed so far.
    package var repairs: Manifest.ValueRepairs { check?.repairs ?? Manifest.ValueRepairs() }

    /// The first key two different rows shared, said as one line (`movie_genres: two different rows with …`).
    package var keyConflict: String? { check?.conflict }

    /// Counts `count` strings repaired in the answer the record was read from.
    package mutating func countRepairedStrings(_ count: Int) {
        check?.repairedStrings(count)
    }

    /// Counts the integers larger than a 64-bit integer that the record's answer had, read as null (each its key and
    /// digits).
    package mutating func countLargeIntegers(_ integers: [String]) {
        check?.largeIntegers(integers)
    }

    private mutating func key(_ name: StaticString) {
        if first {
            if writesJSON { writer.beginObject() }
            first = false
        } else if writesCSV {
            csv.append(0x2C)
        }
        if writesJSON { writer.key(name) }
    }

    private mutating func null() {
        if writesJSON { writer.null() }
    }

    package mutating func string(_ name: StaticString, _ value: String?) {
        let value = check == nil ? value : check!.string(name, value)
        key(name)
        guard let value, !(emptyStringIsNull && value.isEmpty) else { return null() }
        if writesCSV { CSVEncoding.appendField(value, to: &csv) }
        if writesJSON { writer.string(value) }
    }

    package mutating func integer(_ name: StaticString, _ value: Int?) {
        let value = check == nil ? value : check!.integer(name, value)
        key(name)
        guard let value else { return null() }
        guard writesJSON else { return csv.append(contentsOf: String(value).utf8) }
        let start = writer.bytes.count
        writer.integer(value)
        copyToCSV(from: start)
    }

    package mutating func decimal(_ name: StaticString, _ value: Double?) {
        let value = check == nil ? value : check!.decimal(name, value)
        key(name)
        guard let value, value.isFinite else { return null() }
        guard writesJSON else { return csv.append(contentsOf: NumberText.decimal(value).utf8) }
        let start = writer.bytes.count
        writer.number(value)
        copyToCSV(from: start)
    }

    /// Copies the number the writer has just written, after its key and so without a comma, into the CSV line:
    /// both files carry the same digits, formatted once.
    private mutating func copyToCSV(from start: Int) {
        if writesCSV { csv.append(contentsOf: writer.bytes[start...]) }
    }

    package mutating func boolean(_ name: StaticString, _ value: Bool) {
        check?.other(name, String(value))
        key(name)
        if writesCSV { (value ? "true" : "false" as StaticString).withUTF8Buffer { csv.append(contentsOf: $0) } }
        if writesJSON { writer.bool(value) }
    }

    /// A boolean that may be null.
    package mutating func boolean(_ name: StaticString, _ value: Bool?) {
        guard let value else {
            check?.other(name, "")
            key(name)
            return null()
        }
        boolean(name, value)
    }

    package mutating func integers(_ name: StaticString, _ values: [Int]) {
        check?.other(name, values.map { String($0) }.joined(separator: "|"))
        key(name)
        if writesCSV { CSVEncoding.appendField(values.map { String($0) }.joined(separator: "|"), to: &csv) }
        if writesJSON {
            writer.beginArray()
            for value in values { writer.integer(value) }
            writer.endArray()
        }
    }

    package mutating func strings(_ name: StaticString, _ values: [String]) {
        check?.other(name, values.joined(separator: "|"))
        key(name)
        if writesCSV { CSVEncoding.appendField(values.joined(separator: "|"), to: &csv) }
        if writesJSON {
            writer.beginArray()
            for value in values { writer.string(value) }
            writer.endArray()
        }
    }

    /// Ends the record: LF after the CSV line, `}` and LF after the JSON object.
    package mutating func end() {
        if writesCSV { csv.append(0x0A) }
        if writesJSON {
            writer.endObject()
            writer.endLine()
        }
        first = true
        if check != nil {
            let kept =
                writesJSON
                ? check!.end(row: rowStart.json..<writer.bytes.count, of: writer.bytes)
                : check!.end(row: rowStart.csv..<csv.count, of: csv)
            guard kept else {
                csv.removeSubrange(rowStart.csv...)
                writer.truncate(to: rowStart.json)
                return
            }
        }
        rowCount += 1
        rowStart = (csv.count, writer.bytes.count)
    }

    /// Empties the buffers, keeping their capacity.
    package mutating func reset() {
        csv.removeAll(keepingCapacity: true)
        writer.removeAll()
        first = true
        rowCount = 0
        rowStart = (0, 0)
    }
}

/// A row type the writers can serialise: the table it belongs to and how to encode one row.
package protocol OutputRow {
    /// The table whose columns the row fills: a contract with everyone who reads the files.
    static var table: ListTable { get }
    /// Encodes the row's fields in the order of `table`'s columns.
    func encode(into encoder: inout RecordEncoder)
}

extension OutputRow {
    /// The column names, in order.
    package static var columns: [String] { table.columns.map(\.name) }
}
