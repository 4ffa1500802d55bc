#!/usr/bin/env python3
"""Checks a run's report.html the way a reader opens it: in a browser, through `latest`.

Usage: check_report.py JOB_DIR PNG

For the run `JOB_DIR/latest` points at: report.html must exist with the size and SHA-256 that the manifest's
reportFile gives; headless Chromium must load `JOB_DIR/latest/report.html` without a console message, and its DOM
after load must hold the page's <base> (set by its script, since the page was opened through latest), a chart for
each data set (and a catalogue's tables and night), and the run's timings; every poster of the contact sheets must be a file. The page is drawn into
PNG (1280 x 2000). Exits non-zero on the first problem.
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile


def fail(message):
    print(f"check_report: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def chromium(arguments):
    with tempfile.TemporaryDirectory(prefix="check-report-") as profile:
        result = subprocess.run(
            ["chromium", "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--hide-scrollbars",
             "--enable-logging=stderr", "--v=0", f"--user-data-dir={profile}"] + arguments,
            capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        fail(f"chromium exited with {result.returncode}: {result.stderr[-2000:]}")
    console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line]
    if console:
        fail("the page wrote to the console: " + "; ".join(console))
    return result.stdout


def main():
    job_dir, png = sys.argv[1], sys.argv[2]
    latest = os.path.join(job_dir, "latest")
    run_dir = os.path.realpath(latest)
    manifest = json.load(open(os.path.join(latest, "manifest.json"), encoding="utf-8"))
    listed = manifest.get("reportFile")
    if not listed or listed["path"] != "report.html" or listed["format"] != "html":
        fail(f"the manifest lists no report.html: {listed}")
    page = os.path.join(latest, "report.html")
    data = open(page, "rb").read()
    if len(data) != listed["bytes"] or hashlib.sha256(data).hexdigest() != listed["sha256"]:
        fail("report.html does not match the size and SHA-256 in the manifest")

    url = "file://" + os.path.abspath(page)
    dom = chromium(["--dump-dom", url])
    base = f'<base href="../runs/{manifest["runId"]}/">'
    if base not in dom:
        fail(f"opened through latest, the page has no {base}")
    charts = re.findall(r'<svg class="chart[^"]*" data-chart="([a-z]+)"', dom)
    lists = len([r for r in manifest["requests"] if r["files"]])
    # Per catalogue: the tables and the three charts of its main table (people: the tables alone: no votes, release
    # dates or genres), and tonight's changes on an incremental night.
    catalogues = sum((1 if c["type"] == "person" else 4) + (1 if c.get("incremental") else 0)
                     for c in manifest.get("catalogue") or [])
    expected = 3 * lists + catalogues + 1
    if len(charts) != expected or charts[-1] != "timings":
        fail(f"{len(charts)} charts drawn ({', '.join(charts)}), expected {expected}")
    posters = re.findall(r'<img src="([^"]+)"', dom)
    for poster in posters:
        if not poster.startswith("../../posters/") or not os.path.isfile(os.path.join(run_dir, poster)):
            fail(f"the contact sheet shows {poster}, which is not a poster of the job")

    os.makedirs(os.path.dirname(os.path.abspath(png)), exist_ok=True)
    if os.path.exists(png):
        os.remove(png)
    chromium([f"--screenshot={png}", "--window-size=1280,2000", url])
    if not open(png, "rb").read(8).startswith(b"\x89PNG"):
        fail(f"{png} is not a PNG")
    print(f"check_report: OK: {len(charts)} charts, {len(posters)} posters, drawn into {png}")


if __name__ == "__main__":
    main()
