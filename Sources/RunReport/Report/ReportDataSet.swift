/// One data set of a run, as the report shows it: a list request's rows, or a catalogue's main table.
package struct ReportDataSet: Sendable, Hashable {
    package enum Origin: Sendable, Hashable {
        /// `manifest.requests[index]`
        case list(Int)
        /// `manifest.catalogue[index]`
        case catalogue(Int)
    }

    package var origin: Origin
    /// The file the rows were read from, relative to the run folder.
    package var file: String
    /// Whether the rows are TV series, whose dates are first air dates.
    package var isSeries: Bool
    package var statistics: DataSetStatistics

    package init(origin: Origin, file: String, isSeries: Bool, statistics: DataSetStatistics) {
        self.origin = origin
        self.file = file
        self.isSeries = isSeries
        self.statistics = statistics
    }
}
