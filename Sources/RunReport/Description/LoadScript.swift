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
        // A job with history loads over an older night of its own: it catches the database up.
        let catchingUp = manifest.history != nil
        var lines = dialect.opening(
            manifest, .load, what: catchingUp ? dialect.catchUpSummary : dialect.loadSummary,
            note: published ? [] : RunDescription.notPublishedNote(manifest), catchingUp: catchingUp)
        if catchingUp {
            lines += RunLedger.create(dialect, ifNotExists: true) + RunLedger.refuseCatchUp(manifest, dialect) + [""]
            lines += HistoryScript.opening(manifest, comparing: .everyRow, dialect)
        }
        lines += tableStatements(ordered, dialect, textTwins: textTwins, replacing: catchingUp)
        if catchingUp {
            lines += HistoryScript.versions(
                manifest, HistoryTable.tables(for: ordered, of: manifest), comparing: .everyRow, dialect)
        } else {
            lines += RunLedger.create(dialect)
        }
        lines += [RunLedger.record(manifest, basedOn: nil, dialect), "COMMIT;", ""]
        return lines.joined(separator: "\n")
    }

    /// Creates and loads the tables (`ordered`, parents first), with their foreign keys in PostgreSQL. `replacing`:
    /// tables that exist keep their definition and lose their rows first (a load that catches a database up, a
    /// delta that replaces every table), and the foreign keys are named, so that declaring them again replaces them.
    static func tableStatements(
        _ ordered: [DescribedTable], _ dialect: SQLDialect, textTwins: Set<String>, replacing: Bool
    ) -> [String] {
        var lines: [String] = []
        var copies: [String] = []
        for table in ordered {
            let shouldJoin = table.shouldJoin.filter { key in ordered.contains { $0.name == key.table } }.map {
                "-- Should join: \(reference($0)), \(DimensionDescription.notDeclared)."
            }
            let copy =
                [dialect.copy(table.name, from: table.file.path, hasTextTwin: textTwins.contains(table.file.path))]
                + dialect.afterCopy(table.name) + [""]
            if dialect.declaresConstraints {
                lines.append(dialect.createTable(table, ifNotExists: replacing))
                lines += comments(on: table) + shouldJoin
                // Replacing: every table is emptied at once, since PostgreSQL truncates a referenced table only
                // with those that refer to it.
                if replacing { copies += copy } else { lines += copy }
            } else {
                let references = table.foreignKeys.filter { key in ordered.contains { $0.name == key.table } }.map {
                    "-- References: \(reference($0)), not declared as a FOREIGN KEY so that a delta can be applied in "
                        + "one transaction."
                }
                lines += ["-- \(table.description) \(table.file.rows) rows."] + references + shouldJoin
                lines.append(dialect.createTable(table, ifNotExists: replacing))
                if replacing { lines.append("DELETE FROM \(SQLDialect.identifier(table.name));") }
                lines += copy
            }
        }
        if dialect.declaresConstraints {
            for table in ordered {
                for key in table.foreignKeys where ordered.contains(where: { $0.name == key.table }) {
                    let declaration =
                        "FOREIGN KEY (\(SQLDialect.identifiers(key.fields))) REFERENCES "
                        + "\(SQLDialect.identifier(key.table)) (\(SQLDialect.identifiers(key.referencedFields))) "
                        + "DEFERRABLE INITIALLY DEFERRED;"
                    if replacing {
                        let constraint = SQLDialect.identifier(
                            ([table.name] + key.fields + ["fkey"]).joined(separator: "_"))
                        lines.append(
                            "ALTER TABLE \(SQLDialect.identifier(table.name)) DROP CONSTRAINT IF EXISTS \(constraint), "
                                + "ADD CONSTRAINT \(constraint) \(declaration)")
                    } else {
                        lines.append("ALTER TABLE \(SQLDialect.identifier(table.name)) ADD \(declaration)")
                    }
                }
            }
            lines.append("")
        }
        // Replacing, the foreign keys are declared before the rows change: PostgreSQL alters no table that has
        // deferred checks pending.
        if !copies.isEmpty {
            lines += ["TRUNCATE \(SQLDialect.identifiers(ordered.map(\.name)));", ""] + copies
        }
        return lines
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
