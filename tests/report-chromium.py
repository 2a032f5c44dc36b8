#!/usr/bin/env python3
"""Opens `speedmatrix report` on a five-engine and a fourteen-engine run in headless Chromium: each
must render with no console message at all (an uncaught error, a blocked fetch and console.error
all show up as console lines on Chromium's log), and the DOM after the page's script has run must
hold the heatmap, the winner and gap tables and one chart per algorithm; every heatmap cell must
say what the CSV says (the engine's best level over the fastest, worked out here again from the
CSV's columns). Saves a screenshot of the fourteen-engine report's first screen (1400x900, the
heatmap) into the build directory as the test artefact, and one of a threaded run's Thread
scaling section (its charts of rate against threads, the section alone on a page of the report's
own head) after checking that section's DOM. Before trusting the console check, proves
that it sees a deliberate JavaScript error and a blocked external load. Prints TAP. Fails (never
skips) without Chromium.

usage: report-chromium.py BUILD_DIR   (environment: SPEEDMATRIX, SM_TESTS_DIR)
"""
import csv
import html
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
SIZE = (1400, 900)
BULK = ("cipher", "aead", "digest", "mac")
HEAT_CELL = re.compile(r'<td class="heat[^"]*"[^>]*>[^<]*</td>')
ATTRIBUTE = re.compile(r'([a-z-]+)="([^"]*)"')


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


def number(row, column):
    try:
        return float(row.get(column) or 0)
    except ValueError:
        return 0.0


def expected_heatmap(path, size=8192):
    """(engine, algorithm, operation) -> (cell text, api or None), from the CSV alone: per line
    (algorithm and operation, bulk kinds at `size`), each engine's best ok level by
    ratio_to_best when every ok row has it, else by ops_per_sec; the text its score over the
    fastest's, * on the fastest, ~ on it and on every engine whose high end reaches its low."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f)
                if r.get("accel", "on") in ("on", "") and r.get("parallel", "1") in ("1", "")]
    engines = list(dict.fromkeys(r["engine"] for r in rows))
    lines = {}
    for r in rows:
        if r["kind"] in BULK and int(r["block_size"] or 0) != size:
            continue
        lines.setdefault((r["algorithm"], r["operation"]), []).append(r)
    expected = {}
    for (algorithm, operation), group in lines.items():
        ok = [r for r in group if r["status"] == "ok"]
        passes = bool(ok) and all(number(r, "ratio_to_best") > 0 for r in ok)
        score = (lambda r: number(r, "ratio_to_best")) if passes else (
            lambda r: number(r, "ops_per_sec"))
        low = "ratio_to_best_low" if passes else "ops_per_sec_low"
        high = "ratio_to_best_high" if passes else "ops_per_sec_high"
        best = {}
        for r in ok:
            if score(r) > 0 and (r["engine"] not in best or score(r) > score(best[r["engine"]])):
                best[r["engine"]] = r
        top = max(best.values(), key=score) if best else None
        ties = {e for e, r in best.items() if r is not top and number(top, low) > 0 and
                number(r, high) > 0 and number(r, high) >= number(top, low)}
        for engine in engines:
            r = best.get(engine)
            if r is None:
                expected[(engine, algorithm, operation)] = ("-", None)
                continue
            ratio = score(r) / score(top)
            text = "<.01" if ratio < 0.005 else f"{ratio:.2f}"
            mark = "~" if (engine in ties or (r is top and ties)) else "*" if r is top else ""
            expected[(engine, algorithm, operation)] = (text + mark, r["api"])
    return expected


def heatmap_problems(dom, csv_path):
    """Every heatmap cell of the DOM against expected_heatmap(csv_path), and none missing."""
    expected = expected_heatmap(csv_path)
    seen = {}
    for cell in HEAT_CELL.findall(dom):
        attributes = {k: html.unescape(v) for k, v in ATTRIBUTE.findall(cell.split(">", 1)[0])}
        text = html.unescape(re.sub(r"<[^>]*>", "", cell))
        key = (attributes.get("data-engine"), attributes.get("data-algorithm"),
               attributes.get("data-operation"))
        seen[key] = (text, attributes.get("data-api"))
    problems = [f"heatmap cell {k}: {seen.get(k)}, CSV says {v}"
                for k, v in expected.items() if seen.get(k) != v]
    problems += [f"heatmap cell {k} not in the CSV" for k in seen if k not in expected]
    if not expected:
        problems.append("the CSV gives no heatmap cell")
    return problems[:20]


def dom_problems(chromium, report, csv_path, charts):
    """Renders `report` and checks its DOM: no console line, the tables, `charts` charts, every
    sortable header made focusable by the script, the heatmap's cells against the CSV."""
    status, dom, err = run_chromium(chromium, "file://" + report, "--dump-dom")
    seen = console_messages(err)
    problems = []
    if status != 0 or seen:
        problems.append(f"status {status}; console: {seen}")
    if dom.count("<svg ") != charts:
        problems.append(f"{dom.count('<svg ')} charts, expected {charts} (one per algorithm)")
    for table in ("heatmap", "winners-table", "gap-table", "runs-table"):
        if f'id="{table}"' not in dom:
            problems.append(f"no table {table}")
    if dom.find('id="heatmap"') > dom.find('id="runs-table"'):
        problems.append("the heatmap is not the first table")
    # The sorting script ran to its end: every header of a sortable table became focusable.
    sortable = "".join(re.findall(r'<table class="sortable".*?</table>', dom, re.S))
    headers = len(re.findall(r"<th[\s>]", sortable))
    focusable = len(re.findall(r"<th\s[^>]*tabindex=\"0\"", sortable))
    if headers == 0 or focusable != headers:
        problems.append(f"{focusable} of {headers} table headers made sortable by the script")
    return problems + heatmap_problems(dom, csv_path)


def thread_chart_problems(chromium, report, csv_path):
    """Renders a threaded run's report: no console line; in its Thread scaling section one chart
    per (algorithm, operation, size) with a row at more than one thread, each with one line per
    (engine, api, context) of the CSV's ok rows, worked out here again from the CSV."""
    with open(csv_path, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["status"] == "ok"]
    threaded = {(r["algorithm"], r["operation"], r["block_size"]) for r in rows
                if int(r["threads"] or 1) > 1}
    lines = {}
    for r in rows:
        key = (r["algorithm"], r["operation"], r["block_size"])
        if key in threaded:
            lines.setdefault(key, set()).add((r["engine"], r["api"], r["context"]))
    status, dom, err = run_chromium(chromium, "file://" + report, "--dump-dom")
    seen = console_messages(err)
    problems = [] if status == 0 and not seen else [f"status {status}; console: {seen}"]
    charts = re.search(r'<div class="charts" id="threads-charts">(.*?)</div>', dom, re.S)
    if charts is None:
        return problems + ["no threads-charts in the Thread scaling section"]
    figures = re.findall(r"<figure[^>]*>\s*<figcaption>([^<]*)</figcaption>(.*?)</figure>",
                         charts.group(1), re.S)
    expected = {" ".join([a, o] + ([f"{s} B"] if s else [])): n for (a, o, s), n in lines.items()}
    got = {html.unescape(caption): body.count("<polyline ") for caption, body in figures}
    want = {caption: len(n) for caption, n in expected.items()}
    if got != want:
        problems.append(f"charts and their lines {got}, the CSV says {want}")
    if "threads (log2 scale)" not in charts.group(1):
        problems.append("no threads axis")
    return problems


def main():
    build_dir = os.path.abspath(sys.argv[1])
    speedmatrix = os.environ["SPEEDMATRIX"]
    data = os.path.join(os.environ["SM_TESTS_DIR"], "data")
    tap = Tap(9)

    chromium = chromium_binary()
    if not tap.result(chromium is not None, "chromium is installed",
                      "" if chromium else "no chromium on PATH: scripts/install-deps --test"):
        for name in ("reports generated", "console check sees a deliberate error",
                     "console check sees a blocked external load", "report renders, no console "
                     "messages, screenshot saved", "five-engine DOM", "fourteen-engine DOM",
                     "thread charts DOM", "thread charts screenshot"):
            tap.result(False, name, "needs chromium")
        return 1

    report = os.path.join(build_dir, "report-chromium.html")
    report14 = os.path.join(build_dir, "report-chromium-14.html")
    screenshot = os.path.join(build_dir, "report-chromium.png")
    threads_report = os.path.join(build_dir, "report-chromium-threads.html")
    threads_page = os.path.join(build_dir, "report-chromium-threads-section.html")
    threads_shot = os.path.join(build_dir, "report-chromium-threads.png")
    for stale in (report, report14, screenshot, threads_report, threads_page, threads_shot):
        if os.path.exists(stale):
            os.unlink(stale)
    # five-engines-run.csv is a real run: `speedmatrix run --engines openssl,gcrypt,nettle,sodium,
    # glib --algorithms aes-256-gcm,chacha20-poly1305,sha256,hmac-sha256,ed25519 --sizes
    # 16,1024,8192` on the development VM (reference data this test reads), before the ratio
    # columns; fourteen-engines-run.csv `speedmatrix run --algorithms aes-128-gcm,sha256,
    # hmac-sha256,rsa2048,ed25519 --sizes 64,8192 --time 0.02` with every engine, with them.
    five = os.path.join(data, "five-engines-run.csv")
    # threads-run.csv: `speedmatrix run --engines openssl,sodium,gcrypt --algorithms
    # sha256,ed25519 --sizes 16,8192 --threads 1,2 --context reused,per-message --time 0.1`.
    fourteen = os.path.join(data, "fourteen-engines-run.csv")
    threads = os.path.join(data, "threads-run.csv")
    made = [subprocess.run([speedmatrix, "report", source, "-o", out], capture_output=True,
                           text=True) for source, out in ((five, report), (fourteen, report14),
                                                          (threads, threads_report))]
    tap.result(all(m.returncode == 0 for m in made) and os.path.exists(report) and
               os.path.exists(report14) and os.path.exists(threads_report), "reports generated",
               "".join(m.stderr for m in made))
    html_text = open(report, encoding="utf-8").read() if os.path.exists(report) else ""
    policy = re.search(r'<meta http-equiv="Content-Security-Policy"[^>]*>', html_text)

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

    status, _, err = run_chromium(chromium, "file://" + report14, f"--screenshot={screenshot}",
                                  f"--window-size={SIZE[0]},{SIZE[1]}")
    seen = console_messages(err)
    size = png_size(screenshot) if os.path.exists(screenshot) else None
    tap.result(status == 0 and not seen and size == SIZE,
               "fourteen-engine report renders, no console messages, screenshot saved",
               f"status {status}; console: {seen}; screenshot {screenshot}: {size}")

    problems = dom_problems(chromium, report, five, 5)
    tap.result(not problems, "five-engine report: tables, charts, heatmap cells as the CSV says",
               "\n".join(problems))
    problems = dom_problems(chromium, report14, fourteen, 5)
    tap.result(not problems, "fourteen-engine report: tables, charts, heatmap cells as the CSV "
               "says (ratio_to_best)", "\n".join(problems))
    problems = thread_chart_problems(chromium, threads_report, threads)
    tap.result(not problems, "threaded report: a chart of rate against threads per algorithm, "
               "operation and size, a line per engine, level and context", "\n".join(problems))
    # The section alone, with the report's own head (style and security policy), so that the
    # screenshot shows the charts whatever the page above them holds.
    text = open(threads_report, encoding="utf-8").read() if os.path.exists(threads_report) else ""
    section = re.search(r'<section id="threads">.*?</section>', text, re.S)
    with open(threads_page, "w", encoding="utf-8") as f:
        f.write(text[:text.find("<body>") + len("<body>")] + (section.group(0) if section else "")
                + "</body></html>\n")
    status, _, err = run_chromium(chromium, "file://" + threads_page,
                                  f"--screenshot={threads_shot}", "--window-size=1400,1800")
    seen = console_messages(err)
    size = png_size(threads_shot) if os.path.exists(threads_shot) else None
    tap.result(section is not None and status == 0 and not seen and size == (1400, 1800),
               "thread scaling section renders, no console messages, screenshot saved",
               f"section {section is not None}; status {status}; console: {seen}; "
               f"screenshot {threads_shot}: {size}")
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
