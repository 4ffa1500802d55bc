/// One of TMDB's daily export files, named by its type and day: an ID export (``IDExportFile``) or a dimension
/// export (``DimensionExportFile``).
public protocol DailyExportFile: Sendable, Hashable {
    /// The file's name on TMDB's file server, e.g. `movie_ids_11_23_2026.json.gz`.
    var fileName: String { get }
}

extension IDExportFile: DailyExportFile {}

extension DimensionExportFile: DailyExportFile {}
