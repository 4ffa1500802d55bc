import TMDBAPI

extension Manifest {
    /// One dimension table of the job (`{"type": "keyword"}` …) and the export it was read from.
    public struct DimensionSummary: Codable, Sendable, Hashable {
        public var type: DimensionType
        /// The export day as the job asked for it: `latest` or `YYYY-MM-DD`.
        public var exportDateRequested: String
        /// The day of the export file read, `YYYY-MM-DD`.
        public var exportDate: String
        /// Set when `latest` was missing and the day before was read instead: the day that was missing.
        public var exportDateMissing: String?
        /// The export file read, by TMDB's name (not kept in the run: the table is all of it).
        public var exportFile: String
        /// Lines of the export file.
        public var linesInExport: Int
        /// Ids that appeared more than once in the file: the first line of each is kept.
        public var duplicateIDsInExport: Int
        /// The table's files, `<table>.csv` and `<table>.ndjson`, with their rows, size and SHA-256.
        public var files: [DataFile]

        package init(
            type: DimensionType, exportDateRequested: String, exportDate: String, exportDateMissing: String? = nil,
            exportFile: String, linesInExport: Int, duplicateIDsInExport: Int, files: [DataFile]
        ) {
            self.type = type
            self.exportDateRequested = exportDateRequested
            self.exportDate = exportDate
            self.exportDateMissing = exportDateMissing
            self.exportFile = exportFile
            self.linesInExport = linesInExport
            self.duplicateIDsInExport = duplicateIDsInExport
            self.files = files
        }
    }
}
