import RunStore

/// What differs between the databases the run's scripts are written for: DuckDB (`load.sql`, `delta.sql`, run by
/// `duckdb`) and PostgreSQL (`load.postgres.sql`, `delta.postgres.sql`, run by `psql`). Everything else (the tables,
/// their order, keys and the steps of a delta) comes from the same ``DescribedTable``s for both.
package enum SQLDialect: Sendable, CaseIterable {
    case duckdb
    case postgres

    /// The type of a column; a list stays the `|`-joined text of the CSV in both.
    package func type(_ type: CatalogueColumn.ValueType) -> String {
        switch (self, type) {
        case (.duckdb, _): LoadScript.sqlType(type)
        case (.postgres, .integer): "bigint"
        case (.postgres, .number): "double precision"
        case (.postgres, .string), (.postgres, .list): "text"
        case (.postgres, .boolean): "boolean"
        case (.postgres, .date): "date"
        case (.postgres, .datetime): "timestamptz"
        }
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

    /// DuckDB's `MAX_LINE_SIZE`: a CSV row holds at most about one answer's text (the client refuses an answer over
    /// 8 MiB), and quoting can double it (every `"` becomes `""`), so 16 MiB, with as much again for the rest of
    /// the row's columns and lists.
    package static let maximumLineSize = 32 << 20

    /// A quoted identifier (`order` is a keyword).
    package static func identifier(_ name: String) -> String {
        "\"\(name.replacingOccurrences(of: "\"", with: "\"\""))\""
    }

    /// The text of a string literal, quotes doubled.
    package static func literal(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "''") }
}
