"""Shared helpers for the bench/ scripts (python3, standard library only).

Not a script: the executables next to it import it. Nothing here asserts anything about speed;
the scripts print PASS/FAIL lines for a human and exit 0 unless they could not run at all.
"""

import argparse
import csv
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(BENCH_DIR)
DEFAULT_BINARY = os.path.join(REPO_ROOT, "build", "speedmatrix")
DEFAULT_MATRIX = os.path.join(REPO_ROOT, "matrix.ini")


def die(message):
    """Could not run: say why, exit 2."""
    print("error: " + message, file=sys.stderr)
    sys.exit(2)


def parser(description):
    p = argparse.ArgumentParser(description=description)
    p.add_argument("speedmatrix", nargs="?", default=DEFAULT_BINARY,
                   help="path of the speedmatrix binary (default: build/speedmatrix in the repo)")
    p.add_argument("--matrix", default=DEFAULT_MATRIX,
                   help="matrix.ini to pass with --matrix (default: the repo's)")
    p.add_argument("--keep", metavar="DIR",
                   help="keep the CSV files in DIR instead of a temporary directory")
    p.add_argument("--wait-idle", type=int, default=0, metavar="S",
                   help="first wait up to S seconds for the machine to be idle (default 0)")
    return p


def check_binary(path):
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        die("no speedmatrix binary at %s (build it, or pass its path)" % path)
    return os.path.abspath(path)


def workdir(args):
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        return args.keep
    return tempfile.mkdtemp(prefix="sm-bench-")


def quote(cmd, env=None):
    prefix = "".join("%s=%s " % (k, shlex.quote(v)) for k, v in (env or {}).items())
    return prefix + " ".join(shlex.quote(str(c)) for c in cmd)


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def print_machine_note(args=None):
    """One line on how busy the machine is: other load skews every figure and all ratios."""
    if args is not None:
        wait_idle(args.wait_idle)
    cpus = os.cpu_count() or 0
    load = loadavg()
    line = "machine: %d online CPUs, 1-minute load average %s at start" % (
        cpus, "%.2f" % load if load is not None else "unknown")
    if load is not None and cpus and load > 0.5 * cpus:
        line += " (WARNING: other processes are running; figures and ratios are less reliable)"
    print(line)


def _proc_stat():
    """(busy seconds, steal seconds) of the whole machine since boot, from /proc/stat."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()[1:]
    except OSError:
        return None
    v = [int(x) for x in fields] + [0] * 10
    hz = os.sysconf("SC_CLK_TCK")
    user, nice, system, _idle, _iowait, irq, softirq, steal = v[:8]
    return (user + nice + system + irq + softirq) / hz, steal / hz


def _children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    s = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime + s.ru_utime + s.ru_stime


class LoadMeter:
    """How much CPU other processes (not this script and its children) used meanwhile."""

    def __init__(self):
        self.t0, self.p0, self.c0 = time.monotonic(), _proc_stat(), _children_cpu()

    def other_share(self):
        p1 = _proc_stat()
        if self.p0 is None or p1 is None:
            return None, None
        wall = time.monotonic() - self.t0
        cpus = os.cpu_count() or 1
        other = (p1[0] - self.p0[0]) - (_children_cpu() - self.c0)
        return max(0.0, other / (wall * cpus)), (p1[1] - self.p0[1]) / (wall * cpus)

    def report(self):
        other, steal = self.other_share()
        if other is None:
            return
        line = ("other processes used %.0f%% of the machine's CPU time during this script "
                "(steal %.0f%%)" % (100 * other, 100 * steal))
        if other > 0.10:
            line += ": WARNING, figures measured under competing load"
        print(line)


def wait_idle(limit):
    """Wait up to `limit` seconds for a 3 s window in which the machine is < 10% busy."""
    if limit <= 0:
        return
    deadline = time.monotonic() + limit
    while True:
        m = LoadMeter()
        time.sleep(3)
        other, _ = m.other_share()
        if other is None or other < 0.10:
            return
        if time.monotonic() >= deadline:
            print("note: the machine did not go idle within %d s (%.0f%% busy); going on"
                  % (limit, 100 * other))
            return


def run_speedmatrix(binary, run_args, csv_path, matrix=DEFAULT_MATRIX, env=None):
    """Run `speedmatrix run ... -o csv_path --quiet --no-table`.

    Returns (rows, wall_seconds, returncode, command). Rows come from the CSV by column name;
    exit status 1 (a failed cell) still yields the rows that were written."""
    cmd = [binary, "run", "--matrix", matrix] + list(run_args) + \
          ["-o", csv_path, "--quiet", "--no-table"]
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    for leftover in (csv_path, csv_path + ".meta", csv_path + ".journal"):
        if os.path.exists(leftover):
            os.unlink(leftover)
    start = time.monotonic()
    proc = subprocess.run(cmd, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    wall = time.monotonic() - start
    if proc.returncode not in (0, 1) or not os.path.exists(csv_path):
        die("speedmatrix failed (exit %d): %s\n%s" % (proc.returncode, quote(cmd),
                                                      proc.stderr.strip()))
    return read_csv(csv_path), wall, proc.returncode, cmd


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def fnum(row, column):
    """A numeric CSV field, or None when empty or absent."""
    value = row.get(column)
    if value is None or value == "":
        return None
    try:
        return float(value)
    except ValueError:
        return None


def run_openssl_speed(args, env=None):
    """Run `openssl speed -mr ARGS`; return (records, wall_seconds, command).

    records: {"F": {name: [bytes/s per size]}, "F2": {bits: (sign/s, verify/s)},
              "F4": {bits: (sign/s, verify/s)}, ...}: the -mr `+Fn:` lines."""
    cmd = ["openssl", "speed", "-mr"] + list(args)
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True)
    except OSError as e:
        die("cannot run openssl: %s" % e)
    wall = time.monotonic() - start
    records = {}
    for line in (proc.stdout + "\n" + proc.stderr).splitlines():
        if not line.startswith("+F"):
            continue
        tag, _, rest = line[1:].partition(":")
        fields = rest.split(":")
        if tag == "F" and len(fields) >= 3:
            records.setdefault("F", {})[fields[1]] = [float(x) for x in fields[2:]]
        elif len(fields) >= 4:  # +F2 (rsa), +F3 (dsa), +F4 (ecdsa), +F6 (eddsa): k:bits:a:b
            records.setdefault(tag, {})[fields[1]] = tuple(float(x) for x in fields[2:4])
        elif len(fields) >= 3:  # +F5 (ecdh): k:bits:ops
            records.setdefault(tag, {})[fields[1]] = (float(fields[2]),)
    if proc.returncode != 0 and not records:
        die("openssl speed failed (exit %d): %s\n%s" % (proc.returncode, quote(cmd),
                                                        proc.stderr.strip()[-500:]))
    return records, wall, cmd


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def cv(values):
    """Coefficient of variation (sample standard deviation over mean)."""
    values = [v for v in values if v is not None]
    if len(values) < 2 or statistics.mean(values) == 0:
        return None
    return statistics.stdev(values) / statistics.mean(values)


def human_rate(value, unit):
    """MB/s (10^6 bytes/s) for bytes, plain for ops/s."""
    if value is None:
        return "-"
    if unit == "B/s":
        return "%.1f MB/s" % (value / 1e6)
    return "%.0f /s" % value


def fmt(value, pattern="%.3f"):
    return "-" if value is None else pattern % value


def table(header, rows):
    """A plain-text table, columns padded to their widest cell, numbers right-aligned."""
    cells = [[str(c) for c in header]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]

    def numeric(s):
        return s[:1].isdigit() or (s[:1] in "-+." and s[1:2].isdigit()) or s == "-"

    out = []
    for n, r in enumerate(cells):
        parts = []
        for i, c in enumerate(r):
            if n > 0 and numeric(c):
                parts.append(c.rjust(widths[i]))
            else:
                parts.append(c.ljust(widths[i]))
        out.append("  ".join(parts).rstrip())
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def verdict(ok, text):
    line = ("PASS  " if ok else "FAIL  ") + text
    print(line)
    return ok
