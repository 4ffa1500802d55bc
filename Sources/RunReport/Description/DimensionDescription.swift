import Foundation
import RunStore
import TMDBAPI

/// The files of a run's dimension tables (`keywords`, `companies`, `networks`) as ``DescribedTable``s, and the
/// references to them from the catalogue's tables, which should hold but are not declared as foreign keys: TMDB
/// makes its exports once a day, before the details a run fetches later, so a keyword, company or network added in
/// between is named by a title and missing from the export. A declared key would make frictionless reject the
/// whole package for one such row.
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
            return table
        }
    }

    /// Why a reference to a dimension table is not declared, in one sentence.
    package static let notDeclared =
        "not declared as a foreign key: TMDB's export of it is made once a day, before the details, so one added "
        + "since may be missing"
}
