import RunStore

/// One history table a job with `"history": true` keeps beside a current table (``HistoryScript``): the current
/// table's columns but those that move every night or say when a row was read, with `valid_from` and `valid_to`.
///
/// - A main table `M` (`movies`, `tv_series`, `people`) has two: `M_history` (all but ``untrackedColumns``) and
///   `M_volatile_history` (`id` and those of ``volatileColumns`` M has), so that a title whose numbers alone moved
///   gets a narrow new version and no new wide one.
/// - Every other table `T` the run loads has `T_history` (all but ``untrackedColumns``).
package struct HistoryTable: Sendable, Hashable {
    /// The rows a delta night may have changed in the current table, the only ones it compares.
    package enum Scope: Sendable, Hashable {
        /// Every row: a table a delta reloads whole (dimensions, lists, the derived `collections`).
        case everyRow
        /// The rows whose `column` is the id of a title or person the night changed (a catalogue table), or, for a
        /// volatile history, whose numbers it refreshed.
        case changedIDs(column: String, catalogue: String, refreshed: Bool)
    }

    /// `movies_history`.
    package let name: String
    /// The current table it follows, `movies`.
    package let source: String
    /// The columns it keeps, in the current table's order and with its types.
    package let columns: [CatalogueColumn]
    /// Columns that are never NULL (the current table's primary key, a catalogue table's id column): compared with
    /// `=`, which a database can hash, where the others are compared with `IS NOT DISTINCT FROM`.
    package let keyColumns: [String]
    /// The current table's primary key, when the history keeps all of it: its open versions then hold each key once
    /// (they are the current rows), so a version closes by its key alone. Empty otherwise.
    package let uniqueKey: [String]
    /// The column a delta's changed ids select rows by, indexed for the open versions in PostgreSQL.
    package var indexed: String? {
        if case .changedIDs(let column, _, _) = scope { return column }
        return nil
    }
    package let scope: Scope

    /// What a night's popularity and votes are: a main table keeps them in its volatile history only.
    package static let volatileColumns = ["popularity", "vote_average", "vote_count"]
    /// Columns no history keeps: the volatile numbers, and when a row or its votes were read.
    package static let untrackedColumns = volatileColumns + ["fetched_at", "votes_at"]

    /// Columns every history table adds.
    package static let validFrom = "valid_from"
    package static let validTo = "valid_to"

    /// The history tables of a run's loaded tables (``LoadScript/loaded(_:)``), in their order.
    package static func tables(for loaded: [DescribedTable], of manifest: Manifest) -> [HistoryTable] {
        var mainTables: [String: String] = [:]
        for summary in manifest.catalogue ?? [] {
            if let main = CatalogueTable.tables(for: summary.type, appending: []).first {
                mainTables[main.name] = summary.type.rawValue
            }
        }
        return tables(for: loaded, mainTables: mainTables, keyed: DeltaScript.keyedTables(manifest))
    }

    /// The history tables of a run's loaded tables, in their order.
    /// - Parameters:
    ///   - mainTables: the catalogues' main tables by name, with their catalogue (`movies` → `movie`).
    ///   - keyed: each catalogue table's id column and catalogue; the other tables are reloaded whole by a delta.
    package static func tables(
        for loaded: [DescribedTable], mainTables: [String: String], keyed: [String: (column: String, type: String)]
    ) -> [HistoryTable] {
        loaded.flatMap { table -> [HistoryTable] in
            let columns = table.columns ?? []
            let kept = columns.filter { !untrackedColumns.contains($0.name) }
            let scope = keyed[table.name].map {
                Scope.changedIDs(column: $0.column, catalogue: $0.type, refreshed: false)
            }
            let keys = (table.primaryKey + [keyed[table.name]?.column].compactMap { $0 })
            let keptKey = table.primaryKey.allSatisfy { key in kept.contains { $0.name == key } }
            var tables = [
                HistoryTable(
                    name: "\(table.name)_history", source: table.name, columns: kept,
                    keyColumns: keys.filter { key in kept.contains { $0.name == key } }.uniqued(),
                    uniqueKey: keptKey ? table.primaryKey : [], scope: scope ?? .everyRow)
            ]
            let volatile = columns.filter { $0.name == "id" || volatileColumns.contains($0.name) }
            if let catalogue = mainTables[table.name], volatile.count > 1 {
                tables.append(
                    HistoryTable(
                        name: "\(table.name)_volatile_history", source: table.name, columns: volatile,
                        keyColumns: ["id"], uniqueKey: ["id"],
                        scope: .changedIDs(column: "id", catalogue: catalogue, refreshed: true)))
            }
            return tables
        }
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
