/// The `watch_providers` table: TMDB's provider lists for movies and series united, one row per service, rewritten
/// whole by every run whose job appends `watch/providers`.
package enum WatchProviderTable {
    package static let table = CatalogueTable(
        "watch_providers", key: ["provider_id"],
        summary: "One row per streaming, rental or sales service of TMDB's provider lists for movies and series "
            + "(/3/watch/providers/movie and /tv, the first seen of an id kept), in provider_id order.",
        [
            CatalogueColumn("provider_id", .integer, "TMDB's id of the service."),
            CatalogueColumn("provider_name", .string, "The service's name in the job's language."),
            CatalogueColumns.logoPath,
        ])

    /// The catalogue tables whose `provider_id` names a row of the table.
    package static let referringTables = ["movie_watch_providers", "tv_watch_providers"]

    /// The table's files in `formats`.
    package static func files(formats: [OutputFormat]) -> [String] {
        formats.map { SnapshotLayout.file(table, $0) }
    }
}
