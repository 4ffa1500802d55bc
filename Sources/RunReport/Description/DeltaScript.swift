import RunStore

/// `delta.sql` (DuckDB) and `delta.postgres.sql` (psql): an incremental night's changes applied to the database that
/// holds the run it builds on, in one transaction, exactly once (``RunLedger``). For each catalogue it deletes every
/// row of the changed ids (added, replaced, deleted: a replaced id may have lost all its rows in a child table) from
/// each table, children before parents, loads the upserts, and applies the refreshed popularity and votes; the other
/// tables (the derived `collections`, the dimension and list tables) are small and reloaded whole.
///
/// Written only when every catalogue of the run is incremental on the same run: a night with a full catalogue (its
/// tables may differ from the base run's) is loaded whole.
package enum DeltaScript {
    /// - Parameter textTwins: the CSV files psql loads from their ``PostgresTextTwin``.
    package static func text(
        manifest: Manifest, tables: [DescribedTable], dialect: SQLDialect, textTwins: Set<String> = []
    ) -> String? {
        let catalogues = manifest.catalogue ?? []
        let bases = Set(catalogues.map { $0.incremental?.basedOnRun })
        guard !catalogues.isEmpty, bases.count == 1, let base = bases.first!, !base.contains(",") else {
            return replacing(manifest: manifest, tables: tables, dialect: dialect, textTwins: textTwins)
        }
        // The README's catch-up block reads the base run from this line: keep its words.
        let what = "Applies this incremental night to the database that holds run \(base), in one transaction."
        var lines = dialect.opening(manifest, .delta, what: what)
        lines += RunLedger.requireBase(manifest, basedOn: base, dialect) + [""]
        lines += HistoryScript.opening(manifest, comparing: .changedRows(base: base), dialect)

        // Each catalogue table's id column and the catalogue it belongs to; the derived tables are reloaded.
        let keyed = keyedTables(manifest)
        let byName = Dictionary(tables.map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
        for summary in catalogues {
            guard let changed = byName[SnapshotLayout.changedIDs(summary.type)] else { continue }
            lines += temporary(changed, named: changedIDsTable(summary.type.rawValue), dialect, textTwins)
        }
        lines.append("")

        let ordered = LoadScript.loaded(tables)
        for table in ordered.reversed() {
            let name = SQLDialect.identifier(table.name)
            if let key = keyed[table.name] {
                lines.append(
                    "DELETE FROM \(name) WHERE \(SQLDialect.identifier(key.column)) IN "
                        + "(SELECT id FROM \(changedIDsTable(key.type)));")
            } else {
                lines.append("DELETE FROM \(name);")
            }
        }
        lines.append("")
        for table in ordered {
            let path = keyed[table.name] != nil ? SnapshotLayout.upserts(table.name, .csv) : table.file.path
            lines.append(dialect.copy(table.name, from: path, hasTextTwin: textTwins.contains(path)))
        }
        lines.append("")

        var refreshedCatalogues: Set<String> = []
        for summary in catalogues {
            let type = summary.type.rawValue
            guard let refreshed = byName[SnapshotLayout.refreshed(summary.type)], let columns = refreshed.columns,
                let main = CatalogueTable.tables(for: summary.type, appending: []).first
            else { continue }
            let temporaryName = refreshedTable(type)
            refreshedCatalogues.insert(type)
            lines += temporary(refreshed, named: temporaryName, dialect, textTwins)
            let assignments = columns.dropFirst().map {
                "\(SQLDialect.identifier($0.name)) = r.\(SQLDialect.identifier($0.name))"
            }
            lines.append(
                "UPDATE \(SQLDialect.identifier(main.name)) SET \(assignments.joined(separator: ", ")) "
                    + "FROM \(temporaryName) r WHERE \(SQLDialect.identifier(main.name)).id = r.id;")
        }
        lines.append("")
        lines += HistoryScript.versions(
            manifest, HistoryTable.tables(for: ordered, of: manifest), comparing: .changedRows(base: base), dialect,
            refreshed: refreshedCatalogues)
        lines += [RunLedger.record(manifest, basedOn: base, dialect), "COMMIT;", ""]
        return lines.joined(separator: "\n")
    }

    /// The delta of a job with history whose night cannot be applied as changes (a catalogue ran in full, or the
    /// catalogues built on different runs): every table replaced, on the database that holds the run `latest` named
    /// when this one started, and history compared in full. Nil without history or without such a run.
    private static func replacing(
        manifest: Manifest, tables: [DescribedTable], dialect: SQLDialect, textTwins: Set<String>
    ) -> String? {
        guard let base = manifest.history?.previousRun else { return nil }
        let what =
            "Applies this night, whose catalogues ran in full, to the database that holds run \(base), in one "
            + "transaction: every table replaced, history compared in full."
        let ordered = LoadScript.loaded(tables)
        var lines = dialect.opening(manifest, .delta, what: what)
        lines += RunLedger.requireBase(manifest, basedOn: base, dialect) + [""]
        lines += HistoryScript.opening(manifest, comparing: .everyRow, dialect)
        lines += LoadScript.tableStatements(ordered, dialect, textTwins: textTwins, replacing: true)
        lines += HistoryScript.versions(
            manifest, HistoryTable.tables(for: ordered, of: manifest), comparing: .everyRow, dialect)
        lines += [RunLedger.record(manifest, basedOn: base, dialect), "COMMIT;", ""]
        return lines.joined(separator: "\n")
    }

    /// Each catalogue table's id column (`id` for a main table, the first column for the others) and catalogue; the
    /// derived tables (`collections`) are not keyed: a delta reloads them whole.
    package static func keyedTables(_ manifest: Manifest) -> [String: (column: String, type: String)] {
        var keyed: [String: (column: String, type: String)] = [:]
        for summary in manifest.catalogue ?? [] {
            let definitions = CatalogueTable.tables(for: summary.type, appending: Set(summary.appendedResources))
            for table in definitions where table.derivation == nil {
                keyed[table.name] = (
                    table.name == definitions[0].name ? "id" : table.columns[0].name, summary.type.rawValue
                )
            }
        }
        return keyed
    }

    /// The temporary table of the ids a catalogue's night changed.
    static func changedIDsTable(_ catalogue: String) -> String { "tmdb_delta_\(catalogue)_changed_ids" }
    /// The temporary table of the rows whose popularity and votes a catalogue's night refreshed.
    static func refreshedTable(_ catalogue: String) -> String { "tmdb_delta_\(catalogue)_refreshed" }

    /// A temporary table of a delta file's rows.
    private static func temporary(
        _ table: DescribedTable, named name: String, _ dialect: SQLDialect, _ textTwins: Set<String>
    ) -> [String] {
        [
            dialect.createTemporaryTable(name, columns: table.columns ?? []),
            dialect.copy(name, from: table.file.path, hasTextTwin: textTwins.contains(table.file.path)),
        ]
    }
}
