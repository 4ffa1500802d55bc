/// A daily person export file the sandbox serves: `{adult_}person_ids_MM_DD_YYYY.json.gz`.
struct PersonExportFileName: Equatable {
    /// The `adult_…` file: adult people only (the plain file has none).
    var adult: Bool
    var day: ExportDay

    /// Parses the file name after ``ExportFileName/directory``; nil for other kinds and bad dates.
    init?(_ name: String) {
        let suffix = ".json.gz"
        var stem = Substring(name)
        guard stem.hasSuffix(suffix) else { return nil }
        stem = stem.dropLast(suffix.count)
        adult = stem.hasPrefix("adult_")
        if adult { stem = stem.dropFirst("adult_".count) }
        let prefix = "person_ids_"
        guard stem.hasPrefix(prefix), let day = ExportDay(fileStamp: String(stem.dropFirst(prefix.count))) else {
            return nil
        }
        self.day = day
    }
}
