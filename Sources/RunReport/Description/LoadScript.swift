import RunStore

/// `load.sql` (DuckDB) and `load.postgres.sql` (psql): statements that create a run's tables with the data package's
/// types and primary keys, load them from the run's CSV files by paths relative to the run's folder, and record the
/// run in ``RunLedger`` (`tmdb_export_runs`), in one transaction, so that the night's delta script (``DeltaScript``)
/// can check it builds on it. PostgreSQL's script also declares the foreign keys and the descriptions as comments,
/// in a schema; DuckDB's writes them as SQL comments, with a commented `COPY … TO '….parquet'` each
/// (``SQLDialect/declaresConstraints``).
///
/// Run it from the run's folder: `cd output/<job>/latest && duckdb tmdb.duckdb < load.sql`, or
/// `psql -v ON_ERROR_STOP=1 -f load.postgres.sql` (`-v schema=NAME` for another schema than `tmdb`).
package enum LoadScript {
    /// - Parameters:
    ///   - textTwins: the CSV files psql loads from their ``PostgresTextTwin``.
    ///   - published: false for a run that is not `latest`: its first lines say so.
    package static func text(
        manifest: Manifest, tables: [DescribedTable], dialect: SQLDialect = .duckdb, textTwins: Set<String> = [],
        published: Bool = true
    ) -> String {
        let ordered = loaded(tables)
        var lines = dialect.opening(
            manifest, .load, what: dialect.loadSummary,
            note: published ? [] : RunDescription.notPublishedNote(manifest))
        for table in ordered {
            let shouldJoin = table.shouldJoin.filter { key in ordered.contains { $0.name == key.table } }.map {
                "-- Should join: \(reference($0)), \(DimensionDescription.notDeclared)."
            }
            if dialect.declaresConstraints {
                lines.append(dialect.createTable(table))
                lines += comments(on: table) + shouldJoin
            } else {
                let references = table.foreignKeys.filter { key in ordered.contains { $0.name == key.table } }.map {
                    "-- References: \(reference($0)), not declared as a FOREIGN KEY so that a delta can be applied in "
                        + "one transaction."
                }
                lines += ["-- \(table.description) \(table.file.rows) rows."] + references + shouldJoin
                lines.append(dialect.createTable(table))
            }
            lines.append(
                dialect.copy(table.name, from: table.file.path, hasTextTwin: textTwins.contains(table.file.path)))
            lines += dialect.afterCopy(table.name) + [""]
        }
        if dialect.declaresConstraints {
            for table in ordered {
                for key in table.foreignKeys where ordered.contains(where: { $0.name == key.table }) {
                    lines.append(
                        "ALTER TABLE \(SQLDialect.identifier(table.name)) ADD FOREIGN KEY "
                            + "(\(SQLDialect.identifiers(key.fields))) REFERENCES \(SQLDialect.identifier(key.table)) "
                            + "(\(SQLDialect.identifiers(key.referencedFields))) DEFERRABLE INITIALLY DEFERRED;")
                }
            }
            lines.append("")
        }
        lines += RunLedger.create(dialect) + [RunLedger.record(manifest, basedOn: nil, dialect), "COMMIT;", ""]
        return lines.joined(separator: "\n")
    }

    /// `(fields) → table (fields)`.
    private static func reference(_ key: DescribedTable.ForeignKey) -> String {
        "(\(key.fields.joined(separator: ", "))) → \(key.table) (\(key.referencedFields.joined(separator: ", ")))"
    }

    /// The table's and its columns' descriptions as `COMMENT ON` statements.
    private static func comments(on table: DescribedTable) -> [String] {
        let name = SQLDialect.identifier(table.name)
        return ["COMMENT ON TABLE \(name) IS '\(SQLDialect.literal(table.description))';"]
            + (table.columns ?? []).map { column in
                "COMMENT ON COLUMN \(name).\(SQLDialect.identifier(column.name)) IS "
                    + "'\(SQLDialect.literal(column.description))';"
            }
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
}
