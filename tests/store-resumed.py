#!/usr/bin/env python3
"""A run is one run however many files it was written through: six normal nights, then night 7
with nettle at 0.8x ingested first as the interrupted run's partial file and then as its --resume
completion (same start, host and seed; other bytes). The store holds seven runs, not eight, and
`store check` reports no confirmed change (one bad night is never a change), exit 0, exactly as
when night 7 is ingested once. Prints TAP.

usage: store-resumed.py   (environment: SPEEDMATRIX, SM_TESTS_DIR)
"""
import os
import shutil
import sqlite3
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from storelib import Tap, make_run, speedmatrix  # noqa: E402


def main():
    tap = Tap()
    with tempfile.TemporaryDirectory(prefix="sm-resumed-") as work:
        nights = [make_run(work, "vm", night, 1) for night in range(6)]
        full = make_run(work, "vm", 6, 1, "nettle", -0.2)
        with open(full, encoding="utf-8") as f:
            lines = f.readlines()
        partial = os.path.join(work, "vm-06-partial.csv")
        with open(partial, "w", encoding="utf-8") as f:
            f.writelines(lines[:len(lines) // 2])
        shutil.copy(full + ".meta", partial + ".meta")
        db = os.path.join(work, "h.sqlite")
        once = os.path.join(work, "once.sqlite")
        tap.result(speedmatrix("store", "ingest", "--db", db, *nights).returncode == 0,
                   "six nights ingested")
        speedmatrix("store", "ingest", "--db", once, *nights, full)
        first = speedmatrix("store", "ingest", "--db", db, partial)
        second = speedmatrix("store", "ingest", "--db", db, full)
        tap.result(first.returncode == 0 and second.returncode == 0 and
                   "0 runs stored" in second.stdout and "1 already there" in second.stdout,
                   "the resumed file joins the partial file's run",
                   first.stdout + second.stdout + second.stderr)
        with sqlite3.connect(db) as c:
            runs = c.execute("SELECT COUNT(*) FROM run").fetchone()[0]
            results = c.execute("SELECT COUNT(*) FROM result").fetchone()[0]
        with sqlite3.connect(once) as c:
            results_once = c.execute("SELECT COUNT(*) FROM result").fetchone()[0]
        tap.result(runs == 7 and results == results_once,
                   "seven runs, with the results of night 7 ingested once",
                   f"{runs} runs, {results} results against {results_once}")
        check = speedmatrix("store", "check", "--db", db)
        check_once = speedmatrix("store", "check", "--db", once)
        tap.result(check.returncode == 0 and "confirmed" not in check.stdout and
                   check.stdout == check_once.stdout,
                   "store check: no confirmed change, exit 0, as with night 7 ingested once",
                   check.stdout + check.stderr + "\n---\n" + check_once.stdout)
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())
