#!/usr/bin/env python3
"""Checks that runs describe themselves: datapackage.json validates, load.sql loads, and both agree with the manifest.

Usage: check_description.py JOB_DIR...

For the run each JOB_DIR/latest points at:
- `frictionless validate datapackage.json` (PyPI) reports no error: every resource's schema (types, primary keys,
  foreign keys), bytes and SHA-256 hold for its file; there is one resource per data file the manifest lists (and
  one per PostgreSQL text twin, `<table>.pgtext`, of such a CSV file), and the package carries TMDB's attribution;
- `load.sql`, run by DuckDB from the run's folder, creates a table per CSV data file of the snapshot with the
  manifest's row count, and each column's DuckDB type is the one the package's field type maps to.
Exits non-zero on the first problem.
"""
import json
import os
import subprocess
import sys

import duckdb

ATTRIBUTION = "This product uses the TMDB API but is not endorsed or certified by TMDB."
DUCKDB_TYPES = {"integer": "BIGINT", "number": "DOUBLE", "string": "VARCHAR", "boolean": "BOOLEAN", "date": "DATE",
                "datetime": "TIMESTAMP"}


def fail(message):
    print(f"check_description: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def manifest_files(manifest):
    files = []
    if manifest.get("rejectedFile"):
        files.append(manifest["rejectedFile"])
    for request in manifest.get("requests", []):
        files += request.get("files", [])
    for catalogue in manifest.get("catalogue") or []:
        files += catalogue["files"] + (catalogue.get("deltaFiles") or [])
    for dimension in manifest.get("dimensions") or []:
        files += dimension["files"]
    files += (manifest.get("watchProviders") or {}).get("files", [])
    return files


def check(job_dir):
    run = os.path.realpath(os.path.join(job_dir, "latest"))
    manifest = json.load(open(os.path.join(run, "manifest.json")))
    package = json.load(open(os.path.join(run, "datapackage.json")))
    if ATTRIBUTION not in json.dumps(package):
        fail(f"{run}/datapackage.json does not carry TMDB's attribution")
    resources = {resource["path"]: resource for resource in package["resources"]}
    files = {file["path"]: file for file in manifest_files(manifest)}
    # A .pgtext twin is the description's own file, beside a CSV of the manifest (README, Into PostgreSQL).
    for path in [path for path in resources if path.endswith(".pgtext")]:
        if path[:-len(".pgtext")] + ".csv" not in files or resources.pop(path)["type"] != "file":
            fail(f"{run}/{path}: a text twin of no CSV the manifest lists, or not described as a file")
    if sorted(resources) != sorted(files):
        fail(f"{run}: resources {sorted(set(resources) ^ set(files))} are in one of datapackage.json and the "
             "manifest only")
    for path, file in files.items():
        if resources[path]["hash"] != "sha256:" + file["sha256"] or resources[path]["bytes"] != file["bytes"]:
            fail(f"{run}/{path}: the package's bytes or hash differ from the manifest's")

    validated = subprocess.run(["frictionless", "validate", "--json", "datapackage.json"], cwd=run,
                               capture_output=True, text=True)
    try:
        report = json.loads(validated.stdout)
    except ValueError:
        fail(f"{run}: frictionless did not report JSON: {validated.stdout[-400:]}{validated.stderr[-400:]}")
    errors = [error for task in report.get("tasks", []) for error in task.get("errors", [])]
    errors += report.get("errors", [])
    if not report.get("valid") or errors:
        fail(f"{run}: frictionless validate: {[e.get('message') for e in errors][:5]}")

    connection = duckdb.connect()
    cwd = os.getcwd()
    os.chdir(run)
    try:
        connection.execute(open("load.sql").read())
    except duckdb.Error as error:
        fail(f"{run}/load.sql: {error}")
    finally:
        os.chdir(cwd)
    loaded = 0
    for path, resource in resources.items():
        if not path.endswith(".csv") or "/" in path or "schema" not in resource:
            continue
        table = os.path.splitext(path)[0]
        rows = connection.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]
        if rows != files[path]["rows"]:
            fail(f"{run}/load.sql: {table} has {rows} rows, the manifest says {files[path]['rows']}")
        types = dict(connection.execute(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = ?", [table]).fetchall())
        for field in resource["schema"]["fields"]:
            if types.get(field["name"]) != DUCKDB_TYPES[field["type"]]:
                fail(f"{run}/load.sql: {table}.{field['name']} is {types.get(field['name'])}, the package says "
                     f"{field['type']}")
        loaded += 1
    print(f"check_description: {manifest['job']}: datapackage.json valid ({len(resources)} resources, frictionless "
          f"reports no error); load.sql loads {loaded} tables in DuckDB with the manifest's rows and the package's "
          f"types")


for job_dir in sys.argv[1:]:
    check(job_dir)
