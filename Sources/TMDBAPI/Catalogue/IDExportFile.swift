/// One of TMDB's daily ID export files: which catalogue, whether its adult items, and which day.
public struct IDExportFile: Sendable, Hashable, CustomStringConvertible {
    public var type: CatalogueType
    /// TMDB publishes adult items only in files of their own (`adult_movie_ids_…`).
    public var adult: Bool
    public var day: ExportDay

    public init(type: CatalogueType, adult: Bool, day: ExportDay) {
        self.type = type
        self.adult = adult
        self.day = day
    }

    /// The file's name on TMDB's file server, e.g. `movie_ids_11_23_2026.json.gz`, `adult_tv_series_ids_…`,
    /// `person_ids_…` (the largest, several million lines `{"adult":false,"id":287,"name":"Brad Pitt","popularity":12.3}`).
    public var fileName: String {
        let kind =
            switch type {
            case .movie: "movie_ids"
            case .tv: "tv_series_ids"
            case .person: "person_ids"
            }
        return (adult ? "adult_" : "") + kind + "_" + day.fileNameText + ".json.gz"
    }

    public var description: String { fileName }
}
