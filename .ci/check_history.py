#!/usr/bin/env python3
"""Checks the warehouse history of a job with "history": true, in PostgreSQL and in DuckDB.

Usage: check_history.py BINARY

Needs what check_postgres.py needs (a PostgreSQL server through the PG* variables, DuckDB's Python package). Runs
check_nightly.py's job with "history": true over four sandbox days, night 3 with --full, then a fifth run of night
4's day (a second night of a day), a sixth of night 2's day (earlier than the database's history) and a seventh of
the next day, which builds on the sixth. A row of a
keyless table is repeated in night 1 and night 2 (in the snapshot and, for night 2, the delta's upserts), so that
the history holds rows more than once. In a fresh PostgreSQL database and a fresh DuckDB file:
- night 1's load script, nights 2 to 4's delta scripts (night 3's replaces every table), then run 5's; after each,
  every current table equals its night's CSV file, and every history table, as of the day of every night applied
  so far (the last run applied for a day), equals that night's table on the history's columns, as multisets;
- minimal: the versions opened on a night's day are exactly its rows the night before did not hold, those closed
  exactly the rows it no longer holds (for run 5: against night 3, since it replaces night 4's day);
- refused with nothing changed: run 6 (a day before the history's), a load of night 2 into the database at run 5;
- catching up over a gap: night 1's load, then night 4's load script on the same database: the current tables
  equal night 4's, history as of night 1's day and night 4's day equal those nights';
- the next night goes on by itself (PostgreSQL): docs/warehouse.md's catch-up block, run as written on the database
  at run 5, finds run 6's delta refused and applies run 7's load script, which catches up: the current tables equal
  run 7's, history as of every day equals the last run applied for it.
Exits non-zero on the first problem.
"""
import collections
import functools
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_nightly  # noqa: E402
import check_postgres  # noqa: E402
import check_warehouse_edges  # noqa: E402
from check_postgres import DuckDB, Postgres, canonical, compare, snapshot_tables  # noqa: E402

VOLATILE = ["popularity", "vote_average", "vote_count"]
UNTRACKED = VOLATILE + ["fetched_at", "votes_at"]
MAIN_TABLES = {"movies", "tv_series", "people"}
KEYLESS = "movie_alternative_titles"


def fail(message):
    print(f"check_history: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def history_tables(run):
    """{history table: (current table, [(field, type)])} for a run's loaded tables."""
    tables = {}
    for name, fields in snapshot_tables(run).items():
        tables[name + "_history"] = (name, tuple((f, t) for f, t in fields if f not in UNTRACKED))
        if name in MAIN_TABLES:
            tables[name + "_volatile_history"] = (name, tuple((f, t) for f, t in fields if f == "id" or f in VOLATILE))
    return tables


@functools.lru_cache(maxsize=None)
def csv_multiset(run, name, fields):
    """The run's table projected on `fields` (a tuple), as a multiset of canonical rows."""
    with open(os.path.join(run, name + ".csv"), newline="", encoding="utf-8") as file:
        reader = csv.reader(file)
        header = next(reader)
        positions = [header.index(field) for field, _ in fields]
        return collections.Counter(
            tuple(canonical(row[p], t) for p, (_, t) in zip(positions, fields)) for row in reader)


def history_rows(database, table, fields, where):
    """A history table's rows matching `where`, projected on `fields`, as a multiset."""
    columns = ", ".join(f'"{field}"' for field, _ in fields)
    if database.name == "PostgreSQL":
        result = database.psql(None, "-c", f'\\copy (SELECT {columns} FROM tmdb."{table}" WHERE {where}) TO STDOUT '
                                           "WITH (FORMAT csv)")
        if result.returncode != 0:
            fail(f"PostgreSQL: reading tmdb.{table}: {result.stderr.strip()}")
        import io
        found = csv.reader(io.StringIO(result.stdout, newline=""))
    else:
        import duckdb
        with duckdb.connect(database.path, read_only=True) as connection:
            found = connection.execute(f'SELECT {columns} FROM "{table}" WHERE {where}').fetchall()
    return collections.Counter(tuple(canonical(v, t) for v, (_, t) in zip(row, fields)) for row in found)


def as_of(day):
    return f"valid_from <= DATE '{day}' AND (valid_to IS NULL OR valid_to > DATE '{day}')"


def check_history(database, applied, label, every_day=True):
    """Every history table as of each applied day (or the last one only) equals the last run applied for that day,
    and each day's versions are minimal against the day before."""
    last_for_day = {}
    for run, day in applied:
        last_for_day[day] = run
    days = sorted(last_for_day)
    versions = 0
    for table, (source, fields) in history_tables(applied[-1][0]).items():
        for index, day in enumerate(days):
            if not every_day and day != applied[-1][1]:
                continue
            run = last_for_day[day]
            expected = csv_multiset(run, source, fields)
            found = history_rows(database, table, fields, as_of(day))
            if found != expected:
                missing = list((expected - found).items())[:1]
                extra = list((found - expected).items())[:1]
                fail(f"{database.name}, {label}: {table} as of {day} has {sum(found.values())} rows, "
                     f"{os.path.basename(run)}/{source}.csv {sum(expected.values())}; e.g. missing {missing}, "
                     f"extra {extra}")
            before = csv_multiset(last_for_day[days[index - 1]], source, fields) if index else collections.Counter()
            opened = history_rows(database, table, fields, f"valid_from = DATE '{day}'")
            closed = history_rows(database, table, fields, f"valid_to = DATE '{day}'")
            if opened != expected - before or closed != before - expected:
                fail(f"{database.name}, {label}: {table} on {day} opened {sum(opened.values())} versions and closed "
                     f"{sum(closed.values())}; the night's changes are {sum((expected - before).values())} new rows "
                     f"and {sum((before - expected).values())} gone")
            versions += sum(opened.values())
    return versions


def repeat_row(run, table, ids, upserts):
    """Repeats in `table` (and its delta upserts) a row of an id in `ids`; returns the row."""
    path = os.path.join(run, table + ".csv")
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    row = next((r for r in rows[1:] if r[0] in ids), None)
    if row is None:
        fail(f"{path}: no row of the ids {sorted(ids)[:5]}… to repeat")
    targets = [path] + ([os.path.join(run, "delta", table + ".upserts.csv")] if upserts else [])
    ending = "\r\n" if open(path, "rb").readline().endswith(b"\r\n") else "\n"
    for target in targets:
        if os.path.exists(target[:-len(".csv")] + ".pgtext"):
            fail(f"{target} has a text twin for psql: repeat a row of another table")
        with open(target, "a", newline="", encoding="utf-8") as file:
            csv.writer(file, lineterminator=ending).writerow(row)
    return row


def changed_ids(run, catalogue):
    with open(os.path.join(run, "delta", f"{catalogue}_changed_ids.csv"), newline="", encoding="utf-8") as file:
        return {row[0] for row in list(csv.reader(file))[1:]}


def apply(database, run, script, label):
    error = database.run_script(run, script)
    if error:
        fail(f"{database.name}: {label} ({os.path.basename(run)}/{script}): {error}")


def catch_up_block(database, work, applied, run, day):
    """docs/warehouse.md's catch-up block as written, from the folder that holds output/ (the live output tree, whose
    latest is `run`): the earlier day's delta is refused, and latest's load script catches up."""
    result = subprocess.run(["bash", "-c", check_warehouse_edges.readme_catch_up()], cwd=work, capture_output=True,
                            text=True, env=dict(os.environ, PGDATABASE=database.database, PGTZ="UTC"))
    if result.returncode != 0:
        fail(f"docs/warehouse.md's catch-up block exited {result.returncode}: {result.stderr.strip()}")
    if "the history of this database reaches the night of" not in result.stderr:
        fail(f"docs/warehouse.md's catch-up block did not meet run 6's refusal: {result.stderr.strip()}")
    check_postgres.compare(database, run, "run 7 caught up by docs/warehouse.md's block")
    check_history(database, applied + [(run, day)], "after docs/warehouse.md's catch-up block")
    last = database.runs()[-3:]
    run_id = json.load(open(os.path.join(run, "manifest.json")))["runId"]
    if [last[0], last[2]] != [run_id, "load.postgres.sql"]:
        fail(f"after docs/warehouse.md's catch-up block the last run applied is {last}, expected {run_id}'s load")
    return "run 6's delta refused, run 7's load caught up (docs/warehouse.md's block)"


def check(database, catch_up, runs, days, work):
    names = ("load.postgres.sql", "delta.postgres.sql") if database.name == "PostgreSQL" else ("load.sql", "delta.sql")
    load, delta = names
    applied = []
    versions = 0
    for index, (run, day) in enumerate(zip(runs[:5], days[:5])):
        print(f"check_history: {database.name}: night {index + 1}", file=sys.stderr, flush=True)
        apply(database, run, load if index == 0 else delta, f"night {index + 1}")
        applied.append((run, day))
        check_postgres.compare(database, run, f"night {index + 1} applied")
        versions = check_history(database, applied, f"after night {index + 1}", every_day=index == 4)
    messages = [
        check_postgres.refused(database, runs[5], delta, "the history of this database reaches the night of", runs[4],
                               "a night of an earlier day"),
        check_postgres.refused(database, runs[1], load, "already holds run", runs[4],
                               "night 2's load on the database at run 5"),
    ]
    if database.name == "PostgreSQL":
        messages.append(catch_up_block(database, work, applied, runs[6], days[6]))
    # Catching up over a gap: night 1, then night 4's load.
    apply(catch_up, runs[0], load, "night 1 (catch-up database)")
    apply(catch_up, runs[3], load, "night 4's load over night 1")
    check_postgres.compare(catch_up, runs[3], "night 4 caught up")
    check_history(catch_up, [(runs[0], days[0]), (runs[3], days[3])], "caught up from night 1 to night 4")
    return versions, messages


def main():
    binary = sys.argv[1]
    work = tempfile.mkdtemp(prefix="check-history-")
    databases = []
    try:
        job = os.path.join(work, "nightly.json")
        json.dump(dict(check_nightly.JOB, history=True), open(job, "w"))
        output = os.path.join(work, "out")
        os.symlink(output, os.path.join(work, "output"))  # the catch-up block's job folder is output/nightly
        days = check_nightly.DAYS[:4] + [check_nightly.DAYS[3], check_nightly.DAYS[1], check_nightly.DAYS[4]]
        flags = [(), (), ("--full",), (), (), (), ()]
        runs = []
        for night, (day, extra) in enumerate(zip(days, flags)):
            run, manifest, notes = check_nightly.export(binary, work, job, output, day, export_flags=extra)
            modes = {c["mode"] for c in manifest["catalogue"]}
            expected_mode = "full" if night in (0, 2) else "incremental"
            if night < 5 and modes != {expected_mode}:
                fail(f"run {night + 1} ({day}) ran {modes}; notes: {notes}")
            if manifest.get("history", {}).get("day") != day:
                fail(f"run {night + 1}: the manifest's history is {manifest.get('history')}, expected the day {day}")
            has_delta = [os.path.exists(os.path.join(run, n)) for n in ("delta.sql", "delta.postgres.sql")]
            if has_delta != [night > 0] * 2:
                fail(f"run {night + 1}: delta.sql, delta.postgres.sql present: {has_delta}")
            # Each run gets a copy: later runs may prune or carry files, and the repeated rows edit the copy.
            copy = os.path.join(work, f"run{night + 1}")
            shutil.copytree(run, copy, symlinks=True)
            runs.append(copy)
        repeated = [repeat_row(runs[0], KEYLESS, changed_ids(runs[1], "movie"), upserts=False),
                    repeat_row(runs[1], KEYLESS, changed_ids(runs[1], "movie"), upserts=True)]
        suffix = os.getpid()
        summary = []
        pairs = [(Postgres(f"tmdb_history_{suffix}"), Postgres(f"tmdb_history_{suffix}_catch_up")),
                 (DuckDB(os.path.join(work, "tmdb.duckdb")), DuckDB(os.path.join(work, "catch_up.duckdb")))]
        for database, catch_up in pairs:
            databases += [database, catch_up]
            versions, messages = check(database, catch_up, runs, days, work)
            summary.append(f"{database.name}: {len(history_tables(runs[4]))} history tables, {versions} versions; "
                           "refused: " + " | ".join(messages))
        print(f"check_history: 7 runs over 5 days (night 3 --full, run 5 a second night of {days[4]}), every history "
              f"table as of every day exact and minimal, a gap caught up by a load; rows repeated in {KEYLESS}: "
              f"{repeated[0][:2]}, {repeated[1][:2]}; " + "; ".join(summary))
    finally:
        for database in databases:
            database.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
