#!/usr/bin/env python3
"""The fleet templates: .github/workflows/nightly.yml and ci/gitlab-nightly.yml parse as YAML and
have the job structure README describes (a job matrix over runner labels, the run kept as an
artifact, then an ingest-and-check job after it); then their steps (scripts/nightly run, twice,
and scripts/nightly gate) run here against a real, throw-away PostgreSQL. Prints TAP.

usage: ci-test.py SOURCE_DIR   (environment: SPEEDMATRIX, SPEEDMATRIX_ENGINE_DIR)
"""
import os
import shutil
import subprocess
import sys
import tempfile

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pgtemp import TempPostgres  # noqa: E402
from storelib import Tap  # noqa: E402


def steps_text(job):
    return "\n".join(str(s.get("run", "")) + str(s.get("uses", "")) for s in job.get("steps", []))


def github(tap, source):
    doc = yaml.safe_load(open(os.path.join(source, ".github/workflows/nightly.yml")))
    triggers = doc.get("on", doc.get(True, {}))  # YAML 1.1 reads a bare `on` as true
    tap.result("schedule" in triggers, "github: runs on a schedule")
    jobs = doc.get("jobs", {})
    measure, gate = jobs.get("measure", {}), jobs.get("ingest-and-check", {})
    machines = measure.get("strategy", {}).get("matrix", {}).get("machine", [])
    tap.result(len(machines) >= 2 and "self-hosted" in measure.get("runs-on", []) and
               "${{ matrix.machine }}" in measure.get("runs-on", []),
               "github: measure is a matrix over self-hosted runner labels", str(measure))
    text = steps_text(measure)
    tap.result("scripts/nightly run" in text and "actions/upload-artifact" in text,
               "github: each machine runs the matrix and uploads it as an artifact", text)
    profile = [s for s in measure.get("steps", []) if "scripts/nightly profile" in
               str(s.get("run", ""))]
    tap.result(len(profile) == 1 and "SPEEDMATRIX_PROFILE_CELLS" in str(profile[0].get("if")) and
               "SPEEDMATRIX_PROFILE_CELLS" in str(profile[0].get("run")) and
               "nightly-out" in str(profile[0].get("run")),
               "github: the chosen cells are profiled beside the run into nightly-out when "
               "SPEEDMATRIX_PROFILE_CELLS is set", str(profile))
    text = steps_text(gate)
    tap.result('[ -e "$csv.meta" ] || continue' in text,
               "github: the trend loop passes over the profiles (no .meta)", text)
    tap.result(gate.get("needs") == "measure" and "actions/download-artifact" in text and
               "scripts/nightly gate" in text and "postgres" in gate.get("services", {}),
               "github: ingest-and-check after measure, against PostgreSQL", str(gate))


def gitlab(tap, source):
    doc = yaml.safe_load(open(os.path.join(source, "ci/gitlab-nightly.yml")))
    measure, gate = doc.get("measure", {}), doc.get("ingest-and-check", {})
    matrix = measure.get("parallel", {}).get("matrix", [{}])
    tap.result(len(matrix[0].get("MACHINE", [])) >= 2 and "$MACHINE" in measure.get("tags", []),
               "gitlab: measure is a parallel:matrix over runner tags", str(measure))
    tap.result(any("scripts/nightly run" in s for s in measure.get("script", [])) and
               "nightly-out/" in measure.get("artifacts", {}).get("paths", []),
               "gitlab: each machine runs the matrix and keeps it as an artifact", str(measure))
    profile = [s for s in measure.get("script", []) if "scripts/nightly profile" in s]
    tap.result(len(profile) == 1 and "SPEEDMATRIX_PROFILE_CELLS" in profile[0] and
               "nightly-out" in profile[0],
               "gitlab: the chosen cells are profiled beside the run when "
               "SPEEDMATRIX_PROFILE_CELLS is set", str(measure.get("script")))
    tap.result(any('[ -e "$csv.meta" ] || continue' in s for s in gate.get("after_script", [])),
               "gitlab: the trend loop passes over the profiles (no .meta)",
               str(gate.get("after_script")))
    services = [s.get("name", s) if isinstance(s, dict) else s for s in gate.get("services", [])]
    tap.result(doc.get("stages") == ["measure", "gate"] and gate.get("stage") == "gate" and
               any("scripts/nightly gate" in s for s in gate.get("script", [])) and
               any(str(s).startswith("postgres") for s in services),
               "gitlab: ingest-and-check in the stage after, against PostgreSQL", str(gate))


def local(tap, source):
    nightly = os.path.join(source, "scripts", "nightly")
    flags = ["--engines", "openssl,nettle", "--algorithms", "sha256,aes-128-gcm", "--sizes",
             "1024", "--time", "0.02"]
    with tempfile.TemporaryDirectory(prefix="sm-ci-") as work:
        out = os.path.join(work, "nightly-out")
        files = []
        for _ in range(2):
            done = subprocess.run([nightly, "run", out, *flags], capture_output=True, text=True,
                                  cwd=source)
            files.append(done.stdout.strip())
            tap.result(done.returncode == 0 and os.path.exists(files[-1]) and
                       os.path.exists(files[-1] + ".meta"),
                       "scripts/nightly run: a CSV and its .meta", done.stderr)
        done = subprocess.run([nightly, "profile", out], capture_output=True, text=True,
                              cwd=source)
        tap.result(done.returncode == 2 and done.stderr.count("\n") == 1,
                   "scripts/nightly profile without a cell list: one line, exit 2", done.stderr)
        profile = nightly_profile(tap, nightly, source, out)
        try:
            pg = TempPostgres()
            pg.start()
        except (RuntimeError, OSError) as e:
            tap.result(False, "a throw-away PostgreSQL server starts", str(e))
            return
        try:
            done = subprocess.run([nightly, "gate", pg.url, *files, profile],
                                  capture_output=True, text=True)
            runs = pg.psql("SELECT COUNT(*) FROM run")
            profiles = pg.psql("SELECT COUNT(*) FROM profile_run")
            tap.result(done.returncode in (0, 1) and "2 runs stored" in done.stdout and
                       "1 profile stored" in done.stdout and runs == "2" and profiles == "1" and
                       "no new change" in done.stdout,
                       "scripts/nightly gate: both runs and the profile stored in PostgreSQL, "
                       "the gate ran", done.stdout + done.stderr)
        finally:
            pg.__exit__(None, None, None)


def nightly_profile(tap, nightly, source, out):
    """scripts/nightly profile of one cell when this build has the profile verb and Valgrind;
    else a skip, and the gate stores the test profile of tests/data instead. Returns the file."""
    speedmatrix = os.environ["SPEEDMATRIX"]
    has_verb = subprocess.run([speedmatrix, "profile", "--help"],
                              capture_output=True).returncode == 0
    has_valgrind = shutil.which("valgrind") is not None and not os.environ.get("SM_SANITIZED")
    if not (has_verb and has_valgrind):
        tap.number += 1
        print("ok %d # SKIP scripts/nightly profile: %s" % (
            tap.number, "no profile verb in this build" if not has_verb else
            "no valgrind, or a sanitizer build valgrind cannot run"),
            flush=True)
        return os.path.join(os.environ["SM_TESTS_DIR"], "data", "five-engines.profile.csv")
    cells = ["--engines", "openssl", "--algorithms", "sha256", "--sizes", "1024", "--api", "evp"]
    done = subprocess.run([nightly, "profile", out, *cells], capture_output=True, text=True,
                          cwd=source)
    path = done.stdout.strip()
    header = open(path).readline() if path and os.path.exists(path) else ""
    tap.result(done.returncode in (0, 1) and path.endswith(".profile.csv") and
               "instructions_per_op" in header,
               "scripts/nightly profile: the chosen cells' profile CSV", done.stdout + done.stderr)
    return path


def nightly_build(tap, source):
    """scripts/nightly build with a recipe (Nettle from Debian's source, no assembler: the build
    tests/nettle-generic-test.sh keeps under the build directory), then run and gate: the store
    in PostgreSQL holds the build's commit id (here the Debian source version)."""
    nightly = os.path.join(source, "scripts", "nightly")
    build = os.path.dirname(os.environ["SPEEDMATRIX"])
    nettle = os.path.join(build, "engines", "nettle.so")
    has_src = subprocess.run("grep -rqs '^Types:.*deb-src\\|^deb-src' /etc/apt/sources.list "
                             "/etc/apt/sources.list.d/", shell=True).returncode == 0
    if not os.path.exists(nettle) or not has_src:
        for what in ("scripts/nightly build", "nightly run of the build", "the store holds the "
                     "build's commit id"):
            tap.number += 1
            print("ok %d # SKIP %s: %s" % (tap.number, what, "no nettle engine" if has_src
                                           else "no deb-src lines"), flush=True)
        return
    with tempfile.TemporaryDirectory(prefix="sm-ci-build-") as work:
        engines = os.path.join(work, "engines")
        os.makedirs(engines)
        os.symlink(nettle, os.path.join(engines, "nettle.so"))
        env = dict(os.environ, SPEEDMATRIX_ENGINE_DIR=engines,
                   SPEEDMATRIX_BUILDS=os.environ.get("SPEEDMATRIX_BUILDS")
                   or os.path.join(build, "builds-cache"))
        recipe = ["nettle", "generic", "--debian", "nettle", "--", "--disable-assembler",
                  "--disable-fat", "--disable-documentation", "--disable-openssl"]
        done = subprocess.run([nightly, "build", *recipe], capture_output=True, text=True,
                              cwd=source, env=env, timeout=900)
        tap.result(done.returncode == 0 and done.stdout.strip() == "nettle@generic",
                   "scripts/nightly build nettle generic --debian nettle -- --disable-assembler",
                   done.stdout + done.stderr)
        out = os.path.join(work, "nightly-out")
        flags = ["--matrix", "/dev/null", "--engines", "nettle,nettle@generic", "--algorithms",
                 "sha256", "--sizes", "1024", "--api", "evp", "--time", "0.02"]
        done = subprocess.run([nightly, "run", out, *flags], capture_output=True, text=True,
                              cwd=source, env=env)
        csv = done.stdout.strip()
        meta = open(csv + ".meta").read() if os.path.exists(csv + ".meta") else ""
        tap.result(done.returncode == 0 and "nettle@generic=nettle_" in meta,
                   "nightly run of nettle and nettle@generic: the .meta names the build's commit",
                   done.stderr + meta)
        try:
            pg = TempPostgres()
            pg.start()
        except (RuntimeError, OSError) as e:
            tap.result(False, "a throw-away PostgreSQL server starts", str(e))
            return
        try:
            done = subprocess.run([nightly, "gate", pg.url, csv], capture_output=True, text=True,
                                  env=env)
            events = pg.psql("SELECT what FROM event WHERE kind = 'build'")
            tap.result(done.returncode in (0, 1) and
                       events.startswith("nettle@generic at commit nettle_"),
                       "the store holds the build's commit id", done.stdout + done.stderr +
                       events)
        finally:
            pg.__exit__(None, None, None)


def main():
    source = sys.argv[1]
    tap = Tap()
    github(tap, source)
    gitlab(tap, source)
    local(tap, source)
    nightly_build(tap, source)
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())
