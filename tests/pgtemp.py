"""A throw-away PostgreSQL server for the tests and bench/store-simulate: initdb and pg_ctl from
Debian's postgresql package, run as an unprivileged user (nobody when started as root) on a Unix
socket in a temporary directory; no TCP port, trust authentication, fsync off. Stopped and
removed on exit. No mock: a real server, or an exception that fails the caller.

    with TempPostgres() as pg:
        pg.url        # postgresql:///postgres?host=/tmp/...&user=postgres
        pg.stop()     # (the with block stops it anyway); pg.start() again
"""
import glob
import os
import pwd
import shutil
import subprocess
import tempfile


def _bin_dir():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise RuntimeError("no PostgreSQL server (initdb) installed: scripts/install-deps --test")
    return os.path.dirname(found[-1])


class TempPostgres:
    def __init__(self):
        self.bin = _bin_dir()
        self.dir = tempfile.mkdtemp(prefix="sm-pg-")
        self.data = os.path.join(self.dir, "data")
        self.user = None
        if os.getuid() == 0:
            self.user = pwd.getpwnam("nobody")
            os.chown(self.dir, self.user.pw_uid, self.user.pw_gid)
        os.chmod(self.dir, 0o755)
        self._run("initdb", "-D", self.data, "-A", "trust", "-U", "postgres", "--no-sync",
                  "-E", "UTF8")
        self.url = f"postgresql:///postgres?host={self.dir}&user=postgres"

    def _run(self, tool, *args):
        command = [os.path.join(self.bin, tool), *args]
        if self.user is not None:
            command = ["setpriv", f"--reuid={self.user.pw_uid}", f"--regid={self.user.pw_gid}",
                       "--clear-groups", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.dir)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stderr.strip() or done.stdout.strip()}")
        return done.stdout

    def start(self):
        self._run("pg_ctl", "-D", self.data, "-l", os.path.join(self.dir, "log"), "-w", "-o",
                  f"-k {self.dir} -c listen_addresses= -c fsync=off -c full_page_writes=off",
                  "start")

    def stop(self, mode="fast"):
        self._run("pg_ctl", "-D", self.data, "-m", mode, "-w", "stop")

    def running(self):
        return os.path.exists(os.path.join(self.data, "postmaster.pid"))

    def psql(self, sql):
        done = subprocess.run(["psql", "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", self.url, "-c",
                               sql], capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"psql: {done.stderr.strip()}")
        return done.stdout.strip()

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        try:
            if self.running():
                self.stop("immediate")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
        return False
