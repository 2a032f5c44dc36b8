"""Shared by the store tests: TAP output, running speedmatrix, and runs made from the real run
in tests/data/five-engines-run.csv with seeded noise and known steps."""
import csv
import io
import math
import os
import random
import subprocess

FIGURES = ["ops_per_sec", "bytes_per_sec", "min_ops_per_sec", "max_ops_per_sec",
           "mad_ops_per_sec", "per_worker_ops_per_sec", "single_worker_ops_per_sec",
           "median_ops_per_sec", "ops_per_sec_low", "ops_per_sec_high"]


class Tap:
    def __init__(self):
        self.number = 0
        self.failed = 0

    def result(self, ok, name, diagnostics=""):
        self.number += 1
        self.failed += not ok
        print(f"{'ok' if ok else 'not ok'} {self.number} {name}", flush=True)
        if not ok:
            for line in str(diagnostics).splitlines():
                print(f"# {line}", flush=True)
        return ok

    def done(self):
        print(f"1..{self.number}", flush=True)
        return 1 if self.failed else 0


def speedmatrix(*args, **kw):
    return subprocess.run([os.environ["SPEEDMATRIX"], *args], capture_output=True, text=True, **kw)


def template():
    path = os.path.join(os.environ["SM_TESTS_DIR"], "data", "five-engines-run.csv")
    with open(path, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return list(rows[0].keys()), rows


def make_run(directory, host, night, seed, step_engine=None, step=0.0, version=None,
             contention=None, noise=0.01):
    """One night's run of `host`: every ok figure x its noise (`noise`, seeded) x (1 + step) for
    `step_engine` ("*": every engine), whose library version becomes `version` when given, and
    whose rows read `contention` when given (the others 0.001). Writes CSV and .meta."""
    columns, rows = template()
    if contention is not None and "contention" not in columns:
        columns.append("contention")
    rng = random.Random(f"{host}/{night}/{seed}")
    started = f"2026-01-{night + 1:02d}T02:00:00Z"
    out = io.StringIO()
    w = csv.DictWriter(out, columns, lineterminator="\n")
    w.writeheader()
    versions = {}
    for r in rows:
        r = dict(r)
        r["host"], r["timestamp"] = host, started
        factor = math.exp(rng.gauss(0, noise))
        if step_engine in (r["engine"], "*"):
            factor *= 1 + step
            if version:
                r["engine_version"] = version
        if contention is not None and r["status"] == "ok":
            r["contention"] = repr(contention if step_engine in (r["engine"], "*") else 0.001)
        versions[r["engine"]] = r["engine_version"]
        if r["status"] == "ok":
            for c in FIGURES:
                if r.get(c):
                    r[c] = repr(float(r[c]) * factor)
        w.writerow(r)
    path = os.path.join(directory, f"{host}-{night:02d}.csv")
    with open(path, "w", encoding="utf-8") as f:
        f.write(out.getvalue())
    with open(path + ".meta", "w", encoding="utf-8") as f:
        f.write(f"[run]\nstarted={started}\nseed=1\nsettings=test\nestimator=fastest-pass\n\n"
                f"[machine]\nhost={host}\ncpu_model=Test CPU\nkernel=Linux 6.1\nonline_cpus=2\n"
                "cpu_flags=aes\n\n[engines]\n" +
                "".join(f"{e}={v}\n" for e, v in sorted(versions.items())))
    return path


def scaling_run(directory, host, night, efficiency):
    """One night's run of `host`: one ok cell of the real run measured by one thread and by two
    (reused contexts), the two threads' scaling efficiency `efficiency`. Writes CSV only."""
    columns, rows = template()
    columns += [c for c in ("threads", "context") if c not in columns]
    base = next(r for r in rows if r["status"] == "ok" and r["parallel"] == "1")
    started = f"2026-01-{night + 1:02d}T02:00:00Z"
    out = io.StringIO()
    w = csv.DictWriter(out, columns, lineterminator="\n")
    w.writeheader()
    for threads in (1, 2):
        r = dict(base, host=host, timestamp=started, threads=str(threads), context="reused")
        r["scaling_efficiency"] = repr(efficiency) if threads > 1 else ""
        for c in FIGURES:
            if r.get(c):
                r[c] = repr(float(r[c]) * (threads * efficiency if threads > 1 else 1))
        w.writerow(r)
    path = os.path.join(directory, f"{host}-scaling-{night:02d}.csv")
    with open(path, "w", encoding="utf-8") as f:
        f.write(out.getvalue())
    return path


def history(directory, nights=8, step_from=6):
    """alpha: nettle 20% slower from `step_from` with nettle 3.8 -> 3.9; beta: steady."""
    paths = []
    for night in range(nights):
        stepped = night >= step_from
        paths.append(make_run(directory, "alpha", night, 1, "nettle", -0.2 if stepped else 0.0,
                              "3.9" if stepped else None))
        paths.append(make_run(directory, "beta", night, 1))
    return paths


PROFILE_IDENTITY = ["timestamp", "host", "cpu_model", "engine", "engine_version", "algorithm",
                    "kind", "operation", "api", "block_size", "accel", "parallel", "threads",
                    "context", "seed", "library_path", "library_version"]
PROFILE_COLUMNS = PROFILE_IDENTITY + ["status", "detail", "tool", "ops", "instructions_per_op",
                                      "setup_instructions", "syscalls_per_op", "impl",
                                      "impl_matches_run", "top_functions", "explanation"]


def profile_cell(row):
    """The cell of a template row as a label: engine algorithm operation api size."""
    return " ".join([row["engine"], row["algorithm"], row["operation"], row["api"],
                     row["block_size"]])


def profile_run(directory, host, night, step_cell=None, step=0.0):
    """One night's profile of `host` (speedmatrix profile's CSV) over the real run's ok cells:
    instructions per operation of about 2.5e9 / ops_per_sec, each x a repeat spread of 0.01%
    (seeded), and x (1 + step) for the cell `step_cell` (profile_cell's label)."""
    _, rows = template()
    rng = random.Random(f"profile/{host}/{night}")
    started = f"2026-01-{night + 1:02d}T03:00:00Z"
    out = io.StringIO()
    w = csv.DictWriter(out, PROFILE_COLUMNS, lineterminator="\n", extrasaction="ignore")
    w.writeheader()
    for r in rows:
        p = {c: r.get(c, "") for c in PROFILE_IDENTITY}
        p.update(host=host, timestamp=started, threads="1", context="reused")
        if r["status"] != "ok":
            p.update(status="not-profiled", detail="the cell was not measured")
            w.writerow(p)
            continue
        per_op = 2.5e9 / float(r["ops_per_sec"]) * (1 + rng.gauss(0, 0.0001))
        if profile_cell(r) == step_cell:
            per_op *= 1 + step
        p.update(status="profiled", tool="callgrind 3.19.0", ops="1000",
                 instructions_per_op=f"{per_op:.1f}", setup_instructions="52000",
                 syscalls_per_op="0", impl="",
                 top_functions=f"work@lib.so 0.9 1.0 {per_op * 0.9:.1f}",
                 explanation="90% in work (lib.so)")
        w.writerow(p)
    path = os.path.join(directory, f"{host}-{night:02d}.profile.csv")
    with open(path, "w", encoding="utf-8") as f:
        f.write(out.getvalue())
    return path
