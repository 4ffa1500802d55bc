import RunStore

/// `load.postgres.sql`: psql statements that create a run's tables in a schema (`tmdb`, or psql's `schema` variable)
/// with PostgreSQL's types, primary keys, foreign keys and comments from the descriptions, load them from the run's
/// CSV files with `\copy`, and record the run in ``RunLedger``, all in one transaction.
///
/// Run it from the run's folder: `psql -v ON_ERROR_STOP=1 -f load.postgres.sql` (`-v schema=NAME` for another
/// schema). The foreign keys are `DEFERRABLE INITIALLY DEFERRED`: checked at the commit, so that a nightly delta may
/// delete and reload a referenced row (a movie, a collection) in the same transaction.
package enum PostgresLoadScript {
    /// - Parameters:
    ///   - textTwins: the CSV files loaded from their ``PostgresTextTwin``.
    ///   - published: false for a run that is not `latest`: its first lines say so.
    package static func text(
        manifest: Manifest, tables: [DescribedTable], textTwins: Set<String> = [], published: Bool = true
    ) -> String {
        let ordered = LoadScript.loaded(tables)
        var lines = header(
            manifest,
            what: "Creates every table of the run with its types, keys and comments, and loads "
                + "it from the run's CSV files.", file: RunDescription.postgresLoadScriptName)
        if !published {
            lines.insert(
                contentsOf: RunDescription.notPublishedNote(manifest),
                at: lines.firstIndex { !$0.hasPrefix("--") } ?? lines.endIndex)
        }
        lines += ["SET LOCAL search_path TO :\"schema\";"] + RunLedger.lock + RunLedger.refuseLoad(manifest)
        lines += ["CREATE SCHEMA IF NOT EXISTS :\"schema\";", ""]
        for table in ordered {
            let name = SQLDialect.identifier(table.name)
            var definitions = table.columns!.map {
                "    \(SQLDialect.identifier($0.name)) \(SQLDialect.postgres.type($0.type))"
            }
            if !table.primaryKey.isEmpty {
                definitions.append("    PRIMARY KEY (\(columns(table.primaryKey)))")
            }
            lines.append("CREATE TABLE \(name) (\n\(definitions.joined(separator: ",\n"))\n);")
            lines.append("COMMENT ON TABLE \(name) IS '\(SQLDialect.literal(table.description))';")
            for column in table.columns! {
                lines.append(
                    "COMMENT ON COLUMN \(name).\(SQLDialect.identifier(column.name)) IS "
                        + "'\(SQLDialect.literal(column.description))';")
            }
            for key in table.shouldJoin where ordered.contains(where: { $0.name == key.table }) {
                lines.append(
                    "-- Should join: (\(key.fields.joined(separator: ", "))) → \(key.table) "
                        + "(\(key.referencedFields.joined(separator: ", "))), \(DimensionDescription.notDeclared).")
            }
            lines.append(
                SQLDialect.postgres.copy(
                    table.name, from: table.file.path, hasTextTwin: textTwins.contains(table.file.path)))
            lines.append("")
        }
        for table in ordered {
            for key in table.foreignKeys where ordered.contains(where: { $0.name == key.table }) {
                lines.append(
                    "ALTER TABLE \(SQLDialect.identifier(table.name)) ADD FOREIGN KEY (\(columns(key.fields))) "
                        + "REFERENCES \(SQLDialect.identifier(key.table)) (\(columns(key.referencedFields))) "
                        + "DEFERRABLE INITIALLY DEFERRED;")
            }
        }
        lines +=
            [""] + RunLedger.create(.postgres) + [RunLedger.record(manifest, basedOn: nil, .postgres), "COMMIT;", ""]
        return lines.joined(separator: "\n")
    }

    /// The opening lines both PostgreSQL scripts share: what the script is, how to run it, psql's settings, the schema
    /// variable and the transaction.
    package static func header(_ manifest: Manifest, what: String, file: String) -> [String] {
        [
            "-- \(manifest.job): run \(manifest.runID), written by tmdb-export \(manifest.toolVersion).",
            "-- \(DataPackage.attribution)",
            "-- \(what)",
            "-- Run it from this folder: psql -v ON_ERROR_STOP=1 -f \(file)  (-v schema=NAME: another schema than tmdb)",
            "\\set ON_ERROR_STOP on",
            "\\if :{?schema}",
            "\\else",
            "\\set schema tmdb",
            "\\endif",
            "BEGIN;",
        ]
    }

    private static func columns(_ names: [String]) -> String {
        names.map(SQLDialect.identifier).joined(separator: ", ")
    }
}
