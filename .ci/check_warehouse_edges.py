#!/usr/bin/env python3
"""Checks the warehouse scripts where issue 36 broke them: hostile values, a partial night in the chain, and two
applies at once.

Usage: check_warehouse_edges.py BINARY

Needs what check_postgres.py needs (a PostgreSQL server through the PG* variables, DuckDB's Python package) and the
sandbox's `--hostile-values` and `--failing-id` flags. Runs the nightly job of check_nightly.py:
- hostile values (`sandbox --hostile-values`: NUL, a line that is exactly `\\.` after LF and CR LF, a 3 MB overview,
  …): night 1's `load.postgres.sql` into an empty database and `load.sql` into DuckDB, then night 2's delta scripts;
  after each, every table equals that night's CSV row for row (check_postgres.py's comparison);
- a partial night in the chain (the job's catalogues with `"maxFailedPercent": 0`, night 2 with one of the ids it
  fetches answering HTTP 500 for ever): night 2 is partial, not latest, writes no delta script and its load scripts
  say it was not published; night 3 is complete and builds on night 1; docs/warehouse.md's catch-up block (PostgreSQL
  section, the one that starts with `# After a gap`), run as written with `output/nightly` as the job folder, takes a
  database at night 1 to night 3, every table equal to night 3's CSV;
- two applies at once, three times each: the same delta from two psql sessions, and the deltas of two different runs
  on one base (night 2 unharmed, night 3): one applies, the other is refused with the tool's own message, never a
  data key's; a second DuckDB process cannot open the file the first is applying to.
Exits non-zero on the first problem; the sandbox refusing a flag is one.
"""
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import duckdb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_nightly  # noqa: E402
from check_postgres import DuckDB, Postgres, compare  # noqa: E402

WAREHOUSE_PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "warehouse.md")
PARTIAL_EXIT = 1  # ExitCode.partialFailure: a run with failed requests
END_OF_DATA_LINE = re.compile(rb"(^|\n)\\\.\r?\n")


def fail(message):
    print(f"check_warehouse_edges: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def export(binary, output, job, day, sandbox_flags=()):
    """One night against a sandbox of `day` started with `sandbox_flags`; returns (exit code, run folder, manifest).
    The sandbox refusing a flag fails the check, naming it (these flags are issue 36's)."""
    result = check_nightly.run_night(binary, job, output, day, sandbox_flags)
    runs = os.path.join(output, json.load(open(job))["name"], "runs")
    found = [os.path.join(runs, r) for r in os.listdir(runs)] if os.path.isdir(runs) else []
    if result.returncode not in (0, PARTIAL_EXIT) or not found:
        fail(f"the export of {day} {' '.join(sandbox_flags)} exited {result.returncode}: {result.stderr.strip()}")
    run = max(found, key=os.path.getmtime)
    return result.returncode, run, json.load(open(os.path.join(run, "manifest.json")))


def latest(output, name):
    return os.path.realpath(os.path.join(output, name, "latest"))


def write_job(work, name, **catalogue_keys):
    job = json.loads(json.dumps(check_nightly.JOB))
    job["name"] = name
    for catalogue in job["catalogue"]:
        catalogue.update(catalogue_keys)
    path = os.path.join(work, f"{name}.json")
    json.dump(job, open(path, "w"))
    return path


def hostile(binary, work, suffix):
    """Nights 1 and 2 of hostile values, loaded and applied in both engines, every table compared."""
    job = write_job(work, "nightly")
    output = os.path.join(work, "hostile")
    nights = []
    for day in check_nightly.DAYS[:2]:
        status, run, manifest = export(binary, output, job, day, ["--hostile-values"])
        if status != 0 or run != latest(output, "nightly"):
            fail(f"the hostile night {day} exited {status}, status {manifest['status']}; it must be published")
        nights.append(run)
    # The check is void unless the values are there: a `\.` line, and a line over 3 MB, in some CSV of each night.
    for run in nights:
        files = [os.path.join(d, f) for d, _, names in os.walk(run) for f in names if f.endswith(".csv")]
        contents = {path: open(path, "rb").read() for path in files}
        if not any(END_OF_DATA_LINE.search(data) for data in contents.values()):
            fail(f"{run}: no CSV holds a line that is exactly \\. : the sandbox's hostile values are missing")
        if not any(os.path.exists(path[:-4] + ".pgtext") for path in files):
            fail(f"{run}: a CSV holds a \\. line but no .pgtext twin was written")
        if max(len(line) for data in contents.values() for line in data.split(b"\n")) < 3_000_000:
            fail(f"{run}: no CSV line reaches 3 MB: the sandbox's 3 MB overview is missing")
    databases = [Postgres(f"tmdb_edges_{suffix}_hostile"), DuckDB(os.path.join(work, "hostile.duckdb"))]
    compared = 0
    try:
        for database in databases:
            postgres = database.name == "PostgreSQL"
            for night, script in ((0, "load.postgres.sql" if postgres else "load.sql"),
                                  (1, "delta.postgres.sql" if postgres else "delta.sql")):
                error = database.run_script(nights[night], script)
                if error:
                    fail(f"{database.name}: hostile night {night + 1}'s {script}: {error}")
                compared += compare(database, nights[night], f"hostile night {night + 1}")
    finally:
        databases[0].close()
    return f"hostile values: 2 nights, {compared} rows equal in PostgreSQL and DuckDB"


def readme_catch_up():
    """docs/warehouse.md's catch-up block: the fenced shell block whose first line starts with `# After a gap`."""
    blocks = re.findall(r"```sh\n(.*?)```", open(WAREHOUSE_PAGE, encoding="utf-8").read(), re.S)
    found = [block for block in blocks if block.startswith("# After a gap")]
    if len(found) != 1:
        fail(f"docs/warehouse.md has {len(found)} shell blocks starting with «# After a gap»; expected one")
    if "job=output/nightly" not in found[0]:
        fail("docs/warehouse.md's catch-up block does not name output/nightly as its job folder (job=output/nightly)")
    return found[0]


def changed_movie_id(run):
    with open(os.path.join(run, "delta", "movie_changed_ids.csv"), newline="") as file:
        rows = list(csv.DictReader(file))
    fetched = [row["id"] for row in rows if row["change"] != "deleted"]
    if not fetched:
        fail(f"{run}: night 2 changed no movie: no id to make fail")
    return fetched[0]


def partial_chain(binary, work, suffix):
    """Night 2 partial, night 3 complete: docs/warehouse.md's block takes night 1 to night 3. Returns the runs for the
    concurrent applies: night 1, an unharmed night 2 on night 1, and night 3 on night 1."""
    job = write_job(work, "nightly", maxFailedPercent=0)
    root = os.path.join(work, "chain")
    output = os.path.join(root, "output")
    status, night1, _ = export(binary, output, job, check_nightly.DAYS[0])
    if status != 0:
        fail(f"chain night 1 exited {status}")
    # Night 2 once unharmed, in a copy of the output, to learn an id night 2 fetches; then again with it failing.
    spare = os.path.join(work, "spare")
    shutil.copytree(output, spare, symlinks=True)
    status, unharmed, _ = export(binary, spare, job, check_nightly.DAYS[1])
    if status != 0:
        fail(f"the unharmed night 2 exited {status}")
    failing = changed_movie_id(unharmed)
    status, night2, manifest = export(binary, output, job, check_nightly.DAYS[1], ["--failing-id", failing])
    if status != PARTIAL_EXIT or manifest["status"] != "partial":
        fail(f"night 2 with movie {failing} failing exited {status}, status {manifest['status']}: it must be partial")
    if latest(output, "nightly") != night1:
        fail("the partial night 2 was published as latest")
    for name in ("delta.sql", "delta.postgres.sql"):
        if os.path.exists(os.path.join(night2, name)):
            fail(f"the partial night 2 wrote {name}")
    for name in ("load.sql", "load.postgres.sql"):
        if "NOT PUBLISHED" not in open(os.path.join(night2, name)).read():
            fail(f"the partial night 2's {name} does not say it was not published")
    status, night3, manifest = export(binary, output, job, check_nightly.DAYS[2])
    bases = {c["incremental"]["basedOnRun"] for c in manifest["catalogue"]}
    if status != 0 or latest(output, "nightly") != night3 or bases != {os.path.basename(night1)}:
        fail(f"night 3 exited {status}, built on {bases}: it must be published and build on night 1")

    database = Postgres(f"tmdb_edges_{suffix}_chain")
    try:
        error = database.run_script(night1, "load.postgres.sql")
        if error:
            fail(f"chain night 1's load.postgres.sql: {error}")
        result = subprocess.run(["bash", "-c", readme_catch_up()], cwd=root, capture_output=True, text=True,
                                env=dict(os.environ, PGDATABASE=database.database, PGTZ="UTC"))
        if result.returncode != 0:
            fail(f"docs/warehouse.md's catch-up block exited {result.returncode}: {result.stderr.strip()}")
        compare(database, night3, "after docs/warehouse.md's catch-up block")
        expected = [os.path.basename(night1), "-", "load.postgres.sql",
                    os.path.basename(night3), os.path.basename(night1), "delta.postgres.sql"]
        if database.runs() != expected:
            fail(f"after docs/warehouse.md's catch-up block tmdb_export_runs holds {database.runs()}, expected {expected}")
    finally:
        database.close()
    return night1, unharmed, night3, (f"partial chain: night 2 partial (movie {failing} failing), unpublished, no "
                                      "delta; docs/warehouse.md's block took night 1 to night 3")


def concurrent(work, suffix, night1, other, night3):
    """Two psql sessions at once, three rounds each for the same delta and for two runs on one base."""
    seen = []
    for label, first, second, refusal in (("the same delta", night3, night3, "already applied"),
                                          ("two runs on one base", other, night3, "this database is at run")):
        for round_ in range(3):
            database = Postgres(f"tmdb_edges_{suffix}_twice_{round_}")
            try:
                error = database.run_script(night1, "load.postgres.sql")
                if error:
                    fail(f"{label}, round {round_ + 1}: night 1's load: {error}")
                sessions = [subprocess.Popen(
                    ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", database.database, "-f", "delta.postgres.sql"],
                    cwd=run, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for run in (first, second)]
                outcomes = [(s.wait(), s.stderr.read()) for s in sessions]
                applied = [code == 0 for code, _ in outcomes]
                if applied.count(True) != 1:
                    fail(f"{label}, round {round_ + 1}: {applied.count(True)} of 2 sessions applied: {outcomes}")
                message = next(text for code, text in outcomes if code != 0)
                if "duplicate key" in message or refusal not in message or "tmdb-export:" not in message:
                    fail(f"{label}, round {round_ + 1}: the loser said «{message.strip()}», not «{refusal}»")
                winner = first if applied[0] else second
                compare(database, winner, f"{label}, round {round_ + 1}")
                seen.append(refusal)
            finally:
                database.close()
    # DuckDB: a second process cannot open the file a first one is writing to.
    path = os.path.join(work, "busy.duckdb")
    holder = duckdb.connect(path)
    holder.execute("BEGIN TRANSACTION; CREATE TABLE held (x INTEGER);")
    probe = subprocess.run([sys.executable, "-c", f"import duckdb; duckdb.connect({path!r})"], capture_output=True,
                           text=True)
    holder.close()
    if probe.returncode == 0 or "lock" not in probe.stderr.lower():
        fail(f"a second DuckDB process opened a file in use: {probe.stderr.strip()}")
    duckdb_says = probe.stderr.strip().splitlines()[-1]
    return f"concurrent applies: 6 rounds, one applied and one refused each ({', '.join(sorted(set(seen)))}); " \
           f"a second DuckDB process: «{duckdb_says[:160]}»"


def main():
    binary = sys.argv[1]
    work = tempfile.mkdtemp(prefix="check-warehouse-edges-")
    suffix = os.getpid()
    try:
        summary = [hostile(binary, work, suffix)]
        night1, other, night3, said = partial_chain(binary, work, suffix)
        summary += [said, concurrent(work, suffix, night1, other, night3)]
        print("check_warehouse_edges: " + "; ".join(summary))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
