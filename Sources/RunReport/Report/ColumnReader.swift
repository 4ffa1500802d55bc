import RunStore

/// Reads chosen columns of one of a run's data files, a record at a time: memory is one chunk of the file (or its
/// longest record), however many rows it has.
package protocol ColumnReader: AnyObject {
    /// The next record's values of the columns asked for, in the order they were asked for: nil where the file has
    /// no such column or the value is empty or null, lists joined with `|` as in the CSV files. Nil at the end.
    func next() throws(OutputError) -> [String?]?
}

/// Opens the reader for a data file's format.
package func openColumnReader(path: String, format: String, columns: [String]) throws(OutputError) -> any ColumnReader {
    if format == "csv" { return try CSVColumnReader(path: path, columns: columns) }
    return try NDJSONColumnReader(path: path, columns: columns)
}
