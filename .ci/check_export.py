#!/usr/bin/env python3
"""Checks an export the way its users read it.

Usage: check_export.py JOB_DIR

For the run `JOB_DIR/latest` points at, every data file named in manifest.json must exist with the SHA-256 and row
count the manifest gives; the CSV read with Python's csv module and with DuckDB must agree with the NDJSON field by
field, byte for byte for text; every poster_file must exist and be an image; each request's manifest entry must give
TMDB's totalPages and totalResults and plan no page past the list's end. Exits non-zero on the first mismatch.
"""
import csv
import hashlib
import json
import math
import os
import sys

# The movie list columns (README "CSV columns"; Sources/Exporter/Writers/ListTable.swift): those after
# poster_file were added later, at the end, so that readers of earlier files keep working.
COLUMNS = ["rank", "id", "title", "original_title", "original_language", "release_date", "vote_average",
           "vote_count", "popularity", "genre_ids", "genres", "adult", "overview", "poster_path", "poster_file",
           "backdrop_path", "video", "media_type"]


def fail(message):
    print(f"check_export: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def csv_text(value):
    """How a typed NDJSON value must appear in the CSV."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "|".join(str(v) for v in value)
    return value


def same(csv_field, value, column):
    if isinstance(value, float):
        return csv_field != "" and math.isclose(float(csv_field), value, rel_tol=0, abs_tol=0)
    if isinstance(value, int) and not isinstance(value, bool):
        return csv_field == str(value)
    return csv_field == csv_text(value)


def main():
    job_dir = sys.argv[1]
    run_dir = os.path.join(job_dir, "latest")
    if not os.path.islink(run_dir):
        fail(f"{run_dir} is not a symlink")
    manifest = json.load(open(os.path.join(run_dir, "manifest.json"), encoding="utf-8"))
    if manifest["status"] != "complete":
        fail(f"manifest status is {manifest['status']}")
    for key in ("TMDB_API_TOKEN", "TMDB_API_KEY"):
        secret = os.environ.get(key)
        if secret and secret in json.dumps(manifest):
            fail(f"manifest contains the value of {key}")
    try:
        import duckdb
    except ImportError:
        duckdb = None
        print("check_export: duckdb not installed; checking with Python's csv module only", file=sys.stderr)

    total_rows = 0
    for request in manifest["requests"]:
        # TMDB's totals as the first page gave them; no page past the list's end is planned.
        if request.get("totalPages") is None or request.get("totalResults") is None:
            fail(f"{request['endpoint']}: the manifest lacks totalPages or totalResults")
        if not request["pagesPlanned"] <= max(1, min(request["totalPages"], 500)) <= 500:
            fail(f"{request['endpoint']}: {request['pagesPlanned']} pages planned, TMDB said {request['totalPages']}")
        if request.get("pagesAsked", 0) < request["pagesPlanned"]:
            fail(f"{request['endpoint']}: pagesAsked {request.get('pagesAsked')} < pagesPlanned")
        files = {f["format"]: f for f in request["files"]}
        for entry in files.values():
            path = os.path.join(run_dir, entry["path"])
            digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
            if digest != entry["sha256"]:
                fail(f"{path}: sha256 {digest} differs from the manifest's {entry['sha256']}")
        ndjson_path = os.path.join(run_dir, files["ndjson"]["path"])
        csv_path = os.path.join(run_dir, files["csv"]["path"])
        records = [json.loads(line) for line in open(ndjson_path, encoding="utf-8", newline="\n")]
        with open(csv_path, encoding="utf-8", newline="") as handle:
            rows = list(csv.reader(handle, strict=True))
        if rows[0] != COLUMNS:
            fail(f"{csv_path}: header is {rows[0]}")
        rows = rows[1:]
        expected = request["rowsWritten"]
        if not (len(rows) == len(records) == expected == files["csv"]["rows"] == files["ndjson"]["rows"]):
            fail(f"{request['endpoint']}: rows csv={len(rows)} ndjson={len(records)} manifest={expected}")
        for number, (row, record) in enumerate(zip(rows, records), start=1):
            if list(record.keys()) != COLUMNS:
                fail(f"{ndjson_path}:{number}: keys {list(record.keys())}")
            for column, field in zip(COLUMNS, row):
                if not same(field, record[column], column):
                    fail(f"{csv_path}: row {number} {column}: csv {field!r} vs ndjson {record[column]!r}")
            poster = record["poster_file"]
            if poster is not None:
                poster_path = os.path.join(job_dir, poster)
                head = open(poster_path, "rb").read(12)
                if not (head.startswith(b"\xff\xd8\xff") or head.startswith(b"\x89PNG") or head[8:12] == b"WEBP"):
                    fail(f"{poster_path} is not an image")
        if duckdb is not None:
            titles = duckdb.sql(
                f"select title, overview from read_csv('{csv_path}', header=true, all_varchar=true, "
                "quote='\"', escape='\"', strict_mode=true) order by cast(rank as integer)").fetchall()
            for number, ((title, overview), record) in enumerate(zip(titles, records), start=1):
                if (title or "") != record["title"] or (overview or "") != (record["overview"] or ""):
                    fail(f"{csv_path}: DuckDB row {number}: {title!r} vs {record['title']!r}")
            if len(titles) != len(records):
                fail(f"{csv_path}: DuckDB read {len(titles)} rows, expected {len(records)}")
        total_rows += len(rows)
        print(f"check_export: {request['endpoint']}: {len(rows)} rows agree across CSV (csv module"
              f"{', DuckDB' if duckdb else ''}), NDJSON and manifest")
    # rejected.ndjson: present exactly when the manifest names it, with its rows and SHA-256; items that could not
    # be read are never dropped without a trace.
    rejected_path = os.path.join(run_dir, "rejected.ndjson")
    rejected_file = manifest.get("rejectedFile")
    items_rejected = sum(request["itemsRejected"] for request in manifest["requests"])
    if rejected_file is None:
        if os.path.exists(rejected_path):
            fail(f"{rejected_path} exists but the manifest names no rejectedFile")
        if items_rejected:
            fail(f"the manifest counts {items_rejected} rejected items but names no rejectedFile")
    else:
        data = open(rejected_path, "rb").read()
        if hashlib.sha256(data).hexdigest() != rejected_file["sha256"]:
            fail(f"{rejected_path}: sha256 differs from the manifest's")
        lines = [json.loads(line) for line in data.decode("utf-8").splitlines()]
        if not (len(lines) == rejected_file["rows"] == items_rejected):
            fail(f"{rejected_path}: {len(lines)} lines, manifest rows {rejected_file['rows']}, itemsRejected {items_rejected}")
        print(f"check_export: rejected.ndjson: {len(lines)} items that could not be read, as the manifest says")
    print(f"check_export: OK: {total_rows} rows, run {manifest['runId']}")


if __name__ == "__main__":
    main()
