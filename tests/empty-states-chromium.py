#!/usr/bin/env python3
"""What a person sees where there is nothing to show, in headless Chromium as report-chromium.py
does it: `store trend` for one run and for a machine whose eight runs never changed (each
section one sentence, no empty table, no heatmap of a run over itself), and `summary --color
always` of data/debian12-pq-run.csv (no engine there has ML-KEM, ML-DSA or SLH-DSA: one closing
sentence instead of rows of dashes) drawn as a terminal would, in a <pre>. No console message;
screenshots empty-trend-one-run.png, empty-trend-steady.png and empty-summary.png left in the
build directory. Prints TAP; fails (never skips) without Chromium.

usage: empty-states-chromium.py BUILD_DIR   (environment: SPEEDMATRIX, SM_TESTS_DIR)
"""
import csv
import html
import importlib.util
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from storelib import Tap, history, speedmatrix  # noqa: E402

spec = importlib.util.spec_from_file_location("report_chromium",
                                              os.path.join(HERE, "report-chromium.py"))
chromium_lib = importlib.util.module_from_spec(spec)
spec.loader.exec_module(chromium_lib)

SIZE = (1000, 760)
# The trend page's sections, each a table or, when empty, a sentence with this id.
SECTIONS = ("changes", "charts", "heatmap", "machines")
# summary's ANSI codes as a terminal shows them.
ANSI = {"1": "font-weight:700", "2": "opacity:.5", "31": "color:#c22", "32": "color:#183",
        "33": "color:#a70"}
ESCAPE = re.compile(r"\x1b\[([0-9;]*)m")


def terminal_page(text):
    """`text` with its ANSI colours as spans in a <pre>, on a dark-on-light terminal page."""
    out, open_spans = [], 0
    for i, part in enumerate(ESCAPE.split(text)):
        if i % 2 == 0:
            out.append(html.escape(part))
        elif part in ("", "0"):
            out.append("</span>" * open_spans)
            open_spans = 0
        else:
            style = ";".join(ANSI[code] for code in part.split(";") if code in ANSI)
            out.append(f'<span style="{style}">')
            open_spans += 1
    out.append("</span>" * open_spans)
    return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta "
            "http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
            "'unsafe-inline'\"><title>speedmatrix summary</title><style>body{margin:12px;"
            "background:#fdfdf8}pre{font:13px/1.35 'DejaVu Sans Mono',monospace;color:#222}"
            "</style></head><body><pre id=\"terminal\">" + "".join(out) +
            "</pre></body></html>\n")


def shoot(tap, chromium, page, screenshot, name):
    """Renders `page` into `screenshot`: no console message and a PNG of SIZE."""
    if os.path.exists(screenshot):
        os.unlink(screenshot)
    status, _, err = chromium_lib.run_chromium(chromium, "file://" + page,
                                               f"--screenshot={screenshot}",
                                               f"--window-size={SIZE[0]},{SIZE[1]}")
    seen = chromium_lib.console_messages(err)
    shot = chromium_lib.png_size(screenshot) if os.path.exists(screenshot) else None
    tap.result(status == 0 and not seen and shot == SIZE,
               f"{name}: renders, no console messages, screenshot saved",
               f"status {status}; console: {seen}; screenshot {screenshot}: {shot}")


def dom_of(chromium, page):
    status, dom, err = chromium_lib.run_chromium(chromium, "file://" + page, "--dump-dom")
    seen = chromium_lib.console_messages(err)
    return dom, [] if status == 0 and not seen else [f"status {status}; console: {seen}"]


def trend_problems(chromium, page, empty):
    """The rendered trend page: the sections in `empty` a sentence each, the others a table
    (or the charts); no table without a row."""
    dom, problems = dom_of(chromium, page)
    for section in SECTIONS:
        has_sentence = f'id="{section}-none"' in dom
        if has_sentence != (section in empty):
            problems.append(f"section {section}: " +
                            ("no sentence saying why it is empty" if section in empty
                             else "says it is empty, yet it has something to show"))
    for table in re.findall(r"<table[^>]*>.*?</table>", dom, re.S):
        if table.count("<tr") < 2:
            problems.append(f"a table with no row: {table[:120]}")
    for wrong in ("0 series with a step", "1 runs", "the 0 largest"):
        if wrong in dom:
            problems.append(f"the page says \"{wrong}\"")
    return problems


def summary_problems(chromium, page, nowhere):
    """The rendered summary: every algorithm of `nowhere` named in the closing sentence and in
    no row; no row of dashes only."""
    dom, problems = dom_of(chromium, page)
    text = html.unescape(re.sub(r"<[^>]*>", "", dom))
    sentence = text[text.find("Not measured"):].replace("\n", " ") if "Not measured" in text else ""
    if not sentence:
        problems.append("no sentence for the algorithms no engine has")
    for line in text.splitlines():
        words = line.split()
        if words and words[0] in nowhere:
            problems.append(f"a row for {words[0]}: {line}")
        cells = words[1:]
        if len(cells) > 3 and all(c == "-" for c in cells):
            problems.append(f"a row of dashes: {line}")
    problems += [f"{name} is not in the sentence" for name in nowhere
                 if not re.search(rf"\b{re.escape(name)}[,.]", sentence)]
    return problems


def nowhere_algorithms(csv_path):
    """Algorithms whose every row (acceleration on, one worker) is unsupported, from the CSV."""
    status = {}
    with open(csv_path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["accel"] == "on" and r["parallel"] == "1":
                status.setdefault(r["algorithm"], set()).add(r["status"])
    return {a for a, seen in status.items() if seen == {"unsupported"}}


def main():
    build_dir = os.path.abspath(sys.argv[1])
    tap = Tap()
    chromium = chromium_lib.chromium_binary()
    if not tap.result(chromium is not None, "chromium is installed",
                      "no chromium on PATH: scripts/install-deps --test"):
        return tap.done()
    data = os.path.join(os.environ["SM_TESTS_DIR"], "data")
    one_run = os.path.join(build_dir, "empty-trend-one-run.html")
    steady = os.path.join(build_dir, "empty-trend-steady.html")
    summary_page = os.path.join(build_dir, "empty-summary.html")
    with tempfile.TemporaryDirectory(prefix="sm-empty-") as work:
        db = os.path.join(work, "one.sqlite")
        speedmatrix("store", "ingest", "--db", db, os.path.join(data, "five-engines-run.csv"))
        made = [speedmatrix("store", "trend", "--db", db, "--machine", "vm", "-o", one_run,
                            "--force")]
        db = os.path.join(work, "story.sqlite")
        speedmatrix("store", "ingest", "--db", db, *history(work))
        made.append(speedmatrix("store", "trend", "--db", db, "--machine", "beta", "-o", steady,
                                "--force"))
        csv_path = os.path.join(data, "debian12-pq-run.csv")
        made.append(speedmatrix("summary", csv_path, "--color", "always"))
    tap.result(all(m.returncode == 0 for m in made), "pages generated",
               "".join(m.stderr for m in made))
    with open(summary_page, "w", encoding="utf-8") as f:
        f.write(terminal_page(made[2].stdout))

    shoot(tap, chromium, one_run, os.path.join(build_dir, "empty-trend-one-run.png"),
          "trend of one run")
    problems = trend_problems(chromium, one_run, set(SECTIONS))
    tap.result(not problems, "trend of one run: every section says why it is empty",
               "\n".join(problems))
    shoot(tap, chromium, steady, os.path.join(build_dir, "empty-trend-steady.png"),
          "trend of a steady machine")
    problems = trend_problems(chromium, steady, {"changes", "charts", "machines"})
    tap.result(not problems, "trend of a steady machine: no change and no chart, each said in a "
               "sentence; the heatmap against its first run", "\n".join(problems))
    shoot(tap, chromium, summary_page, os.path.join(build_dir, "empty-summary.png"),
          "summary on Debian 12")
    nowhere = nowhere_algorithms(csv_path)
    problems = summary_problems(chromium, summary_page, nowhere)
    if len(nowhere) != 6:
        problems.append(f"{len(nowhere)} algorithms no engine has in the CSV, not 6")
    tap.result(not problems, "summary on Debian 12: the algorithms no engine has in one "
               "sentence, no row of dashes", "\n".join(problems))
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())
