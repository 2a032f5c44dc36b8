#!/usr/bin/env python3
"""Opens `speedmatrix report` on a five-engine run in headless Chromium: it must render with no
console message at all (an uncaught error, a blocked fetch and console.error all show up as
console lines on Chromium's log), and the DOM after the page's script has run must hold the
winner and gap tables and one chart per algorithm. Saves a screenshot into the build directory
as the test artefact. Before trusting the console check, proves that it sees a deliberate
JavaScript error and a blocked external load. Prints TAP. Fails (never skips) without Chromium.

usage: report-chromium.py BUILD_DIR   (environment: SPEEDMATRIX, SM_TESTS_DIR)
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--enable-logging=stderr", "--v=0",
    # Nothing may be fetched from the network; a page that tries is caught by its own CSP.
    "--host-resolver-rules=MAP * ~NOTFOUND",
]
# Chromium logs every console message of the page as "...:INFO:CONSOLE:12] "text", source: ..."
# (older builds: "CONSOLE(12)"), whatever its level.
CONSOLE = re.compile(r":CONSOLE[:(]\d*\)?\] (.*)")
SIZE = (1280, 2000)


class Tap:
    def __init__(self, planned):
        self.number = 0
        self.failed = 0
        print(f"1..{planned}", flush=True)

    def result(self, ok, name, diagnostics=""):
        self.number += 1
        self.failed += not ok
        print(f"{'ok' if ok else 'not ok'} {self.number} {name}", flush=True)
        for line in diagnostics.splitlines():
            print(f"# {line}", flush=True)
        return ok


def chromium_binary():
    return shutil.which("chromium") or (
        "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None)


def run_chromium(chromium, url, *extra):
    """Runs headless Chromium on url with a fresh profile; returns (status, stdout, stderr)."""
    profile = tempfile.mkdtemp(prefix="sm-chromium-")
    try:
        done = subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *extra, url],
                              capture_output=True, text=True, timeout=120)
        return done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired as timeout:
        return -1, "", f"timed out after {timeout.timeout} s"
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def console_messages(stderr):
    return [m.group(1) for m in map(CONSOLE.search, stderr.splitlines()) if m]


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def main():
    build_dir = os.path.abspath(sys.argv[1])
    speedmatrix = os.environ["SPEEDMATRIX"]
    data = os.path.join(os.environ["SM_TESTS_DIR"], "data")
    tap = Tap(6)

    chromium = chromium_binary()
    if not tap.result(chromium is not None, "chromium is installed",
                      "" if chromium else "no chromium on PATH: scripts/install-deps --test"):
        for name in ("report generated", "console check sees a deliberate error",
                     "console check sees a blocked external load", "report renders, no console "
                     "messages, screenshot saved", "rendered DOM has the tables and charts"):
            tap.result(False, name, "needs chromium")
        return 1

    report = os.path.join(build_dir, "report-chromium.html")
    screenshot = os.path.join(build_dir, "report-chromium.png")
    for stale in (report, screenshot):
        if os.path.exists(stale):
            os.unlink(stale)
    # five-engines-run.csv is a real run: `speedmatrix run --engines openssl,gcrypt,nettle,sodium,
    # glib --algorithms aes-256-gcm,chacha20-poly1305,sha256,hmac-sha256,ed25519 --sizes
    # 16,1024,8192` on the development VM (reference data this test reads).
    made = subprocess.run([speedmatrix, "report", os.path.join(data, "five-engines-run.csv"),
                           "-o", report], capture_output=True, text=True)
    tap.result(made.returncode == 0 and os.path.exists(report), "report generated",
               made.stderr)
    html = open(report, encoding="utf-8").read() if os.path.exists(report) else ""
    policy = re.search(r'<meta http-equiv="Content-Security-Policy"[^>]*>', html)

    with tempfile.TemporaryDirectory(prefix="sm-canary-") as canary_dir:
        # The check must see what it is for: an uncaught error ...
        canary = os.path.join(canary_dir, "error.html")
        with open(canary, "w", encoding="utf-8") as f:
            f.write("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>canary</title>"
                    "</head><body><p>canary</p><script>thisFunctionDoesNotExist();</script>"
                    "</body></html>\n")
        status, _, err = run_chromium(chromium, "file://" + canary, "--dump-dom")
        seen = console_messages(err)
        tap.result(status == 0 and any("thisFunctionDoesNotExist" in m for m in seen),
                   "console check sees a deliberate error",
                   f"status {status}; console: {seen}" + ("" if seen else "\n" + err[-2000:]))
        # ... and a fetch from the network, refused by the report's own security policy.
        canary = os.path.join(canary_dir, "fetch.html")
        with open(canary, "w", encoding="utf-8") as f:
            f.write("<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
                    + (policy.group(0) if policy else "") +
                    "<title>canary</title></head><body><img alt=\"\" "
                    "src=\"http://example.invalid/x.png\"></body></html>\n")
        status, _, err = run_chromium(chromium, "file://" + canary, "--dump-dom")
        seen = console_messages(err)
        tap.result(policy is not None and status == 0 and
                   any("example.invalid" in m for m in seen),
                   "console check sees a blocked external load",
                   ("" if policy else "the report has no Content-Security-Policy\n") +
                   f"status {status}; console: {seen}")

    status, _, err = run_chromium(chromium, "file://" + report, f"--screenshot={screenshot}",
                                  f"--window-size={SIZE[0]},{SIZE[1]}")
    seen = console_messages(err)
    size = png_size(screenshot) if os.path.exists(screenshot) else None
    tap.result(status == 0 and not seen and size == SIZE,
               "report renders, no console messages, screenshot saved",
               f"status {status}; console: {seen}; screenshot {screenshot}: {size}")

    status, dom, err = run_chromium(chromium, "file://" + report, "--dump-dom")
    seen = console_messages(err)
    problems = []
    if status != 0 or seen:
        problems.append(f"status {status}; console: {seen}")
    if dom.count("<svg ") != 5:
        problems.append(f"{dom.count('<svg ')} charts, expected 5 (one per algorithm)")
    for table in ("winners-table", "gap-table", "runs-table"):
        if f'id="{table}"' not in dom:
            problems.append(f"no table {table}")
    # The sorting script ran to its end: every header became focusable.
    headers = len(re.findall(r"<th[\s>]", dom))
    focusable = len(re.findall(r"<th\s[^>]*tabindex=\"0\"", dom))
    if headers == 0 or focusable != headers:
        problems.append(f"{focusable} of {headers} table headers made sortable by the script")
    tap.result(not problems, "rendered DOM has the tables and charts", "\n".join(problems))
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
