/// Doubles as the CSV files and job parameters write them: the digits `JSONWriter.number` writes to the NDJSON
/// files, so that both files carry the same figures.
package enum NumberText {
    /// The shortest text that reads back as the same double: `8.7`, `8.0`, `1234.567`.
    package static func decimal(_ value: Double) -> String {
        value.description
    }
}
