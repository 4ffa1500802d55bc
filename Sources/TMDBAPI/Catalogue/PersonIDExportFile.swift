/// TMDB's daily export of person ids, `person_ids_MM_DD_YYYY.json.gz` (adult people in `adult_person_ids_…`): lines
/// `{"adult":false,"id":287,"name":"Brad Pitt","popularity":12.3}`, read by ``IDExportEntry`` (the name as its
/// ``IDExportEntry/originalTitle``). The largest export, several million lines. Its own type until people are a
/// ``CatalogueType``, when it becomes an ``IDExportFile`` that ``TMDB/IDExport`` downloads.
public struct PersonIDExportFile: Sendable, Hashable, CustomStringConvertible {
    public var adult: Bool
    public var day: ExportDay

    public init(adult: Bool, day: ExportDay) {
        self.adult = adult
        self.day = day
    }

    /// e.g. `person_ids_11_23_2026.json.gz`.
    public var fileName: String { (adult ? "adult_" : "") + "person_ids_" + day.fileNameText + ".json.gz" }

    public var description: String { fileName }
}
