#!/usr/bin/env python3
"""speedmatrix store against SQLite and a real, throw-away PostgreSQL server (tests/pgtemp.py):
ingest twice changes nothing, the check finds exactly the stepped engine's cells (and nothing
before the step), SQLite and PostgreSQL give identical check and trend output, events, and every
bad input (bad URL, locked or corrupt SQLite file, newer schema, a server that goes away in the
middle of an ingest) is one line, exit 2 and nothing half-written. Prints TAP; a server that
cannot be started fails the test.

usage: store-test.py   (environment: SPEEDMATRIX, SM_TESTS_DIR)
"""
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pgtemp import TempPostgres  # noqa: E402
from storelib import (Tap, history, make_run, profile_cell, profile_run, scaling_run,  # noqa: E402
                      speedmatrix, template)

TABLES = ["machine", "run", "series", "result", "event", "profile_run", "profile_result"]
# The schema version this speedmatrix writes (store/store.h).
SCHEMA_VERSION = 4


def sqlite_counts(path):
    with sqlite3.connect(path) as c:
        return {t: c.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}


def pg_counts(pg):
    return {t: int(pg.psql(f"SELECT COUNT(*) FROM {t}")) for t in TABLES}


def one_line_exit_2(done):
    return done.returncode == 2 and done.stderr.count("\n") == 1 and \
        done.stderr.startswith("speedmatrix: ")


def check_story(tap, db, paths, counts, kind):
    """Runs 1-6 then 7-8 of the story; returns (check output, trend html)."""
    first = speedmatrix("store", "ingest", "--db", db, *paths[:12])
    tap.result(first.returncode == 0 and "12 runs stored" in first.stdout,
               f"{kind}: ingest of 12 runs", first.stdout + first.stderr)
    before = speedmatrix("store", "check", "--db", db)
    tap.result(before.returncode == 0 and "confirmed" not in before.stdout and
               "suspect" not in before.stdout,
               f"{kind}: check before the step: exit 0, nothing reported", before.stdout)
    speedmatrix("store", "ingest", "--db", db, *paths[12:])
    n = counts()
    again = speedmatrix("store", "ingest", "--db", db, *paths)
    tap.result(again.returncode == 0 and "0 runs stored" in again.stdout and counts() == n,
               f"{kind}: ingesting the same files again changes no row count",
               f"{again.stdout}{n} -> {counts()}")
    after = speedmatrix("store", "check", "--db", db)
    lines = after.stdout.splitlines()
    flagged = [l for l in lines if "ops/s" in l]
    ok = (after.returncode == 1 and len(flagged) > 0 and
          all(l.startswith("alpha  nettle ") and "confirmed" in l and
              "event: nettle 3.8 -> 3.9" in l and " -> " in l for l in flagged) and
          any(l.startswith("beta  no new change") for l in lines))
    tap.result(ok, f"{kind}: check after the step: exit 1, only alpha's nettle cells, confirmed, "
               f"with the version event", after.stdout + after.stderr)
    high = speedmatrix("store", "check", "--db", db, "--threshold", "30")
    tap.result(high.returncode == 0, f"{kind}: --threshold 30 lets a 20% change pass",
               high.stdout)
    with tempfile.NamedTemporaryFile(suffix=".html") as f:
        trend = speedmatrix("store", "trend", "--db", db, "--machine", "alpha", "-o", f.name,
                          "--force")
        html = open(f.name, encoding="utf-8").read()
    tap.result(trend.returncode == 0 and "Content-Security-Policy" in html and "<svg" in html
               and "nettle 3.8 -&gt; 3.9" in html, f"{kind}: trend page with charts and the event",
               trend.stderr)
    return after.stdout, html


def machine_change(tap, work):
    """Every engine of gamma 20% slower from night 6: one machine line, no cell lines."""
    db = os.path.join(work, "machine.sqlite")
    paths = [make_run(work, "gamma", night, 3, "*", -0.2 if night >= 6 else 0.0)
             for night in range(8)]
    speedmatrix("store", "ingest", "--db", db, *paths)
    done = speedmatrix("store", "check", "--db", db)
    lines = done.stdout.splitlines()
    tap.result(done.returncode == 1 and len(lines) == 1 and
               lines[0].startswith("gamma  machine: ") and "since 2026-01-07T02:00:00Z" in lines[0],
               "sqlite: a whole machine 20% slower is one machine line, no cell lines", done.stdout)


def contended_nights(tap, work):
    """delta: nettle 20% slower on nights 6-7 while the contention probe read 10% (another tenant
    on the core): left out of the series, nothing reported. epsilon: the same step on a quiet
    core (contention 0.001) is reported."""
    for host, contention, expect in (("delta", 0.10, 0), ("epsilon", 0.001, 1)):
        db = os.path.join(work, f"{host}.sqlite")
        paths = [make_run(work, host, night, 4, "nettle", -0.2 if night >= 6 else 0.0,
                          contention=contention if night >= 6 else 0.001) for night in range(8)]
        speedmatrix("store", "ingest", "--db", db, *paths)
        done = speedmatrix("store", "check", "--db", db)
        flagged = [l for l in done.stdout.splitlines() if "ops/s" in l]
        ok = done.returncode == expect and (len(flagged) > 0) == (expect == 1)
        tap.result(ok, f"sqlite: a 20% step measured at contention {contention} is "
                   f"{'reported' if expect else 'left out'}", done.stdout + done.stderr)


# What version 3 added: a store of version 2 has none of these.
VERSION_3_COLUMNS = (("series", "threads"), ("series", "context"),
                     ("result", "scaling_efficiency"))


def schema_one_migrated(tap, work, paths):
    """A store of schema version 1 (no result.contention, nor what version 3 added) gains the
    columns of both and version 3."""
    db = os.path.join(work, "v1.sqlite")
    speedmatrix("store", "ingest", "--db", db, *paths[:4])
    with sqlite3.connect(db) as c:
        c.execute("ALTER TABLE result DROP COLUMN contention")
        for table, column in VERSION_3_COLUMNS:
            c.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        c.execute("UPDATE schema_version SET version = 1")
    done = speedmatrix("store", "ingest", "--db", db, *paths[4:6])
    with sqlite3.connect(db) as c:
        version = c.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
        columns = [r[1] for r in c.execute("PRAGMA table_info(result)")]
        series = [r[1] for r in c.execute("PRAGMA table_info(series)")]
    tap.result(done.returncode == 0 and version == SCHEMA_VERSION and "contention" in columns and
               "scaling_efficiency" in columns and "threads" in series,
               f"sqlite: a version 1 store is migrated to version {SCHEMA_VERSION} "
               "(result.contention)",
               f"{done.stdout}{done.stderr}version {version}, columns {columns} {series}")


def schema_two_migrated(tap, kind, sql, columns, ingest_more):
    """A store of schema version 2 (series without threads and context) is migrated in place:
    its series keep their ids and read as one thread, reused contexts; check says what it said.
    `sql` runs a statement and returns the first column's rows; `columns(table)` lists them."""
    ids = sql("SELECT id FROM series ORDER BY id")
    check = speedmatrix("store", "check", "--db", kind[1])
    for table, column in VERSION_3_COLUMNS:
        sql(f"ALTER TABLE {table} DROP COLUMN {column}")
    sql("UPDATE schema_version SET version = 2")
    done = ingest_more()
    after = speedmatrix("store", "check", "--db", kind[1])
    version = sql("SELECT MAX(version) FROM schema_version")
    kept = sql("SELECT id FROM series WHERE threads = 1 AND context = 'reused' ORDER BY id")
    present = all(column in columns(table) for table, column in VERSION_3_COLUMNS)
    tap.result(done.returncode == 0 and [str(v) for v in version] == [str(SCHEMA_VERSION)] and
               present and
               len(ids) > 0 and kept == ids and after.stdout == check.stdout and
               after.returncode == check.returncode,
               f"{kind[0]}: a version 2 store is migrated to version {SCHEMA_VERSION}: its "
               f"{len(ids)} series "
               f"keep their ids as one thread, reused; check says the same",
               f"{done.stdout}{done.stderr}version {version}, columns present {present}, "
               f"{len(ids)} series before, {len(kept)} kept\n{check.stdout}---\n{after.stdout}")


def sqlite_two_migrated(tap, work, paths):
    db = os.path.join(work, "v2.sqlite")
    speedmatrix("store", "ingest", "--db", db, *paths[:4])

    def sql(statement):
        with sqlite3.connect(db) as c:
            return [r[0] for r in c.execute(statement)]

    def columns(table):
        with sqlite3.connect(db) as c:
            return [r[1] for r in c.execute(f"PRAGMA table_info({table})")]

    schema_two_migrated(tap, ("sqlite", db), sql, columns,
                        lambda: speedmatrix("store", "ingest", "--db", db, *paths[:4]))


def pg_two_migrated(tap, pg, paths):
    def sql(statement):
        text = pg.psql(statement)
        return text.splitlines() if text else []

    def columns(table):
        return sql("SELECT column_name FROM information_schema.columns WHERE table_name = "
                   f"'{table}'")

    schema_two_migrated(tap, ("postgresql", pg.url), sql, columns,
                        lambda: speedmatrix("store", "ingest", "--db", pg.url, *paths))


def scaling_story(tap, db, work, kind):
    """zeta: a two-thread series at efficiency 0.95 for seven nights, 0.60 on the eighth (a lock
    added per call): check exits 1 and names it; the night before, it passed. Returns the
    output."""
    paths = [scaling_run(work, "zeta", night, 0.60 if night == 7 else 0.95)
             for night in range(8)]
    first = speedmatrix("store", "ingest", "--db", db, *paths[:7])
    before = speedmatrix("store", "check", "--db", db, "--machine", "zeta")
    tap.result(first.returncode == 0 and first.stderr == "" and "14 results" in first.stdout and
               before.returncode == 0 and "scaling" not in before.stdout,
               f"{kind}: threaded rows stored without a warning; a steady efficiency passes",
               first.stdout + first.stderr + before.stdout)
    speedmatrix("store", "ingest", "--db", db, paths[7])
    after = speedmatrix("store", "check", "--db", db, "--machine", "zeta")
    flagged = [l for l in after.stdout.splitlines() if "scaling fell" in l]
    tap.result(after.returncode == 1 and len(flagged) == 1 and " threads=2 " in flagged[0] and
               "scaling efficiency 0.95 -> 0.60" in flagged[0],
               f"{kind}: an efficiency fall from 0.95 to 0.60 on one night fails the check",
               after.stdout + after.stderr)
    return after.stdout


def stepped_cell():
    """The cell whose instructions step: the real run's first ok cell."""
    _, rows = template()
    return profile_cell(next(r for r in rows if r["status"] == "ok"))


def profile_story(tap, db, work, kind):
    """eta: wall-clock figures with 3% noise every night, and a profile beside each; one cell's
    instructions per operation 1% more from night 6. The check of night 5 passes; that of night 6
    fails on that cell's instructions alone, the 3% noise not reported. Returns night 6's
    output."""
    cell = stepped_cell()
    nights = [(make_run(work, "eta", night, 5, noise=0.03),
               profile_run(work, "eta", night, cell, 0.01 if night >= 6 else 0.0))
              for night in range(7)]
    outputs = []
    for night, (timing, profile) in enumerate(nights):
        stored = speedmatrix("store", "ingest", "--db", db, timing, profile)
        if stored.returncode != 0 or "1 profile stored" not in stored.stdout:
            tap.result(False, f"{kind}: night {night}'s run and profile are stored",
                       stored.stdout + stored.stderr)
            return ""
        outputs.append(speedmatrix("store", "check", "--db", db, "--machine", "eta"))
    # 3% noise makes suspects (a suspect is shown, never failed), no confirmed change.
    tap.result(all(o.returncode == 0 and "confirmed" not in o.stdout and
                   "instructions" not in o.stdout for o in outputs[:6]),
               f"{kind}: six nights of 3% wall-clock noise and steady instruction counts pass",
               "\n".join(o.stdout + o.stderr for o in outputs[:6]))
    stepped = outputs[6]
    flagged = [l for l in stepped.stdout.splitlines() if "instructions rose" in l]
    moved = re.search(r"instructions/op  \+([0-9.]+)%", flagged[0]) if flagged else None
    tap.result(stepped.returncode == 1 and len(flagged) == 1 and f"eta  {cell} " in flagged[0] and
               moved is not None and 0.9 <= float(moved.group(1)) <= 1.1 and
               "since 2026-01-07T03:00:00Z" in flagged[0] and "confirmed" not in stepped.stdout,
               f"{kind}: a 1% instruction step fails the check that night, the 3% noise does not",
               stepped.stdout + stepped.stderr)
    loose = speedmatrix("store", "check", "--db", db, "--machine", "eta",
                        "--instructions-threshold", "2")
    tap.result(loose.returncode == 0 and "instructions" not in loose.stdout,
               f"{kind}: --instructions-threshold 2 lets the 1% step pass", loose.stdout)
    again = speedmatrix("store", "ingest", "--db", db, nights[6][1])
    tap.result(again.returncode == 0 and "0 runs stored" in again.stdout and
               "1 already there" in again.stdout,
               f"{kind}: a profile stored before changes nothing", again.stdout + again.stderr)
    return stepped.stdout


def profile_bad_inputs(tap, work):
    db = os.path.join(work, "profile-bad.sqlite")
    timing = make_run(work, "theta", 0, 6)
    speedmatrix("store", "ingest", "--db", db, timing)
    done = speedmatrix("store", "check", "--db", db, "--instructions-threshold", "x")
    tap.result(one_line_exit_2(done) and "--instructions-threshold" in done.stderr,
               "a bad --instructions-threshold is one line, exit 2", done.stderr)
    bad = os.path.join(work, "bad.profile.csv")
    with open(profile_run(work, "theta", 1), encoding="utf-8") as f:
        text = f.read().replace(",profiled,", ",profiled-ish,", 1)
    with open(bad, "w", encoding="utf-8") as f:
        f.write(text)
    before = sqlite_counts(db)
    done = speedmatrix("store", "ingest", "--db", db, timing, bad)
    tap.result(one_line_exit_2(done) and "bad.profile.csv:" in done.stderr and
               sqlite_counts(db) == before,
               "a bad profile CSV is one line naming it, exit 2, nothing stored", done.stderr)


def profile_first(tap, work):
    """iota seen first through a profile, then through a run with its .meta: the machine row
    gains the run's CPU count and fingerprint."""
    db = os.path.join(work, "profile-first.sqlite")
    first = speedmatrix("store", "ingest", "--db", db, profile_run(work, "iota", 0))
    then = speedmatrix("store", "ingest", "--db", db, make_run(work, "iota", 1, 7))
    with sqlite3.connect(db) as c:
        row = c.execute("SELECT online_cpus, fingerprint FROM machine "
                        "WHERE host = 'iota'").fetchone()
    tap.result(first.returncode == 0 and then.returncode == 0 and row is not None and
               str(row[0]) == "2" and row[1] is not None,
               "sqlite: a machine first seen through a profile gains its run's CPU count and "
               "fingerprint", f"{first.stdout}{first.stderr}{then.stdout}{then.stderr}{row}")


def schema_three_migrated(tap, work, paths):
    """A store of schema version 3 (no profile tables) takes profiles after the next ingest; its
    series keep their ids, and a profile of a cell it has joins that cell's series."""
    db = os.path.join(work, "v3.sqlite")
    speedmatrix("store", "ingest", "--db", db, paths[0])
    with sqlite3.connect(db) as c:
        c.execute("DROP TABLE profile_result")
        c.execute("DROP TABLE profile_run")
        c.execute("UPDATE schema_version SET version = 3")
        ids = [r[0] for r in c.execute("SELECT id FROM series ORDER BY id")]
    done = speedmatrix("store", "ingest", "--db", db, profile_run(work, "alpha", 0))
    with sqlite3.connect(db) as c:
        version = c.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
        after = [r[0] for r in c.execute("SELECT id FROM series ORDER BY id")]
        joined = c.execute("SELECT COUNT(*) FROM profile_result p JOIN result r ON r.series_id = "
                           "p.series_id WHERE p.status = 'profiled'").fetchone()[0]
    tap.result(done.returncode == 0 and version == SCHEMA_VERSION and after == ids and
               joined > 0,
               f"sqlite: a version 3 store is migrated to version {SCHEMA_VERSION}: its series "
               f"keep their ids and the profile's cells join them",
               f"{done.stdout}{done.stderr}version {version}, {len(ids)} -> {len(after)} series, "
               f"{joined} joined")


def sqlite_bad_inputs(tap, work, paths):
    db = os.path.join(work, "locked.sqlite")
    speedmatrix("store", "ingest", "--db", db, paths[0])
    n = sqlite_counts(db)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    done = speedmatrix("store", "ingest", "--db", db, paths[1])
    holder.execute("ROLLBACK")
    holder.close()
    tap.result(one_line_exit_2(done) and "locked" in done.stderr and sqlite_counts(db) == n,
               "sqlite: a file another connection holds locked: one line, exit 2, nothing written",
               done.stderr)
    corrupt = os.path.join(work, "corrupt.sqlite")
    with open(corrupt, "wb") as f:
        f.write(b"this is not a database\n" * 200)
    done = speedmatrix("store", "check", "--db", corrupt)
    tap.result(one_line_exit_2(done) and "not a database" in done.stderr,
               "sqlite: a corrupt file: one line, exit 2", done.stderr)
    newer = os.path.join(work, "newer.sqlite")
    speedmatrix("store", "ingest", "--db", newer, paths[0])
    with sqlite3.connect(newer) as c:
        c.execute("UPDATE schema_version SET version = 99")
    done = speedmatrix("store", "check", "--db", newer)
    tap.result(one_line_exit_2(done) and "schema version 99" in done.stderr,
               "sqlite: a newer schema is refused", done.stderr)
    bad_csv = os.path.join(work, "bad.csv")
    with open(bad_csv, "w") as f:
        f.write("not,a,result\n1,2,3\n")
    db = os.path.join(work, "partial.sqlite")
    done = speedmatrix("store", "ingest", "--db", db, paths[0], bad_csv)
    tap.result(one_line_exit_2(done) and "bad.csv" in done.stderr and
               sqlite_counts(db)["run"] == 0,
               "sqlite: a bad file among good ones: nothing of the call is stored", done.stderr)
    for args, name in ((["--db", "mysql://x/y"], "an unknown URL scheme"),
                       (["--db", "postgresql://localhost:1/none"], "a server that is not there"),
                       (["--db", "postgresql://u:pw@%zz/x"], "a malformed URL")):
        done = speedmatrix("store", "check", *args)
        tap.result(one_line_exit_2(done) and "pw" not in done.stderr,
                   f"bad --db ({name}): one line, exit 2, no password shown", done.stderr)
    for args, name in ((["event", "--db", db, "--machine", "alpha", "--when", "yesterday",
                         "--what", "x"], "event with a bad --when"),
                       (["check", "--db", db, "--threshold", "lots"], "check with a bad "
                        "--threshold"),
                       (["frobnicate"], "an unknown subcommand")):
        done = speedmatrix("store", *args)
        tap.result(one_line_exit_2(done), f"{name}: one line, exit 2", done.stderr)


def pg_goes_away(tap, pg, work):
    """Holds a lock on `result` so that the ingest stops half-way inside its transaction, then
    stops the server under it."""
    n = pg_counts(pg)
    path = make_run(work, "gamma", 0, 7)
    locker = subprocess.Popen(["psql", "-X", pg.url], stdin=subprocess.PIPE, text=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    locker.stdin.write("BEGIN; LOCK TABLE result IN ACCESS EXCLUSIVE MODE;\n")
    locker.stdin.flush()
    time.sleep(0.5)
    result = {}
    ingest = threading.Thread(target=lambda: result.update(
        done=speedmatrix("store", "ingest", "--db", pg.url, path)))
    ingest.start()
    waiting = False
    for _ in range(100):
        waiting = pg.psql("SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")\
            != "0"
        if waiting:
            break
        time.sleep(0.1)
    pg.stop("immediate")
    ingest.join(30)
    locker.kill()
    locker.wait()
    pg.start()
    done = result.get("done")
    tap.result(waiting and done is not None and one_line_exit_2(done) and pg_counts(pg) == n,
               "postgresql: the server goes away in the middle of an ingest: one line, exit 2, "
               "nothing half-written",
               f"waiting {waiting}; {done.stderr if done else 'no result'}; {n} -> {pg_counts(pg)}")


def main():
    tap = Tap()
    with tempfile.TemporaryDirectory(prefix="sm-store-") as work:
        paths = history(work)
        db = os.path.join(work, "history.sqlite")
        sqlite_check, sqlite_html = check_story(tap, db, paths, lambda: sqlite_counts(db),
                                                "sqlite")
        event = speedmatrix("store", "event", "--db", db, "--machine", "beta", "--when",
                            "2026-01-08T01:00:00Z", "--what", "new BIOS")
        tap.result(event.returncode == 0 and sqlite_counts(db)["event"] == 2,
                   "event: a person's event is stored", event.stderr)
        machine_change(tap, work)
        contended_nights(tap, work)
        schema_one_migrated(tap, work, paths)
        sqlite_two_migrated(tap, work, paths)
        sqlite_scaling = scaling_story(tap, os.path.join(work, "scaling.sqlite"), work, "sqlite")
        sqlite_profile = profile_story(tap, os.path.join(work, "profile.sqlite"), work, "sqlite")
        profile_bad_inputs(tap, work)
        profile_first(tap, work)
        schema_three_migrated(tap, work, paths)
        sqlite_bad_inputs(tap, work, paths)
        try:
            pg = TempPostgres()
            pg.start()
        except (RuntimeError, OSError) as e:
            tap.result(False, "a throw-away PostgreSQL server starts", str(e))
            return tap.done()
        try:
            tap.result(True, "a throw-away PostgreSQL server starts")
            pg_check, pg_html = check_story(tap, pg.url, paths, lambda: pg_counts(pg),
                                            "postgresql")
            tap.result(pg_check == sqlite_check, "check output is identical on SQLite and "
                       "PostgreSQL", f"sqlite:\n{sqlite_check}\npostgresql:\n{pg_check}")
            tap.result(pg_html == sqlite_html, "trend page is identical on SQLite and PostgreSQL")
            pg_two_migrated(tap, pg, paths)
            pg_scaling = scaling_story(tap, pg.url, work, "postgresql")
            tap.result(pg_scaling == sqlite_scaling, "the scaling check is identical on SQLite "
                       "and PostgreSQL", f"sqlite:\n{sqlite_scaling}\npostgresql:\n{pg_scaling}")
            pg_profile = profile_story(tap, pg.url, work, "postgresql")
            tap.result(pg_profile == sqlite_profile, "the instruction check is identical on "
                       "SQLite and PostgreSQL",
                       f"sqlite:\n{sqlite_profile}\npostgresql:\n{pg_profile}")
            pg.psql("UPDATE schema_version SET version = 99")
            done = speedmatrix("store", "check", "--db", pg.url)
            tap.result(one_line_exit_2(done) and "schema version 99" in done.stderr,
                       "postgresql: a newer schema is refused", done.stderr)
            pg.psql(f"UPDATE schema_version SET version = {SCHEMA_VERSION}")
            pg_goes_away(tap, pg, work)
        finally:
            pg.__exit__(None, None, None)
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())
