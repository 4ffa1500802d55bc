import RunStore

/// `load.sql`: DuckDB statements that create a run's tables with the data package's types and primary keys (the
/// references between tables as comments) and load them from the run's CSV files, by paths relative to the run's
/// folder, with a commented `COPY … TO '….parquet'` each, and record the run in ``RunLedger`` (`tmdb_export_runs`), in
/// one transaction, so that the night's `delta.sql` (``DeltaScript``) can check it builds on it.
///
/// Run it from the run's folder: `cd output/<job>/latest && duckdb tmdb.duckdb < load.sql`.
package enum LoadScript {
    package static func text(manifest: Manifest, tables: [DescribedTable], published: Bool = true) -> String {
        let ordered = loaded(tables)
        var lines = [
            "-- \(manifest.job): run \(manifest.runID), written by tmdb-export \(manifest.toolVersion).",
            "-- \(DataPackage.attribution)",
            "-- Creates every table of the run with its types and keys, and loads it from the run's CSV files.",
            "-- Run it from this folder: duckdb tmdb.duckdb < load.sql",
        ]
        if !published { lines += RunDescription.notPublishedNote(manifest) }
        lines += ["", "BEGIN TRANSACTION;", ""]
        for table in ordered {
            let name = identifier(table.name)
            var definitions = table.columns!.map { "    \(identifier($0.name)) \(sqlType($0.type))" }
            if !table.primaryKey.isEmpty {
                definitions.append("    PRIMARY KEY (\(table.primaryKey.map(identifier).joined(separator: ", ")))")
            }
            lines.append("-- \(table.description) \(table.file.rows) rows.")
            // Written, not declared: DuckDB refuses to delete a referenced row even after its children in the same
            // transaction, which is what a nightly delta load does.
            for key in table.foreignKeys where ordered.contains(where: { $0.name == key.table }) {
                lines.append(
                    "-- References: (\(key.fields.joined(separator: ", "))) → \(key.table) "
                        + "(\(key.referencedFields.joined(separator: ", "))), not declared as a FOREIGN KEY so that a "
                        + "delta can be applied in one transaction.")
            }
            for key in table.shouldJoin where ordered.contains(where: { $0.name == key.table }) {
                lines.append(
                    "-- Should join: (\(key.fields.joined(separator: ", "))) → \(key.table) "
                        + "(\(key.referencedFields.joined(separator: ", "))), \(DimensionDescription.notDeclared).")
            }
            lines.append("CREATE TABLE \(name) (\n\(definitions.joined(separator: ",\n"))\n);")
            lines.append(SQLDialect.duckdb.copy(table.name, from: table.file.path))
            lines.append("-- COPY \(name) TO '\(literal(table.name)).parquet' (FORMAT parquet);")
            lines.append("")
        }
        lines += RunLedger.create(.duckdb) + [RunLedger.record(manifest, basedOn: nil, .duckdb), "COMMIT;", ""]
        return lines.joined(separator: "\n")
    }

    /// The snapshot's tables (not the delta's, which a nightly load applies to them), parents before children.
    package static func loaded(_ tables: [DescribedTable]) -> [DescribedTable] {
        let loaded = tables.filter { $0.isCSV && $0.columns != nil && !$0.file.path.contains("/") }
        return loaded.sorted { rank($0, in: loaded) < rank($1, in: loaded) }
    }

    /// Tables that others refer to come first.
    private static func rank(_ table: DescribedTable, in tables: [DescribedTable]) -> Int {
        if table.foreignKeys.isEmpty { return 0 }
        return 1
            + (table.foreignKeys.compactMap { key in tables.first { $0.name == key.table } }
                .filter { $0.name != table.name }.map { rank($0, in: tables) }.max() ?? 0)
    }

    /// DuckDB's types for the package's; a list stays the `|`-joined text of the CSV.
    package static func sqlType(_ type: CatalogueColumn.ValueType) -> String {
        switch type {
        case .integer: "BIGINT"
        case .number: "DOUBLE"
        case .string, .list: "VARCHAR"
        case .boolean: "BOOLEAN"
        case .date: "DATE"
        case .datetime: "TIMESTAMP"
        }
    }

    private static func identifier(_ name: String) -> String { SQLDialect.identifier(name) }

    private static func literal(_ text: String) -> String { SQLDialect.literal(text) }
}
