/// The formats a run writes every table in.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    /// RFC 4180 CSV.
    case csv
    /// Newline-delimited JSON.
    case ndjson
}
