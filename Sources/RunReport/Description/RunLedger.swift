import RunStore

/// `tmdb_export_runs`: the runs a database holds, one row per load or delta applied, written in the same transaction
/// as the data. A delta checks it before it changes anything, so that each night is applied exactly once and in
/// order: the same night twice, a night whose base run is not the database's latest, and a night after a gap are
/// refused with the runs named, and the transaction is rolled back.
package enum RunLedger {
    package static let table = "tmdb_export_runs"

    /// Whether the run's latest row comes first: runs are applied in order, and their ids are UTC times.
    private static let newestFirst = "ORDER BY applied_at DESC, run_id DESC LIMIT 1"

    /// - Parameter ifNotExists: the table may be there (a load that catches a database up).
    package static func create(_ dialect: SQLDialect, ifNotExists: Bool = false) -> [String] {
        let text = dialect.type(.string)
        let (time, now) = dialect.timestampWithZone
        return [
            "-- The runs this database holds, one row per load or delta: a delta applies only on top of its base run.",
            "CREATE TABLE \(ifNotExists ? "IF NOT EXISTS " : "")\(table) (",
            "    run_id \(text) PRIMARY KEY,",
            "    based_on_run \(text),",
            "    job \(text) NOT NULL,",
            "    applied_as \(text) NOT NULL,",
            "    applied_at \(time) NOT NULL DEFAULT \(now)",
            ");",
        ]
    }

    /// Records the run: a full load (`basedOn` nil) or a delta on top of `basedOn`.
    package static func record(_ manifest: Manifest, basedOn: String?, _ dialect: SQLDialect) -> String {
        let file = dialect.fileName(basedOn == nil ? .load : .delta)
        return "INSERT INTO \(table) (run_id, based_on_run, job, applied_as) VALUES ("
            + "'\(SQLDialect.literal(manifest.runID))', \(basedOn.map { "'\(SQLDialect.literal($0))'" } ?? "NULL"), "
            + "'\(SQLDialect.literal(manifest.job))', '\(file)');"
    }

    /// PostgreSQL: the first step of every script that changes the database, in its transaction, before its check:
    /// a lock on the schema (a key from `tmdb_export` and psql's `schema` variable) held to the commit, so that a
    /// second load or delta on the same schema waits, then sees the first one's run and refuses with the tool's own
    /// message, never on a data key. Other schemas are not held up.
    package static let lock = [
        "-- One load or delta at a time in this schema: a second session waits here, then meets the check below.",
        "SELECT pg_advisory_xact_lock(hashtext('tmdb_export'), hashtext(:'schema')) AS tmdb_export_lock \\gset",
    ]

    /// PostgreSQL: a full load refuses a schema that already holds runs (its tables exist: the next step would fail
    /// less clearly).
    package static func refuseLoad(_ manifest: Manifest) -> [String] {
        let run = SQLDialect.literal(manifest.runID)
        return [
            "DO $$",
            "DECLARE latest text;",
            "BEGIN",
            "    IF to_regclass('\(table)') IS NOT NULL THEN",
            "        SELECT run_id INTO latest FROM \(table) \(newestFirst);",
            "        RAISE EXCEPTION 'tmdb-export: schema % already holds run % : a full load (run \(run)) needs an "
                + "empty schema; apply each night''s delta.postgres.sql instead, or load into another schema "
                + "(psql -v schema=NAME)', current_schema(), latest;",
            "    END IF;",
            "END $$;",
        ]
    }

    /// A refusal's text for PL/pgSQL's `RAISE`: each `%s` becomes the `%` its arguments fill.
    static func raised(_ text: String) -> String { text.replacingOccurrences(of: "%s", with: "%") }

    /// A refusal's text for DuckDB's `error()`: a string expression with each `%s` replaced by the SQL expression of
    /// `values` at its position.
    static func concatenated(_ text: String, _ values: [String]) -> String {
        let parts = text.components(separatedBy: "%s")
        var expression = "'" + parts[0]
        for (value, part) in zip(values, parts.dropFirst()) { expression += "' || \(value) || '" + part }
        return expression + "'"
    }

    /// The check a load of a job with history starts with, before it changes anything: a database that holds runs
    /// holds this job's, and only older nights than this one (it is caught up to this night); an empty one is loaded.
    package static func refuseCatchUp(_ manifest: Manifest, _ dialect: SQLDialect) -> [String] {
        let run = SQLDialect.literal(manifest.runID)
        let job = SQLDialect.literal(manifest.job)
        let otherJob =
            "tmdb-export: this database holds run %s of job %s: the load of job \(job) (run \(run)) catches up only a "
            + "database of its own job; nothing changed"
        let notOlder =
            "tmdb-export: this database already holds run %s, this night (run \(run)) or a newer one: nothing changed"
        switch dialect {
        case .postgres:
            return [
                "DO $$",
                "DECLARE latest text; latest_job text;",
                "BEGIN",
                "    SELECT run_id, job INTO latest, latest_job FROM \(table) \(newestFirst);",
                "    IF latest_job <> '\(job)' THEN",
                "        RAISE EXCEPTION '\(raised(otherJob))', latest, latest_job;",
                "    ELSIF latest >= '\(run)' THEN",
                "        RAISE EXCEPTION '\(raised(notOlder))', latest;",
                "    END IF;",
                "END $$;",
            ]
        case .duckdb:
            let latest = "(SELECT run_id FROM \(table) \(newestFirst))"
            let latestJob = "(SELECT job FROM \(table) \(newestFirst))"
            return [
                "SELECT CASE",
                "    WHEN \(latestJob) <> '\(job)' THEN error(\(concatenated(otherJob, [latest, latestJob])))",
                "    WHEN \(latest) >= '\(run)' THEN error(\(concatenated(notOlder, [latest])))",
                "END AS tmdb_export_catch_up_checked;",
            ]
        }
    }

    /// The check a delta starts with: the database holds the run it builds on as its latest, and not this run.
    package static func requireBase(_ manifest: Manifest, basedOn base: String, _ dialect: SQLDialect) -> [String] {
        let run = SQLDialect.literal(manifest.runID)
        let base = SQLDialect.literal(base)
        let (script, load) = (dialect.fileName(.delta), dialect.fileName(.load))
        let twice = "tmdb-export: run \(run) was already applied to this database; nothing changed"
        let newer =
            "tmdb-export: run \(run) builds on run \(base), but this database is at run %s, newer: "
            + "nothing changed (a night is applied after the one it builds on, never after a later one)"
        let gap =
            "tmdb-export: run \(run) builds on run \(base), but this database is at run %s: apply first, "
            + "in order, the \(script) of every published run after %s through \(base), or load a full run with \(load) "
            + "into an empty database; nothing changed"
        switch dialect {
        case .postgres:
            return [
                "DO $$",
                "DECLARE latest text;",
                "BEGIN",
                "    IF to_regclass('\(table)') IS NULL THEN",
                "        RAISE EXCEPTION 'tmdb-export: schema % holds no run (no \(table) table): load a full run "
                    + "with \(load) first; nothing changed', current_setting('search_path');",
                "    END IF;",
                "    IF EXISTS (SELECT FROM \(table) WHERE run_id = '\(run)') THEN",
                "        RAISE EXCEPTION '\(twice)';",
                "    END IF;",
                "    SELECT run_id INTO latest FROM \(table) \(newestFirst);",
                "    IF latest > '\(run)' THEN",
                "        RAISE EXCEPTION '\(raised(newer))', latest;",
                "    ELSIF latest IS DISTINCT FROM '\(base)' THEN",
                "        RAISE EXCEPTION '\(raised(gap))', latest, latest;",
                "    END IF;",
                "END $$;",
            ]
        case .duckdb:
            let latest = "(SELECT run_id FROM \(table) \(newestFirst))"
            return [
                "SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM duckdb_tables() WHERE table_name = '\(table)') THEN "
                    + "error('tmdb-export: this database holds no run (no \(table) table): load a full run with "
                    + "\(load) first; nothing changed') END AS tmdb_export_runs_found;",
                "SELECT CASE",
                "    WHEN EXISTS (SELECT 1 FROM \(table) WHERE run_id = '\(run)') THEN error('\(twice)')",
                "    WHEN \(latest) > '\(run)' THEN error(\(concatenated(newer, [latest])))",
                "    WHEN \(latest) IS DISTINCT FROM '\(base)' THEN error(\(concatenated(gap, [latest, latest])))",
                "END AS tmdb_export_base_checked;",
            ]
        }
    }
}
