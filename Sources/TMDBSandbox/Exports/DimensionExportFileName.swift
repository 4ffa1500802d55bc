/// A daily dimension export the sandbox serves: `keyword_ids_…`, `production_company_ids_…` or `tv_network_ids_…`
/// `MM_DD_YYYY.json.gz`, lines `{"id":…,"name":"…"}`.
struct DimensionExportFileName: Equatable {
    enum Kind: String, CaseIterable {
        case keyword = "keyword_ids"
        case company = "production_company_ids"
        case network = "tv_network_ids"
    }

    var kind: Kind
    var day: ExportDay

    /// Parses the file name after ``ExportFileName/directory``; nil for other kinds and bad dates.
    init?(_ name: String) {
        let suffix = ".json.gz"
        guard name.hasSuffix(suffix) else { return nil }
        let stem = name.dropLast(suffix.count)
        for kind in Kind.allCases where stem.hasPrefix(kind.rawValue + "_") {
            guard let day = ExportDay(fileStamp: String(stem.dropFirst(kind.rawValue.count + 1))) else { return nil }
            self.kind = kind
            self.day = day
            return
        }
        return nil
    }
}
