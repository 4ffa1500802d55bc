#!/usr/bin/env python3
"""Checks a catalogue export the way its users read it: DuckDB, pandas and Python's csv module.

Usage: check_catalogue.py [--readme-queries] JOB_DIR

For the run JOB_DIR/latest points at, and each catalogue its manifest lists:
- every file exists with the size, SHA-256 and row count the manifest gives;
- each table's CSV (csv module) and NDJSON agree row by row and field by field, with the same columns in the same
  order, and both load in DuckDB and pandas with that row count;
- the main table's ids are strictly increasing, each child table's key never decreases, and every key of a child
  table exists in the main table (checked in DuckDB); collections are unique and in id order;
- <type>_details.ndjson has one JSON object per written id, in the same order as the main table;
- with people and titles, the credit_id join holds both ways; an episode's crew and guest stars are an episode's;
- with --readme-queries (for the sample job, which has every table), each of the documentation's DuckDB queries (docs/tables.md) runs on
  the run's tables and returns rows.
Exits non-zero on the first mismatch.
"""
import csv
import glob
import hashlib
import json
import math
import os
import sys

MAIN = {"movie": ("movies", "movie_id"), "tv": ("tv_series", "series_id"), "person": ("people", "person_id")}


def fail(message):
    print(f"check_catalogue: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def csv_text(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "|".join(str(v) for v in value)
    return value


def same(field, value):
    if isinstance(value, bool) or value is None or isinstance(value, (list, str)):
        return field == csv_text(value)
    if isinstance(value, int):
        return field == str(value)
    if isinstance(value, float):
        return field != "" and math.isclose(float(field), value, rel_tol=0, abs_tol=0)
    return False


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle, strict=True))
    return rows[0], rows[1:]


def read_ndjson(path):
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def main():
    arguments = [a for a in sys.argv[1:] if a != "--readme-queries"]
    if len(arguments) != 1:
        fail("usage: check_catalogue.py [--readme-queries] JOB_DIR")
    run = os.path.realpath(os.path.join(arguments[0], "latest"))
    with open(os.path.join(run, "manifest.json"), encoding="utf-8") as handle:
        manifest = json.load(handle)
    catalogues = manifest.get("catalogue") or fail("the manifest lists no catalogue")
    import duckdb
    import pandas

    connection = duckdb.connect()
    checked = 0
    for catalogue in catalogues:
        main_table, key = MAIN[catalogue["type"]]
        by_path = {entry["path"]: entry for entry in catalogue["files"]}
        for entry in catalogue["files"]:
            path = os.path.join(run, entry["path"])
            if not os.path.exists(path):
                fail(f"{entry['path']} is in the manifest but not in the run")
            if os.path.getsize(path) != entry["bytes"] or sha256(path) != entry["sha256"]:
                fail(f"{entry['path']}: size or SHA-256 differs from the manifest")
        tables = sorted({p.rsplit(".", 1)[0] for p in by_path if not p.endswith("_details.ndjson")})
        if main_table not in tables:
            fail(f"no {main_table} table")
        main_ids = None
        for table in tables:
            csv_path = os.path.join(run, table + ".csv")
            json_path = os.path.join(run, table + ".ndjson")
            header, rows = read_csv(csv_path)
            records = read_ndjson(json_path)
            for name, count in ((table + ".csv", len(rows)), (table + ".ndjson", len(records))):
                if by_path[name]["rows"] != count:
                    fail(f"{name}: {count} rows, the manifest says {by_path[name]['rows']}")
            if len(rows) != len(records):
                fail(f"{table}: {len(rows)} CSV rows but {len(records)} NDJSON lines")
            for number, (row, record) in enumerate(zip(rows, records), start=1):
                if list(record.keys()) != header:
                    fail(f"{table}.ndjson line {number}: keys {list(record.keys())} differ from the CSV header")
                for column, field in zip(header, row):
                    if not same(field, record[column]):
                        fail(f"{table} row {number} column {column}: CSV {field!r} vs NDJSON {record[column]!r}")
            duck_csv = connection.execute(
                "SELECT count(*) FROM read_csv(?, header = true, auto_detect = true)", [csv_path]).fetchone()[0]
            duck_json = connection.execute(
                "SELECT count(*) FROM read_json(?, format = 'newline_delimited')", [json_path]).fetchone()[0]
            frame = pandas.read_csv(csv_path, keep_default_na=False, dtype=str)
            if not (duck_csv == duck_json == len(frame) == len(rows)):
                fail(f"{table}: DuckDB CSV {duck_csv}, DuckDB NDJSON {duck_json}, pandas {len(frame)}, csv {len(rows)}")
            connection.execute(f'CREATE OR REPLACE TABLE "{table}" AS SELECT * FROM read_csv(?, header = true)',
                               [csv_path])
            if table == main_table:
                main_ids = [record["id"] for record in records]
                if any(a >= b for a, b in zip(main_ids, main_ids[1:])):
                    fail(f"{table}: ids are not strictly increasing")
            elif table == "collections":
                ids = [record["collection_id"] for record in records]
                if any(a >= b for a, b in zip(ids, ids[1:])):
                    fail("collections: ids are not unique and increasing")
            else:
                keys = [record[key] for record in records]
                if any(a > b for a, b in zip(keys, keys[1:])):
                    fail(f"{table}: {key} decreases: rows are not in id order")
            checked += 1
        for table in tables:
            if table in (main_table, "collections"):
                continue
            # An empty table's columns are read as text: compare as text.
            orphans = connection.execute(
                f'SELECT count(*) FROM "{table}" WHERE CAST({key} AS VARCHAR) NOT IN '
                f'(SELECT CAST(id AS VARCHAR) FROM "{main_table}")').fetchone()[0]
            if orphans:
                fail(f"{table}: {orphans} rows whose {key} is not in {main_table}")
        if "collections" in tables:
            orphans = connection.execute(
                'SELECT count(*) FROM movies WHERE collection_id IS NOT NULL AND collection_id NOT IN '
                '(SELECT collection_id FROM collections)').fetchone()[0]
            if orphans:
                fail(f"movies: {orphans} collection_id values not in collections")
        details = read_ndjson(os.path.join(run, f"{catalogue['type']}_details.ndjson"))
        if [item["id"] for item in details] != main_ids:
            fail(f"{catalogue['type']}_details.ndjson: ids differ from {main_table}'s, or their order does")
        # An incremental night fetches only what changed; the snapshot holds every id either way.
        in_snapshot = catalogue.get("idsInSnapshot", catalogue["idsFetched"])
        if in_snapshot != len(main_ids):
            fail(f"{main_table}: {len(main_ids)} rows but the manifest says {in_snapshot} ids in the snapshot")
        print(f"check_catalogue: {catalogue['type']}: {len(main_ids)} ids, {len(tables)} tables agree in csv, "
              f"NDJSON, DuckDB and pandas; every {key} is in {main_table}; "
              f"{catalogue['idsRemoved']} removed since the export, {catalogue['idsFailed']} failed")
    check_credit_join(connection)
    check_episode_keys(connection)
    if "--readme-queries" in sys.argv:
        check_readme_queries(connection)
    print(f"check_catalogue: OK ({checked} tables)")


# A person's credits and the titles' credits meet on credit_id (docs/tables.md, "The graph joins on credit_id").
CREDIT_JOINS = [("person_cast_credits", "movie", "movie_cast", "movies", "movie_id"),
                ("person_cast_credits", "tv", "tv_cast", "tv_series", "series_id"),
                ("person_crew_credits", "movie", "movie_crew", "movies", "movie_id"),
                ("person_crew_credits", "tv", "tv_crew", "tv_series", "series_id")]


def check_credit_join(connection):
    """With people and titles in one run: every title credit of a person in the run is in that person's credits,
    and every person's credit on a title in the run is in the title's credits; then the documented query runs."""
    tables = {row[0] for row in connection.execute("SELECT table_name FROM information_schema.tables").fetchall()}
    joined = 0
    for person_table, media, title_table, titles, title_id in CREDIT_JOINS:
        if not {person_table, title_table, "people", titles} <= tables:
            continue
        on = (f"p.person_id = t.person_id AND p.credit_id = t.credit_id AND p.media_type = '{media}' "
              f"AND p.media_id = t.{title_id}")
        missing = connection.execute(
            f'SELECT count(*) FROM "{title_table}" t WHERE t.person_id IN (SELECT id FROM people) '
            f'AND NOT EXISTS (SELECT 1 FROM "{person_table}" p WHERE {on})').fetchone()[0]
        if missing:
            fail(f"{title_table}: {missing} credits of people in the run are not in {person_table}")
        missing = connection.execute(
            f"SELECT count(*) FROM \"{person_table}\" p WHERE p.media_type = '{media}' AND p.media_id IN "
            f'(SELECT id FROM "{titles}") AND NOT EXISTS (SELECT 1 FROM "{title_table}" t WHERE {on})').fetchone()[0]
        if missing:
            fail(f"{person_table}: {missing} {media} credits on titles in the run are not in {title_table}")
        joined += connection.execute(
            f'SELECT count(*) FROM "{title_table}" t JOIN "{person_table}" p ON {on}').fetchone()[0]
    if {"people", "movies", "movie_cast"} <= tables:
        if joined == 0:
            fail("no credit joins a person's to a title's: the join was checked on nothing")
        print(f"check_catalogue: {joined} credits join a person's and a title's on credit_id, both ways")


def check_episode_keys(connection):
    """An episode's crew and guest stars belong to an episode of the run (their foreign key to tv_episodes)."""
    tables = {row[0] for row in connection.execute("SELECT table_name FROM information_schema.tables").fetchall()}
    for table in ("tv_episode_crew", "tv_episode_guest_stars"):
        if not {table, "tv_episodes"} <= tables:
            continue
        orphans = connection.execute(
            f'SELECT count(*) FROM "{table}" c WHERE NOT EXISTS (SELECT 1 FROM tv_episodes e WHERE '
            f'CAST(e.series_id AS VARCHAR) = CAST(c.series_id AS VARCHAR) '
            f'AND CAST(e.episode_id AS VARCHAR) = CAST(c.episode_id AS VARCHAR))').fetchone()[0]
        if orphans:
            fail(f"{table}: {orphans} rows whose (series_id, episode_id) is not in tv_episodes")


DOCUMENTATION = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def readme_queries():
    """The documentation's DuckDB queries: every ```sql block whose first line is a `-- duckdb` comment, in README.md
    and docs/*.md (docs/tables.md holds them today)."""
    pages = [os.path.join(DOCUMENTATION, "README.md")] + sorted(glob.glob(os.path.join(DOCUMENTATION, "docs", "*.md")))
    queries = []
    for page in pages:
        with open(page, encoding="utf-8") as handle:
            blocks = handle.read().split("```sql\n")[1:]
        queries += [block.split("```", 1)[0] for block in blocks if block.startswith("-- duckdb")]
    return queries


def check_readme_queries(connection):
    """Each documented query whose tables the run has runs on the run's tables and returns rows; the sample job asks
    for every table, so each is run."""
    tables = {row[0] for row in connection.execute("SELECT table_name FROM information_schema.tables").fetchall()}
    ran = 0
    for query in readme_queries():
        named = {word.strip('",;()') for word in query.replace("\n", " ").split(" ")}
        if not any(name in tables for name in named):
            continue
        try:
            result = connection.execute(query).fetchall()
        except Exception as error:  # duckdb raises its own exception types
            fail(f"a documented query fails: {error}\n{query}")
        if not result:
            fail(f"a documented query returns no rows on the run:\n{query}")
        ran += 1
    if ran == 0:
        fail("no documented query ran on the run")
    print(f"check_catalogue: the documentation's {ran} DuckDB queries run on the run's tables and return rows")


main()
