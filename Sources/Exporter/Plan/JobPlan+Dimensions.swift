import TMDBAPI

extension JobPlan {
    /// One dimension table's share of the plan: one export file, no API request.
    public struct DimensionLine: Sendable {
        public var request: Job.DimensionRequest
        /// About how many lines TMDB's export of the type has (2026): the table's rows.
        public var typicalLines: Int { ExportLineLimit(request.type).typical }
        /// The export's name, its day left as `MM_DD_YYYY`.
        public var exportFile: String { "\(request.type.exportPrefix)_MM_DD_YYYY.json.gz" }
    }

    /// One line per dimension table of the job.
    public var dimensionLines: [DimensionLine] { job.dimensions.map(DimensionLine.init) }

    /// The provider lists (`watch/providers/movie` and `/tv`) a run reads once when a catalogue appends
    /// `watch/providers`: 2 requests, or 0. The offers themselves come with each title's details, at no request.
    public var watchProviderRequests: Int { WatchProviderRun.isNeeded(by: job) ? WatchProviderRun.types.count : 0 }
}
