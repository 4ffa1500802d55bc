#!/usr/bin/env python3
"""kill -9 in the middle of a catalogue run, then --resume: nothing written before the checkpoint is fetched again,
and the result is byte-identical to an uninterrupted run.

Usage: check_resume.py BINARY

Starts the binary's sandbox in its own process (5 ms latency), exports a 150-movie catalogue once whole, then again,
killing the exporter with SIGKILL once its checkpoint passes 40 ids; resumes it and checks that the resumed run sent
exactly the ids past the checkpoint (its manifest's apiRequests) and that every data file equals the whole run's.
"""
import datetime
import glob
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time


def fail(message):
    print(f"check_resume: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    binary = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="check-resume-")
    port = free_port()
    sandbox = subprocess.Popen([binary, "sandbox", "--port", str(port), "--latency", "5"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        sandbox.stdout.readline()
        job = os.path.join(work, "job.json")
        with open(job, "w") as handle:
            json.dump({"name": "resume", "concurrency": 4, "rateLimit": 0, "catalogue": [
                {"type": "movie", "append": ["credits", "keywords", "external_ids", "release_dates"],
                 "limit": 150}]}, handle)
        environment = dict(os.environ, TMDB_API_TOKEN="sandbox-token")
        # One clock for both runs (yesterday, whose export the sandbox has published), so that every row's
        # fetched_at is the same whichever run fetched it.
        day = (datetime.datetime.now(datetime.timezone.utc).date() - datetime.timedelta(days=1)).isoformat()

        def export(output, *extra):
            return subprocess.Popen(
                [binary, "export", "--job", job, "--base-url", f"http://127.0.0.1:{port}/3",
                 "--files-base-url", f"http://127.0.0.1:{port}/p/exports", "--output", output, "--date", day,
                 "--quiet", *extra],
                env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

        whole = export(os.path.join(work, "whole"))
        if whole.wait() != 0:
            fail(f"the whole run failed: {whole.stderr.read()}")

        killed_output = os.path.join(work, "killed")
        killed = export(killed_output)
        position = 0
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and killed.poll() is None:
            for path in glob.glob(f"{killed_output}/resume/staging/*/catalogue-checkpoint"):
                try:
                    with open(path) as handle:
                        position = json.loads(handle.readline())["positions"][0]
                except (OSError, ValueError, KeyError, IndexError):
                    pass
            if position >= 40:
                killed.send_signal(signal.SIGKILL)
                break
            time.sleep(0.02)
        killed.wait()
        if killed.returncode != -signal.SIGKILL:
            fail(f"the run to kill ended by itself (code {killed.returncode}) before its checkpoint passed 40")
        checkpoint = glob.glob(f"{killed_output}/resume/staging/*/catalogue-checkpoint")[0]
        with open(checkpoint) as handle:
            position = json.loads(handle.readline())["positions"][0]

        resumed = export(killed_output, "--resume")
        if resumed.wait() != 0:
            fail(f"the resumed run failed: {resumed.stderr.read()}")
        manifest = json.load(open(glob.glob(f"{killed_output}/resume/latest/manifest.json")[0]))
        planned = manifest["catalogue"][0]["idsPlanned"]
        if not manifest["resumed"]:
            fail("the resumed run's manifest does not say it resumed")
        if manifest["apiRequests"] != planned - position:
            fail(f"the resumed run sent {manifest['apiRequests']} requests; {planned} planned, {position} written "
                 f"before the kill: expected {planned - position}")
        whole_run = glob.glob(f"{work}/whole/resume/latest")[0]
        resumed_run = glob.glob(f"{killed_output}/resume/latest")[0]
        names = sorted(n for n in os.listdir(whole_run) if n.endswith((".csv", ".ndjson")))
        for name in names:
            with open(os.path.join(whole_run, name), "rb") as a, open(os.path.join(resumed_run, name), "rb") as b:
                if a.read() != b.read():
                    fail(f"{name} differs between the whole run and the killed-and-resumed one")
        print(f"check_resume: killed at {position}/{planned} ids written; the resumed run sent {planned - position} "
              f"requests, and its {len(names)} files equal the whole run's byte for byte")
    finally:
        sandbox.send_signal(signal.SIGTERM)
        sandbox.wait()


main()
