extension Manifest {
    /// A run of a job with `"history": true`: its warehouse scripts also keep every version of every row, as of the
    /// run's night.
    public struct HistoryNight: Codable, Sendable, Hashable {
        /// The day the run is for, `YYYY-MM-DD`: `--date`, else the UTC day its run id names (the day it started; a
        /// `--resume` keeps its run's). History versions are valid from and to such days.
        public var day: String
        /// The published run `latest` named when this one started, if any: what a night whose catalogues ran in
        /// full writes its delta scripts against (an incremental night's base is its catalogues').
        public var previousRun: String?

        package init(day: String, previousRun: String? = nil) {
            self.day = day
            self.previousRun = previousRun
        }
    }
}
