#!/usr/bin/env python3
"""Checks nightly incremental catalogues through the binary, as a nightly job and its downstream load use them.

Usage: check_nightly.py BINARY | --print-job

Starts the binary's sandbox once per simulated day (`sandbox --date D --no-list-catalogue`, a small universe of
generated ids that change from day to day), and runs a movie, a TV and a person catalogue (the 300 most popular
people) with every sub-resource:
- night 1 is full, nights 2 to 5 are incremental (the manifest says so, with the snapshot built on);
- in DuckDB, night 1's tables with night 2's delta applied as the README says (delete every changed id, insert the
  upserts, update the refreshed rows' popularity and votes) equal night 2's tables, and the same for each next
  night, for every table;
- the people whose credits moved in a night's titles are fetched again that night, on some night at least;
- night 5's snapshot passes check_catalogue.py (sizes, SHA-256s, CSV and NDJSON agree, every key joins) and
  check_description.py (its data package, the delta's files included, validates; load.sql loads);
- against a full run of night 5, the incremental night 5 keeps the guarantee (snapshot_guarantee.py): every file
  but the main tables and the details byte-identical, every column equal but the votes of rows whose votes_at is
  not tonight and the watch providers of titles carried from earlier nights (counted: some must be), and no row
  older than the job's refresh.maxAgeDays.
Exits non-zero on the first mismatch.
"""
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile

import duckdb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import snapshot_guarantee  # noqa: E402

DAYS = ["2026-04-10", "2026-04-11", "2026-04-12", "2026-04-13", "2026-04-14"]


def fail(message):
    print(f"check_nightly: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_night(binary, job, output, day, sandbox_flags=(), export_flags=()):
    """The export of `day` against a sandbox of that day started with `sandbox_flags`; returns the finished process.
    With `--hostile-values` the universe keeps the list catalogue's items: the hostile ids are among them."""
    port = free_port()
    lists = [] if "--hostile-values" in sandbox_flags else ["--no-list-catalogue"]
    sandbox = subprocess.Popen(
        [binary, "sandbox", "--port", str(port), "--date", day, *lists, "--catalogue-size", "600",
         "--series-catalogue-size", "200", *sandbox_flags], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True)
    try:
        first = sandbox.stdout.readline()
        if sandbox_flags and not first.startswith("sandbox: serving"):
            fail(f"the sandbox did not start with {' '.join(sandbox_flags)}: «{first.strip()}»")
        return subprocess.run(
            [binary, "export", "--job", job, "--base-url", f"http://127.0.0.1:{port}/3", "--files-base-url",
             f"http://127.0.0.1:{port}/p/exports", "--output", output, "--date", day, *export_flags],
            env=dict(os.environ, TMDB_API_TOKEN="sandbox-token"), capture_output=True, text=True)
    finally:
        sandbox.send_signal(signal.SIGTERM)
        sandbox.wait()


def export(binary, work, job, output, day, export_flags=()):
    result = run_night(binary, job, output, day, export_flags=export_flags)
    if result.returncode != 0:
        fail(f"the export of {day} failed ({result.returncode}): {result.stderr.strip()}")
    latest = os.path.realpath(os.path.join(output, "nightly", "latest"))
    notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    return latest, json.load(open(os.path.join(latest, "manifest.json"))), notes


def table(connection, path):
    return connection.sql(f"SELECT * FROM read_csv('{path}', header = true, all_varchar = true)")


def check_delta(previous, current, summary):
    """Applies current's delta to previous's tables, in DuckDB, and compares with current's tables."""
    key = {"movie": "movie_id", "tv": "series_id", "person": "person_id"}[summary["type"]]
    main = {"movie": "movies", "tv": "tv_series", "person": "people"}[summary["type"]]
    changed = os.path.join(current, "delta", f"{summary['type']}_changed_ids.csv")
    connection = duckdb.connect()
    for file in summary["files"]:
        name = file["path"]
        if not name.endswith(".csv") or name == "collections.csv":
            continue
        stem = name[: -len(".csv")]
        column = "id" if stem == main else key
        connection.execute(
            f"CREATE TABLE t AS SELECT * FROM read_csv('{os.path.join(previous, name)}', header = true, "
            "all_varchar = true)")
        # The README's load: delete every row of a changed id, then insert the upserts.
        connection.execute(
            f"DELETE FROM t WHERE {column} IN (SELECT CAST(id AS VARCHAR) FROM read_csv('{changed}', header = true))")
        connection.execute(
            f"INSERT INTO t SELECT * FROM read_csv('{os.path.join(current, 'delta', stem + '.upserts.csv')}', "
            "header = true, all_varchar = true)")
        if stem == main:
            refreshed = os.path.join(current, "delta", f"{summary['type']}_refreshed.csv")
            columns = open(refreshed, encoding="utf-8").readline().strip().split(",")[1:]
            connection.execute(
                "UPDATE t SET " + ", ".join(f"{c} = r.{c}" for c in columns)
                + f" FROM read_csv('{refreshed}', header = true, all_varchar = true) r WHERE t.id = r.id")
        tonight = os.path.join(current, name)
        for left, right in (("t", f"read_csv('{tonight}', header = true, all_varchar = true)"),
                            (f"read_csv('{tonight}', header = true, all_varchar = true)", "t")):
            extra = connection.execute(f"SELECT count(*) FROM (SELECT * FROM {left} EXCEPT ALL SELECT * FROM {right})")
            if extra.fetchone()[0] != 0:
                fail(f"{name}: last night's table with tonight's delta applied is not tonight's table")
        rows = connection.execute("SELECT count(*) FROM t").fetchone()[0]
        if rows != file["rows"]:
            fail(f"{name}: {rows} rows after the delta, the manifest says {file['rows']}")
        connection.execute("DROP TABLE t")


# Every append of each type, as jobs/catalogue_sample.json asks for them (a test keeps that job asking for every
# append the code knows), so that a new append is checked here without being named again.
SAMPLE_JOB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "jobs", "catalogue_sample.json")
APPENDS = {entry["type"]: entry["append"] for entry in json.load(open(SAMPLE_JOB, encoding="utf-8"))["catalogue"]
           if "append" in entry}
REFRESH = {"maxAgeDays": 2, "top": 100}
# Movies, series with their episodes, people: every table a nightly catalogue writes.
JOB = {"name": "nightly", "concurrency": 8, "rateLimit": 0, "catalogue": [
    {"type": "movie", "append": APPENDS["movie"], "refresh": REFRESH},
    {"type": "tv", "append": APPENDS["tv"], "episodes": True, "refresh": REFRESH},
    {"type": "person", "append": APPENDS["person"], "limit": 300,
     "refresh": {"maxAgeDays": REFRESH["maxAgeDays"]}}]}


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help", "--print-job"):
        if sys.argv[1:] == ["--print-job"]:
            print(json.dumps(JOB, indent=1))
            return
        print(__doc__.strip().split("\n\n")[0] + "\n\nUsage: check_nightly.py BINARY | --print-job (the nightly job, "
              "its appends read from jobs/catalogue_sample.json)")
        sys.exit(0 if sys.argv[1:] in (["-h"], ["--help"]) else 2)
    binary = sys.argv[1]
    work = tempfile.mkdtemp(prefix="check-nightly-")
    try:
        job = os.path.join(work, "nightly.json")
        refresh = REFRESH
        json.dump(JOB, open(job, "w"))
        output = os.path.join(work, "out")
        runs = []
        for night, day in enumerate(DAYS):
            run, manifest, notes = export(binary, work, job, output, day)
            modes = [c["mode"] for c in manifest["catalogue"]]
            expected = "full" if night == 0 else "incremental"
            if modes != [expected] * 3:
                fail(f"night {night + 1} ({day}) ran {modes}, expected {expected}; notes: {notes}")
            if night > 0:
                for summary in manifest["catalogue"]:
                    if summary["incremental"]["basedOnRun"] != os.path.basename(runs[-1][0]):
                        fail(f"night {night + 1} built on {summary['incremental']['basedOnRun']}, not the last night")
                    check_delta(runs[-1][0], run, summary)
            runs.append((run, manifest))
        moved = sum(s["incremental"].get("idsWithMovedCredits") or 0 for _, m in runs[1:] for s in m["catalogue"])
        if moved == 0:
            fail("no night fetched a person again for credits that moved in its titles: the check checked nothing")
        for check in ("check_catalogue.py", "check_description.py"):
            checked = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), check),
                                      os.path.join(output, "nightly")], capture_output=True, text=True)
            if checked.returncode != 0:
                fail(f"{check} on the last incremental night: {checked.stderr.strip()}")
        full, _, _ = export(binary, work, job, os.path.join(work, "full"), DAYS[-1])
        last = runs[-1][0]
        problems, stats = snapshot_guarantee.check(last, full, f"{DAYS[-1]}T12:00:00Z", refresh["maxAgeDays"])
        if problems:
            fail(f"the incremental night {DAYS[-1]} against a full run: {'; '.join(problems[:5])}")
        if stats["tonights_votes"] == 0 or stats["fetched_before"] == 0:
            fail(f"the guarantee was checked on nothing: {stats}")
        if stats["tonights_offers"] == 0 or stats["carried_offers"] == 0:
            fail(f"the watch providers were not checked both ways (tonight's compared, carried counted): {stats}")
        if stats["drifting_carried"] == 0 or stats["drifting_stale"] == 0:
            fail(f"no carried episode's votes had moved: the episodes' drift was checked on nothing: {stats}")
        names = snapshot_guarantee.snapshot_files(full)
        counts = [(s["type"], s["incremental"]["detailsRequested"], s["idsPlanned"])
                  for _, m in runs[1:] for s in m["catalogue"]]
        print(f"check_nightly: nights {DAYS[0]} (full), {', '.join(DAYS[1:])} (incremental: "
              + ", ".join(f"{t} {d} of {n}" for t, d, n in counts)
              + f"; {moved} people fetched again for their credits); each delta loaded in DuckDB gives the next night's tables; the last night passes "
              f"check_catalogue.py and check_description.py and keeps the guarantee against a full run over its "
              f"{len(names)} files ({stats['rows']} main rows, {stats['tonights_votes']} with tonight's votes, "
              f"{stats['stale_votes']} with older ones that differ, oldest fetched_at {stats['oldest_fetched_at']}; "
              f"{stats['tonights_offers']} offers of tonight's titles compared, {stats['carried_offers']} of carried "
              f"ones counted, {stats['stale_offers']} of them moved since; {stats['drifting_carried']} episodes of "
              f"carried series compared but for their votes, {stats['drifting_stale']} of them with votes moved "
              f"since)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
