/// One of TMDB's daily dimension exports: `keyword_ids_MM_DD_YYYY.json.gz`, `production_company_ids_…`,
/// `tv_network_ids_…`. There is no adult file of these.
public struct DimensionExportFile: Sendable, Hashable, CustomStringConvertible {
    public var type: DimensionType
    public var day: ExportDay

    public init(type: DimensionType, day: ExportDay) {
        self.type = type
        self.day = day
    }

    /// The file's name on TMDB's file server, e.g. `keyword_ids_11_23_2026.json.gz`.
    public var fileName: String { "\(type.exportPrefix)_\(day.fileNameText).json.gz" }

    public var description: String { fileName }

    /// Reads a name this type writes; nil for any other (temporary names, other exports, days that do not exist).
    public init?(fileName: String) {
        let suffix = ".json.gz"
        guard fileName.hasSuffix(suffix) else { return nil }
        for type in DimensionType.allCases {
            let prefix = type.exportPrefix + "_"
            guard fileName.hasPrefix(prefix) else { continue }
            let stamp = fileName.dropFirst(prefix.count).dropLast(suffix.count).split(separator: "_")
            guard stamp.count == 3, let month = Int(stamp[0]), let day = Int(stamp[1]), let year = Int(stamp[2]),
                let parsed = ExportDay(year: year, month: month, day: day)
            else { return nil }
            let file = DimensionExportFile(type: type, day: parsed)
            guard file.fileName == fileName else { return nil }
            self = file
            return
        }
        return nil
    }
}
