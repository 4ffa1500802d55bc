import RunStore

/// What a finished export produced.
public struct ExportReport: Sendable {
    /// The manifest as written.
    public var manifest: Manifest
    /// The run's folder under `runs/`.
    public var runDirectory: String
    /// Whether `latest` now points at this run.
    public var publishedAsLatest: Bool
    /// The job folder, `<output>/<name>`.
    public var jobDirectory: String
    /// Runs removed by `--keep`.
    public var prunedRuns: [String] = []

    /// Rows written over all requests.
    public var totalRows: Int { manifest.requests.reduce(0) { $0 + $1.rowsWritten } }
    /// Pages fetched over all requests.
    public var totalPagesFetched: Int { manifest.requests.reduce(0) { $0 + $1.pagesFetched } }
    /// Pages planned over all requests.
    public var totalPagesPlanned: Int { manifest.requests.reduce(0) { $0 + $1.pagesPlanned } }
    /// List items that could not be read, over all requests (the lines of `rejected.ndjson`).
    public var totalItemsRejected: Int { manifest.requests.reduce(0) { $0 + $1.itemsRejected } }
    /// Strings repaired with U+FFFD, over all requests.
    public var totalStringsRepaired: Int { manifest.requests.reduce(0) { $0 + $1.stringsRepaired } }
}
