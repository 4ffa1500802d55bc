import Foundation
import RunStore
import TMDBAPI

/// The files of one catalogue as ``DescribedTable``s: its tables from their ``CatalogueTable`` definitions, keyed
/// and linked to their main table, the details answers, and the delta of an incremental night.
package enum CatalogueDescription {
    package static func tables(_ summary: Manifest.CatalogueSummary) -> [DescribedTable] {
        let catalogueType = summary.type
        let definitions = CatalogueTable.tables(for: catalogueType, appending: Set(summary.appendedResources))
        let main = definitions[0]
        let keyedByMovie = definitions.filter { $0.derivation == .keyedByMovie }.map(keyedByMovieRows)
        let type = catalogueType.rawValue
        return (summary.files + (summary.deltaFiles ?? [])).compactMap { file in
            let name = tableName(file.path)
            if name == "\(type)_details" {
                return DescribedTable(
                    name: name, file: file,
                    description: "Every \(type) details answer as TMDB sent it (with its appended sub-resources), one "
                        + "compact JSON object per line, in id order.",
                    columns: nil)
            }
            if name == "\(type)_changed_ids" {
                return DescribedTable(
                    name: name, file: file,
                    description: "The ids an incremental night changed: a load deletes every row of these ids, then "
                        + "inserts the upserts.",
                    columns: [
                        CatalogueColumn("id", .integer, "The \(type)'s TMDB id."),
                        CatalogueColumn("change", .string, "added, replaced or deleted."),
                    ], primaryKey: ["id"])
            }
            if name == "\(type)_refreshed" {
                return DescribedTable(
                    name: name, file: file,
                    description: "The carried-over rows of \(main.name) whose popularity (tonight's export) or votes "
                        + "(tonight's discover pages) changed, with their new values: a load updates those columns of "
                        + "these rows.",
                    columns: [CatalogueColumn("id", .integer, "The \(type)'s TMDB id (`\(main.name).id`).")]
                        + CarriedRowRefresh.columns.compactMap { name in
                            main.columns.first { $0.name == "\(name)" }
                        },
                    primaryKey: ["id"])
            }
            guard
                let table = (definitions + keyedByMovie).first(where: { $0.name == name })
            else { return nil }
            return DescribedTable(
                name: name, file: file,
                description: (file.path.hasPrefix("delta/") ? "Tonight's rows of the fetched ids: " : "")
                    + description(of: table, main: main, type: catalogueType),
                columns: table.columns, primaryKey: table.key,
                foreignKeys: foreignKeys(of: table, main: main, among: definitions))
        }
    }

    /// `movies` for `movies.csv` and `delta/movies.upserts.csv`.
    package static func tableName(_ path: String) -> String {
        var name = (path as NSString).lastPathComponent
        for suffix in [".csv", ".ndjson", ".upserts"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        return name
    }

    private static func description(of table: CatalogueTable, main: CatalogueTable, type: CatalogueType) -> String {
        let item = type.reportNouns.singular
        if table.name == main.name { return "One row per \(item), in id order." }
        if let summary = table.summary { return summary }
        let joins = PersonTable.allCases.first { $0.table.name == table.name }?.joins ?? []
        return "Rows of each \(item) (\(table.columns[0].name)), in id order"
            + (table.resource.map { ", from the appended \($0.rawValue)" } ?? "") + "."
            + (joins.isEmpty
                ? ""
                : " A credit has one credit_id on both sides: join the titles' credits on "
                    + joins.map(\.condition).joined(separator: "; ") + ".")
    }

    /// A child table's first column refers to its main table's id, and a table that is part of another's rows
    /// (``CatalogueTable/partOf``) to that table's key; the main table's column that is a derived table's key
    /// (`movies.collection_id`) to that table.
    private static func foreignKeys(of table: CatalogueTable, main: CatalogueTable, among tables: [CatalogueTable])
        -> [DescribedTable.ForeignKey]
    {
        if table.name == main.name {
            return tables.filter { derived in
                derived.derivation != nil && derived.key.allSatisfy { key in table.columns.contains { $0.name == key } }
            }.map { .init(fields: $0.key, table: $0.name, referencedFields: $0.key) }
        }
        guard let first = table.columns.first, ["movie_id", "series_id", "person_id"].contains(first.name) else {
            return []
        }
        let parent = [DescribedTable.ForeignKey(fields: [first.name], table: main.name, referencedFields: ["id"])]
        guard let whole = tables.first(where: { $0.name == table.partOf }) else { return parent }
        return parent + [.init(fields: whole.key, table: whole.name, referencedFields: whole.key)]
    }

    /// The rows a derived table is made from, keyed by movie (the delta's `<table>_by_movie.upserts.*`).
    private static func keyedByMovieRows(_ derived: CatalogueTable) -> CatalogueTable {
        CatalogueTable(
            SnapshotLayout.keyedByMovieName(derived), key: ["movie_id"],
            [CatalogueColumns.movieID] + derived.columns)
    }
}
