extension IDExportFile {
    /// Reads a file name this type writes (`movie_ids_11_23_2026.json.gz`, `adult_tv_series_ids_…`); nil for any
    /// other name, temporary names included.
    public init?(fileName: String) {
        for type in CatalogueType.allCases {
            for adult in [false, true] {
                guard let probe = ExportDay(year: 2000, month: 1, day: 1) else { return nil }
                let sample = IDExportFile(type: type, adult: adult, day: probe).fileName
                let prefix = String(sample.dropLast("01_01_2000.json.gz".count))
                guard fileName.hasPrefix(prefix), fileName.hasSuffix(".json.gz") else { continue }
                let stamp = fileName.dropFirst(prefix.count).dropLast(".json.gz".count).split(separator: "_")
                guard stamp.count == 3, let month = Int(stamp[0]), let day = Int(stamp[1]), let year = Int(stamp[2]),
                    let parsed = ExportDay(year: year, month: month, day: day)
                else { return nil }
                let file = IDExportFile(type: type, adult: adult, day: parsed)
                guard file.fileName == fileName else { return nil }
                self = file
                return
            }
        }
        return nil
    }
}
