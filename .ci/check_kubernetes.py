#!/usr/bin/env python3
"""Checks deploy/kubernetes/ offline: the manifests against Kubernetes' schemas, and their command lines for real.

Usage: check_kubernetes.py BINARY

1. `kubernetes-validate --strict` (PyPI; Kubernetes' own OpenAPI schemas, no cluster) on every manifest.
2. The shards Job is an Indexed Job whose `--shards N` equals its `completions`.
3. Runs each shard container's command line exactly as shards-job.yaml spells it, for every JOB_COMPLETION_INDEX,
   as Kubernetes would: the container's env (the Secret's token and the URLs pointed at a sandbox, the output
   directory at a temporary folder), `$(VAR)` expanded from it, the ConfigMap's job file at its mount path, the
   image's binary replaced by BINARY, with `--date` yesterday appended (one clock for every process, so that
   every row's fetched_at agrees). Then the merge Job's command line, the same way. The merged run must be
   byte-identical to one unsharded run of the same job file.
Exits non-zero on the first problem.
"""
import datetime
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
DEPLOY = os.path.join(HERE, "..", "deploy", "kubernetes")


def fail(message):
    print(f"check_kubernetes: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def load(name):
    with open(os.path.join(DEPLOY, name)) as handle:
        return yaml.safe_load(handle)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def command_line(job, binary, environment, mounts):
    """The container's command and args as the kubelet would run them: $(VAR) from the container's env."""
    container = job["spec"]["template"]["spec"]["containers"][0]
    if container["command"][0] != "/usr/local/bin/tmdb-export":
        fail(f"{job['metadata']['name']}: the command is {container['command']}, not the image's binary")
    expand = lambda text: re.sub(r"\$\((\w+)\)", lambda m: environment.get(m.group(1), m.group(0)), text)
    arguments = [expand(str(argument)) for argument in container.get("args", [])]
    for mount, local in mounts.items():
        arguments = [local + a[len(mount):] if a.startswith(mount + "/") else a for a in arguments]
    unresolved = [a for a in arguments if "$(" in a]
    if unresolved:
        fail(f"{job['metadata']['name']}: arguments refer to variables the container does not set: {unresolved}")
    return [binary] + container["command"][1:] + arguments


def container_env(job, overrides):
    """The container's env as Kubernetes sets it, values from Secrets replaced by `overrides`."""
    environment = {}
    for variable in job["spec"]["template"]["spec"]["containers"][0].get("env", []):
        name = variable["name"]
        if "value" in variable:
            environment[name] = overrides.get(name, str(variable["value"]))
        elif name in overrides:
            environment[name] = overrides[name]
        else:
            fail(f"{job['metadata']['name']}: no value for {name} in this check")
    return environment


def run(arguments, environment, what):
    result = subprocess.run(arguments, env=dict(os.environ, **environment), capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"{what} exited {result.returncode}: {result.stderr.strip()}")
    return result


def main():
    binary = sys.argv[1]
    manifests = sorted(os.path.join(DEPLOY, name) for name in os.listdir(DEPLOY) if name.endswith(".yaml"))
    validated = subprocess.run(["kubernetes-validate", "--strict", "--quiet"] + manifests, capture_output=True,
                               text=True)
    if validated.returncode != 0:
        fail(f"kubernetes-validate: {validated.stdout}{validated.stderr}")

    shards, merge, config = load("shards-job.yaml"), load("merge-job.yaml"), load("job-file.yaml")
    spec = shards["spec"]
    if spec.get("completionMode") != "Indexed":
        fail("shards-job.yaml is not an Indexed Job")
    count = spec["completions"]
    for job in (shards, merge):
        args = [str(a) for a in job["spec"]["template"]["spec"]["containers"][0]["args"]]
        if args[args.index("--shards") + 1] != str(count):
            fail(f"{job['metadata']['name']}: --shards is not the shards Job's completions ({count})")

    work = tempfile.mkdtemp(prefix="check-kubernetes-")
    port = free_port()
    sandbox = subprocess.Popen(
        [binary, "sandbox", "--port", str(port), "--no-list-catalogue", "--catalogue-size", "300",
         "--series-catalogue-size", "100"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        sandbox.stdout.readline()
        jobs = os.path.join(work, "jobs")
        os.makedirs(jobs)
        for name, text in config["data"].items():
            with open(os.path.join(jobs, name), "w") as handle:
                handle.write(text)
        output = os.path.join(work, "data", "output")
        overrides = {"TMDB_API_TOKEN": "sandbox-token", "OUTPUT_DIR": output,
                     "TMDB_API_BASE_URL": f"http://127.0.0.1:{port}/3",
                     "TMDB_FILES_BASE_URL": f"http://127.0.0.1:{port}/p/exports"}
        mounts = {"/jobs": jobs, "/data": os.path.join(work, "data")}
        # Each export also gets one clock (--date yesterday, whose export the sandbox has published), so that every
        # row's fetched_at is the same whichever process fetched it; the manifests' own arguments are untouched.
        day = (datetime.datetime.now(datetime.timezone.utc).date() - datetime.timedelta(days=1)).isoformat()
        for index in range(count):
            environment = dict(container_env(shards, overrides), JOB_COMPLETION_INDEX=str(index))
            run(command_line(shards, binary, environment, mounts) + ["--date", day], environment, f"shard {index}")
        environment = container_env(merge, overrides)
        merged = run(command_line(merge, binary, environment, mounts), environment, "the merge")

        whole = os.path.join(work, "whole")
        environment = container_env(shards, dict(overrides, OUTPUT_DIR=whole))
        line = [a for a in command_line(shards, binary, environment, mounts)]
        at = line.index("--shards")
        run(line[:at] + line[at + 2:] + ["--date", day], environment, "the unsharded run")

        name = os.path.splitext(next(iter(config["data"])))[0]
        single = os.path.realpath(os.path.join(whole, name, "latest"))
        combined = os.path.realpath(os.path.join(output, name, "latest"))
        files = sorted(f for f in os.listdir(single) if f.endswith((".csv", ".ndjson")))
        for file in files:
            with open(os.path.join(single, file), "rb") as a, open(os.path.join(combined, file), "rb") as b:
                if a.read() != b.read():
                    fail(f"{file}: the merged shards differ from the unsharded run")
        print(f"check_kubernetes: {len(manifests)} manifests valid (kubernetes-validate --strict); {count} shards "
              f"run as shards-job.yaml spells them, merged as merge-job.yaml does: {len(files)} files equal an "
              f"unsharded run's byte for byte ({merged.stdout.strip()})")
    finally:
        sandbox.send_signal(signal.SIGTERM)
        sandbox.wait()
        shutil.rmtree(work, ignore_errors=True)


main()
