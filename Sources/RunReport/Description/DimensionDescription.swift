import Foundation
import RunStore
import TMDBAPI

/// The files of a run's dimension tables (`keywords`, `companies`, `networks`, `watch_providers`) as
/// ``DescribedTable``s, and the references to them from the catalogue's tables, which should hold but are not declared
/// as foreign keys: TMDB makes its exports once a day, before the details a run fetches later, so a keyword, company or
/// network added in between is named by a title and missing from the export; the provider lists are read at the
/// start of the run, and a title's offers are read hours later, or carried from an earlier night. A declared key
/// would make frictionless reject the whole package for one such row.
package enum DimensionDescription {
    package static func tables(_ manifest: Manifest) -> [DescribedTable] {
        (manifest.dimensions ?? []).flatMap { summary in
            let table = DimensionTable.table(summary.type)
            return summary.files.map { file in
                DescribedTable(
                    name: table.name, file: file,
                    description: (table.summary ?? "") + " Read from \(summary.exportFile).",
                    columns: table.columns, primaryKey: table.key)
            }
        }
            + (manifest.watchProviders?.files ?? []).map { file in
                let table = WatchProviderTable.table
                return DescribedTable(
                    name: table.name, file: file, description: table.summary ?? "", columns: table.columns,
                    primaryKey: table.key)
            }
    }

    /// `catalogue` with the references its top-level tables should satisfy, to the dimension tables the run has.
    package static func joining(_ catalogue: [DescribedTable], to dimensions: [DescribedTable]) -> [DescribedTable] {
        let present = Set(dimensions.map(\.name))
        return catalogue.map { table in
            var table = table
            guard !table.file.path.contains("/") else { return table }
            for type in DimensionType.allCases where present.contains(type.tableName) {
                let (tables, column) = DimensionTable.referringColumn(type)
                guard tables.contains(table.name) else { continue }
                table.shouldJoin.append(.init(fields: [column], table: type.tableName, referencedFields: ["id"]))
            }
            let providers = WatchProviderTable.table.name
            if present.contains(providers), WatchProviderTable.referringTables.contains(table.name) {
                table.shouldJoin.append(
                    .init(fields: ["provider_id"], table: providers, referencedFields: ["provider_id"]))
            }
            return table
        }
    }

    /// Why a reference to a dimension table is not declared, in one sentence.
    package static let notDeclared =
        "not declared as a foreign key: the table is read once (TMDB's daily export, or the provider lists at the "
        + "start of the run) at another time than the details, so one added in between may be missing"
}
