import TMDBAPI

extension Job {
    /// One dimension table of the job (`"catalogue": [{"type": "keyword"}]`): TMDB's daily export of the type read
    /// whole into its table (`keywords`, `companies`, `networks`), with no API request.
    public struct DimensionRequest: Sendable, Hashable {
        public var type: DimensionType
        /// Which day's export to read.
        public var exportDate: IDExportDate

        /// The only keys a dimension entry may have.
        public static let keys = ["type", "exportDate"]

        public init(type: DimensionType, exportDate: IDExportDate = .latest) {
            self.type = type
            self.exportDate = exportDate
        }
    }
}
