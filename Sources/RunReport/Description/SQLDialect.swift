import RunStore

/// What differs between the databases the run's scripts are written for: DuckDB (`load.sql`, `delta.sql`, run by
/// `duckdb`) and PostgreSQL (`load.postgres.sql`, `delta.postgres.sql`, run by `psql`). Everything else (the tables,
/// their order, keys and the steps of a delta) comes from the same ``DescribedTable``s for both, through
/// ``LoadScript`` and ``DeltaScript``.
package enum SQLDialect: Sendable, CaseIterable {
    case duckdb
    case postgres

    /// The two scripts a run writes for each dialect.
    package enum Script: Sendable {
        /// Creates and loads every table (``LoadScript``).
        case load
        /// Applies an incremental night (``DeltaScript``).
        case delta
    }

    /// The file a script is written to in the run's folder.
    package func fileName(_ script: Script) -> String {
        switch (self, script) {
        case (.duckdb, .load): RunDescription.loadScriptName
        case (.duckdb, .delta): RunDescription.deltaScriptName
        case (.postgres, .load): RunDescription.postgresLoadScriptName
        case (.postgres, .delta): RunDescription.postgresDeltaScriptName
        }
    }

    /// The type of a column; a list stays the `|`-joined text of the CSV in both.
    package func type(_ type: CatalogueColumn.ValueType) -> String {
        let (duckdb, postgres) =
            switch type {
            case .integer: ("BIGINT", "bigint")
            case .number: ("DOUBLE", "double precision")
            case .string, .list: ("VARCHAR", "text")
            case .boolean: ("BOOLEAN", "boolean")
            case .date: ("DATE", "date")
            case .datetime: ("TIMESTAMP", "timestamptz")
            }
        return switch self {
        case .duckdb: duckdb
        case .postgres: postgres
        }
    }

    /// The type of a moment with its time zone (when a run was applied), and the moment a transaction runs at.
    package var timestampWithZone: (type: String, now: String) {
        switch self {
        case .duckdb: ("TIMESTAMPTZ", "current_timestamp")
        case .postgres: ("timestamptz", "now()")
        }
    }

    /// Whether the load script declares the foreign keys and comments of its tables. PostgreSQL's foreign keys are
    /// `DEFERRABLE INITIALLY DEFERRED`: checked at the commit, so that a nightly delta may delete and reload a
    /// referenced row (a movie, a collection) in the same transaction. DuckDB's are written as comments: it refuses
    /// to delete a referenced row even after its children in the same transaction, which is what a nightly delta
    /// load does; the tables' descriptions are comments too.
    package var declaresConstraints: Bool { self == .postgres }

    /// What the load script says it does.
    package var loadSummary: String {
        switch self {
        case .duckdb: "Creates every table of the run with its types and keys, and loads it from the run's CSV files."
        case .postgres:
            "Creates every table of the run with its types, keys and comments, and loads it from the run's CSV files."
        }
    }

    /// What the load script of a job with history says it does.
    package var catchUpSummary: String {
        "Creates or catches up every table of the run (an empty database, or one that holds an older night of this "
            + "job: current tables replaced, history versions closed and opened for what differs), from its CSV files."
    }

    /// The opening lines of a script, up to its first statement in the transaction: what the script is, how to run
    /// it, `note` (a run that is not published says so), the dialect's settings and the transaction. PostgreSQL's
    /// scripts work in a schema (`tmdb`, or psql's `schema` variable) and take ``RunLedger/lock`` first; a load
    /// refuses a schema that already holds runs, unless it is `catchingUp` (its checks follow the opening).
    package func opening(
        _ manifest: Manifest, _ script: Script, what: String, note: [String] = [], catchingUp: Bool = false
    ) -> [String] {
        let lines =
            [
                "-- \(manifest.job): run \(manifest.runID), written by tmdb-export \(manifest.toolVersion).",
                "-- \(DataPackage.attribution)",
                "-- \(what)",
                "-- Run it from this folder: \(command(script))",
            ] + note
        switch (self, script) {
        case (.duckdb, .load): return lines + ["", "BEGIN TRANSACTION;", ""]
        case (.duckdb, .delta): return lines + ["BEGIN TRANSACTION;"]
        case (.postgres, _):
            var settings = [
                "\\set ON_ERROR_STOP on", "\\if :{?schema}", "\\else", "\\set schema tmdb", "\\endif", "BEGIN;",
                "SET LOCAL search_path TO :\"schema\";",
            ]
            // History's `IF NOT EXISTS` statements would each say that what is there is there.
            if manifest.history != nil { settings.append("SET LOCAL client_min_messages TO warning;") }
            let load =
                script == .load
                ? (catchingUp ? [] : RunLedger.refuseLoad(manifest)) + ["CREATE SCHEMA IF NOT EXISTS :\"schema\";", ""]
                : []
            return lines + settings + RunLedger.lock + load
        }
    }

    /// How a script is run from the run's folder.
    private func command(_ script: Script) -> String {
        let file = fileName(script)
        return switch (self, script) {
        case (.duckdb, .load): "duckdb tmdb.duckdb < \(file)"
        case (.duckdb, .delta): "duckdb -bail tmdb.duckdb < \(file) (or .read \(file))"
        case (.postgres, _): "psql -v ON_ERROR_STOP=1 -f \(file)  (-v schema=NAME: another schema than tmdb)"
        }
    }

    /// `CREATE TABLE` with the columns' types and the primary key; `IF NOT EXISTS` where a table may be there.
    package func createTable(_ table: DescribedTable, ifNotExists: Bool = false) -> String {
        var definitions = (table.columns ?? []).map { "    \(Self.identifier($0.name)) \(type($0.type))" }
        if !table.primaryKey.isEmpty {
            definitions.append("    PRIMARY KEY (\(Self.identifiers(table.primaryKey)))")
        }
        return
            "CREATE TABLE \(ifNotExists ? "IF NOT EXISTS " : "")\(Self.identifier(table.name)) (\n\(definitions.joined(separator: ",\n"))\n);"
    }

    /// `CREATE TEMPORARY TABLE` for a delta file's rows, dropped with the transaction in PostgreSQL and with the
    /// connection in DuckDB.
    package func createTemporaryTable(_ name: String, columns: [CatalogueColumn]) -> String {
        let definitions = columns.map { "\(Self.identifier($0.name)) \(type($0.type))" }
        let drop =
            switch self {
            case .duckdb: ""
            case .postgres: " ON COMMIT DROP"
            }
        return "CREATE TEMPORARY TABLE \(name) (\(definitions.joined(separator: ", ")))\(drop);"
    }

    /// The statement that loads `path` (relative to the run's folder) into `table`: DuckDB's `COPY`, psql's
    /// `\copy`, which reads the file on the client's side (no superuser, no file on the server).
    ///
    /// DuckDB is told the whole dialect the CSV writer writes, so it sniffs nothing (a sniffer can misjudge a file
    /// whose first rows hold a 3 MB overview), and a line size that fits any row of the largest answer the client
    /// accepts. psql loads the file's ``PostgresTextTwin`` instead where `hasTextTwin`: psql 15 takes a line that is
    /// exactly `\.` for the end of the data even inside a quoted CSV field.
    package func copy(_ table: String, from path: String, hasTextTwin: Bool = false) -> String {
        switch self {
        case .duckdb:
            "COPY \(Self.identifier(table)) FROM '\(Self.literal(path))' (FORMAT csv, HEADER true, DELIMITER ',', "
                + "QUOTE '\"', ESCAPE '\"', NULLSTR '', AUTO_DETECT false, MAX_LINE_SIZE \(Self.maximumLineSize));"
        case .postgres where hasTextTwin:
            "\\copy \(Self.identifier(table)) FROM '\(Self.literal(PostgresTextTwin.path(for: path)))' WITH (FORMAT text)"
        case .postgres:
            "\\copy \(Self.identifier(table)) FROM '\(Self.literal(path))' WITH (FORMAT csv, HEADER true)"
        }
    }

    /// What follows a table's load: DuckDB's commented `COPY … TO '….parquet'`.
    package func afterCopy(_ table: String) -> [String] {
        switch self {
        case .duckdb: ["-- COPY \(Self.identifier(table)) TO '\(Self.literal(table)).parquet' (FORMAT parquet);"]
        case .postgres: []
        }
    }

    /// DuckDB's `MAX_LINE_SIZE`: a CSV row holds at most about one answer's text (the client refuses an answer over
    /// 8 MiB), and quoting can double it (every `"` becomes `""`), so 16 MiB, with as much again for the rest of
    /// the row's columns and lists.
    package static let maximumLineSize = 32 << 20

    /// A quoted identifier (`order` is a keyword).
    package static func identifier(_ name: String) -> String {
        "\"\(name.replacingOccurrences(of: "\"", with: "\"\""))\""
    }

    /// Quoted identifiers, comma-separated.
    package static func identifiers(_ names: [String]) -> String { names.map(identifier).joined(separator: ", ") }

    /// The text of a string literal, quotes doubled.
    package static func literal(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "''") }
}
