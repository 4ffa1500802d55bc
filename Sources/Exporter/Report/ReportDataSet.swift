/// One data set of a run, as the report shows it: a list request's rows, or a catalogue's main table.
struct ReportDataSet: Sendable, Hashable {
    enum Origin: Sendable, Hashable {
        /// `manifest.requests[index]`
        case list(Int)
        /// `manifest.catalogue[index]`
        case catalogue(Int)
    }

    var origin: Origin
    /// The file the rows were read from, relative to the run folder.
    var file: String
    /// Whether the rows are TV series, whose dates are first air dates.
    var isSeries: Bool
    var statistics: DataSetStatistics
}
