extension Manifest {
    /// One catalogue of the job and what it produced.
    public struct CatalogueSummary: Codable, Sendable, Hashable {
        /// `movie` or `tv`.
        public var type: String
        /// The sub-resources appended to each id's details.
        public var append: [String]
        /// The export day as the job asked for it: `latest` or `YYYY-MM-DD`.
        public var exportDateRequested: String
        /// The day of the export file read, `YYYY-MM-DD`.
        public var exportDate: String
        /// Set when `latest` was missing and the day before was read instead: the day that was missing.
        public var exportDateMissing: String?
        /// The export files read (kept in the run's `ids/` folder), by TMDB's names.
        public var exportFiles: [String]
        /// Lines of the export files.
        public var idsInExport: Int
        /// Adult lines left out (`"adult": false`, the default).
        public var idsDroppedAsAdult: Int
        /// Lines under the job's `minPopularity`.
        public var idsBelowMinPopularity: Int
        /// Lines past the job's `limit` most popular.
        public var idsCutByLimit: Int
        /// Ids that appeared more than once in the export files (read once).
        public var duplicateIDsInExport: Int
        /// Ids left after the job's filters (adult, minPopularity, limit): the details the run planned to fetch.
        public var idsPlanned: Int
        /// Ids whose details were fetched and written.
        public var idsFetched: Int
        /// Ids that answered 404: removed from TMDB after the export file was made. Not failures.
        public var idsRemoved: Int
        /// Ids whose details failed (listed in `failures`).
        public var idsFailed: Int
        /// What became of the posters of the ids this run wrote, when the catalogue downloads posters.
        public var posters: PosterCounts?
        /// The data files written, with their rows, size and SHA-256.
        public var files: [DataFile]
    }
}
