/// A daily ID export file the sandbox serves: `{adult_}{movie,tv_series}_ids_MM_DD_YYYY.json.gz`.
struct ExportFileName: Equatable {
    var type: CatalogueMediaType
    /// The `adult_…` file: adult ids only (the plain file has none).
    var adult: Bool
    var day: ExportDay

    /// Where the files are served, as on `files.tmdb.org`.
    static let directory = "/p/exports/"

    /// Parses the file name after ``directory``; nil for other kinds (person, collection, keyword, …), bad dates
    /// and anything else.
    init?(_ name: String) {
        let suffix = ".json.gz"
        guard name.hasSuffix(suffix) else { return nil }
        let stem = name.dropLast(suffix.count)
        guard let marker = stem.range(of: "_ids_") else { return nil }
        var prefix = String(stem[..<marker.lowerBound])
        adult = prefix.hasPrefix("adult_")
        if adult { prefix.removeFirst("adult_".count) }
        guard let type = CatalogueMediaType.allCases.first(where: { $0.exportPrefix == prefix }),
            let day = ExportDay(fileStamp: String(stem[marker.upperBound...]))
        else { return nil }
        self.type = type
        self.day = day
    }

    /// The file name, e.g. `adult_tv_series_ids_05_15_2024.json.gz`.
    var fileName: String {
        SandboxCatalogueUniverse.exportFileName(type, adult: adult, on: day)
    }
}
