#!/usr/bin/env python3
"""Checks that each night's delta script brings a database to that night's snapshot, exactly once, in PostgreSQL
and in DuckDB.

Usage: check_postgres.py BINARY

Needs a PostgreSQL server psql can reach through the usual PG* variables (PGHOST, PGPORT, PGUSER; .ci/run starts a
throw-away one) and DuckDB's Python package. Runs the nightly job of check_nightly.py (movies, series with episodes,
people, every depth append) over five sandbox days, then, in a fresh PostgreSQL database and a fresh DuckDB file:
- night 1's load script (`psql -v ON_ERROR_STOP=1 -f load.postgres.sql`, DuckDB's `load.sql`), then each next
  night's delta script (`delta.postgres.sql`, `delta.sql`), each from its run's folder; after each night every table
  equals that night's CSV file row for row (the same rows in key order, every column, compared by the package's
  field types) and `tmdb_export_runs` holds the nights applied;
- refused, with their message, and nothing changed (every table and the runs table compared again): a full load into
  a database that holds a run, a delta into an empty one, the same night twice, a night after a gap (night 4 on
  night 2), and a night older than the database's (night 2's delta on night 3's load).
Exits non-zero on the first problem.
"""
import csv
import datetime
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile

import duckdb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_nightly  # noqa: E402

csv.field_size_limit(sys.maxsize)


def fail(message):
    print(f"check_postgres: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def canonical(value, kind):
    """One text per value, whatever the source: the CSV file, psql's CSV output, or DuckDB's Python values."""
    if value is None or value == "":
        return None
    if kind == "integer":
        return str(int(value))
    if kind == "number":
        return repr(float(value))
    if kind == "boolean":
        return {"true": "true", "t": "true", "false": "false", "f": "false", True: "true", False: "false"}[value]
    if kind == "date":
        return value.isoformat() if isinstance(value, datetime.date) else value
    if kind == "datetime":
        if not isinstance(value, datetime.datetime):
            text = value.replace("Z", "+00:00").replace(" ", "T")
            if text[-3] in "+-":
                text += ":00"
            value = datetime.datetime.fromisoformat(text)
        if value.tzinfo is None:
            value = value.replace(tzinfo=datetime.timezone.utc)
        return value.astimezone(datetime.timezone.utc).isoformat()
    return str(value)


def snapshot_tables(run):
    """The tables load.sql loads: each top-level CSV with a schema, as {name: [(field, type)]}."""
    package = json.load(open(os.path.join(run, "datapackage.json")))
    return {os.path.splitext(r["path"])[0]: [(f["name"], f["type"]) for f in r["schema"]["fields"]]
            for r in package["resources"]
            if r["path"].endswith(".csv") and "/" not in r["path"] and "schema" in r}


def rows(records, fields):
    return sorted((tuple(canonical(v, t) for v, (_, t) in zip(record, fields)) for record in records),
                  key=lambda row: tuple((v is None, v) for v in row))


def csv_rows(path, fields):
    with open(path, newline="", encoding="utf-8") as file:
        reader = csv.reader(file)
        header = next(reader)
        if header != [name for name, _ in fields]:
            fail(f"{path}: header {header}, the package says {[name for name, _ in fields]}")
        return rows(reader, fields)


class Postgres:
    name = "PostgreSQL"

    def __init__(self, database):
        self.database = database
        subprocess.run(["createdb", database], check=True)

    def psql(self, cwd, *arguments):
        # Bytes, decoded without newline translation: a value may hold a CR LF.
        result = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", self.database, *arguments],
                                cwd=cwd, capture_output=True, env=dict(os.environ, PGTZ="UTC"))
        result.stdout, result.stderr = result.stdout.decode(), result.stderr.decode()
        return result

    def run_script(self, run, script):
        result = self.psql(run, "-f", script)
        return None if result.returncode == 0 else (result.stderr.strip() or f"psql exited {result.returncode}")

    def table(self, name, fields):
        result = self.psql(None, "-c", f'\\copy (SELECT * FROM tmdb."{name}") TO STDOUT WITH (FORMAT csv)')
        if result.returncode != 0:
            fail(f"PostgreSQL: reading tmdb.{name}: {result.stderr.strip()}")
        return rows(csv.reader(io.StringIO(result.stdout, newline="")), fields)

    def runs(self):
        result = self.psql(None, "-A", "-t", "-c", "SELECT run_id, coalesce(based_on_run, '-'), applied_as FROM "
                           "tmdb.tmdb_export_runs ORDER BY applied_at, run_id")
        return [v for line in result.stdout.split() for v in line.split("|")] if result.returncode == 0 else None

    def close(self):
        subprocess.run(["dropdb", "--if-exists", self.database], check=False)


class DuckDB:
    name = "DuckDB"

    def __init__(self, path):
        self.path = path

    def run_script(self, run, script):
        connection = duckdb.connect(self.path)
        cwd = os.getcwd()
        os.chdir(run)
        try:
            connection.execute(open(script, encoding="utf-8").read())
            return None
        except duckdb.Error as error:
            return str(error)
        finally:
            os.chdir(cwd)
            connection.close()

    def table(self, name, fields):
        with duckdb.connect(self.path, read_only=True) as connection:
            return rows(connection.execute(f'SELECT * FROM "{name}"').fetchall(), fields)

    def runs(self):
        if not os.path.exists(self.path):
            return None
        with duckdb.connect(self.path, read_only=True) as connection:
            try:
                found = connection.execute("SELECT run_id, coalesce(based_on_run, '-'), applied_as FROM "
                                           "tmdb_export_runs ORDER BY applied_at, run_id").fetchall()
            except duckdb.Error:
                return None
        return [value for row in found for value in row]

    def close(self):
        pass


def compare(database, run, label):
    """Every table of the database equals the run's CSV files; returns the rows compared."""
    compared = 0
    for name, fields in snapshot_tables(run).items():
        expected = csv_rows(os.path.join(run, name + ".csv"), fields)
        found = database.table(name, fields)
        if found != expected:
            missing = [row for row in expected if row not in set(found)][:1]
            extra = [row for row in found if row not in set(expected)][:1]
            fail(f"{database.name}, {label}: {name} has {len(found)} rows, {os.path.basename(run)}/{name}.csv "
                 f"{len(expected)}; e.g. missing {missing}, extra {extra}")
        compared += len(expected)
    return compared


def refused(database, run, script, expected, state_run, label):
    """The script stops with a message containing `expected`, and the database still equals `state_run`."""
    before = database.runs()
    message = database.run_script(run, script)
    if message is None:
        fail(f"{database.name}: {label} was applied; it must be refused")
    if expected not in message:
        fail(f"{database.name}: {label} was refused with «{message}», which does not say «{expected}»")
    if database.runs() != before:
        fail(f"{database.name}: {label} was refused but changed tmdb_export_runs")
    if state_run is not None:
        compare(database, state_run, f"after the refused {label}")
    return next((line for line in message.splitlines() if "ERROR" in line or "Error" in line), message)


def check(database, nights, spare):
    """Night 1's load, then each night's delta, with the refused cases on the way; returns their messages."""
    ids = [os.path.basename(run) for run in nights]
    delta = "delta.postgres.sql" if database.name == "PostgreSQL" else "delta.sql"
    load = "load.postgres.sql" if database.name == "PostgreSQL" else "load.sql"
    messages = [refused(database, nights[1], delta, "holds no run", None, "a delta into an empty database")]
    error = database.run_script(nights[0], load)
    if error:
        fail(f"{database.name}: night 1's {load}: {error}")
    compared = compare(database, nights[0], "night 1 loaded")
    if database.name == "PostgreSQL":
        messages.append(refused(database, nights[0], load, f"already holds run {ids[0]}", nights[0],
                                "a second full load"))
    for night in range(1, len(nights)):
        if night == 2:
            messages.append(refused(database, nights[3], delta, f"this database is at run {ids[1]}", nights[1],
                                    "night 4 after night 2 (a gap)"))
        error = database.run_script(nights[night], delta)
        if error:
            fail(f"{database.name}: night {night + 1}'s {delta}: {error}")
        compared += compare(database, nights[night], f"night {night + 1} applied")
        if night == 1:
            messages.append(refused(database, nights[1], delta, "already applied", nights[1], "night 2 twice"))
    expected = [value for night, run_id in enumerate(ids)
                for value in (run_id, ids[night - 1] if night else "-", delta if night else load)]
    if database.runs() != expected:
        fail(f"{database.name}: tmdb_export_runs holds {database.runs()}, expected {expected}")
    # A night older than the database's: night 2's delta on a database loaded from night 3.
    error = spare.run_script(nights[2], load)
    if error:
        fail(f"{spare.name}: night 3's {load}: {error}")
    messages.append(refused(spare, nights[1], delta, f"this database is at run {ids[2]}, newer", None,
                            "night 2 on night 3"))
    return compared, messages


def main():
    binary = sys.argv[1]
    work = tempfile.mkdtemp(prefix="check-postgres-")
    databases = []
    try:
        job = os.path.join(work, "nightly.json")
        json.dump(check_nightly.JOB, open(job, "w"))
        output = os.path.join(work, "out")
        nights = []
        for night, day in enumerate(check_nightly.DAYS):
            run, manifest, notes = check_nightly.export(binary, work, job, output, day)
            modes = {c["mode"] for c in manifest["catalogue"]}
            if modes != {"full" if night == 0 else "incremental"}:
                fail(f"night {night + 1} ({day}) ran {modes}; notes: {notes}")
            has_delta = [os.path.exists(os.path.join(run, name)) for name in ("delta.sql", "delta.postgres.sql")]
            if has_delta != [night > 0] * 2:
                fail(f"night {night + 1}: delta.sql, delta.postgres.sql present: {has_delta}")
            nights.append(run)
        suffix = os.getpid()
        postgres = Postgres(f"tmdb_check_{suffix}")
        databases.append(postgres)
        spare = Postgres(f"tmdb_check_{suffix}_spare")
        databases.append(spare)
        summary = []
        for database, other in ((postgres, spare),
                                (DuckDB(os.path.join(work, "tmdb.duckdb")), DuckDB(os.path.join(work, "spare.duckdb")))):
            compared, messages = check(database, nights, other)
            summary.append(f"{database.name}: {len(snapshot_tables(nights[-1]))} tables, {compared} rows compared "
                           f"over {len(nights)} nights; refused: " + " | ".join(messages))
        print("check_postgres: night 1 loaded, nights 2 to 5 applied as deltas, every table equal to its night's "
              "CSV after each; " + "; ".join(summary))
    finally:
        for database in databases:
            database.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
