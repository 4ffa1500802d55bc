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
    package func copy(_ table: String, from path: String) -> String {
        switch self {
        case .duckdb:
            "COPY \(Self.identifier(table)) FROM '\(Self.literal(path))' (FORMAT csv, HEADER true, QUOTE '\"', "
                + "ESCAPE '\"', NULLSTR '');"
        case .postgres:
            "\\copy \(Self.identifier(table)) FROM '\(Self.literal(path))' WITH (FORMAT csv, HEADER true)"
        }
    }

    /// A quoted identifier (`order` is a keyword).
    package static func identifier(_ name: String) -> String {
        "\"\(name.replacingOccurrences(of: "\"", with: "\"\""))\""
    }

    /// The text of a string literal, quotes doubled.
    package static func literal(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "''") }
}
