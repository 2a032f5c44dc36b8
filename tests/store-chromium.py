#!/usr/bin/env python3
"""Opens `speedmatrix store trend` in headless Chromium, as report-chromium.py does for report:
no console message at all, the charts (SVG) and tables in the rendered DOM, a screenshot
(store-chromium.png) left in the build directory. The history is the store test's story (a
library step on one of two machines). Prints TAP; fails (never skips) without Chromium.

usage: store-chromium.py BUILD_DIR   (environment: SPEEDMATRIX, SM_TESTS_DIR)
"""
import importlib.util
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from storelib import Tap, history, speedmatrix  # noqa: E402

spec = importlib.util.spec_from_file_location("report_chromium",
                                              os.path.join(HERE, "report-chromium.py"))
chromium_lib = importlib.util.module_from_spec(spec)
spec.loader.exec_module(chromium_lib)


def main():
    build_dir = os.path.abspath(sys.argv[1])
    tap = Tap()
    chromium = chromium_lib.chromium_binary()
    if not tap.result(chromium is not None, "chromium is installed",
                      "no chromium on PATH: scripts/install-deps --test"):
        return tap.done()
    page = os.path.join(build_dir, "store-chromium.html")
    screenshot = os.path.join(build_dir, "store-chromium.png")
    for stale in (page, screenshot):
        if os.path.exists(stale):
            os.unlink(stale)
    with tempfile.TemporaryDirectory(prefix="sm-trend-") as work:
        db = os.path.join(work, "history.sqlite")
        speedmatrix("store", "ingest", "--db", db, *history(work))
        done = speedmatrix("store", "trend", "--db", db, "--machine", "alpha", "-o", page)
    tap.result(done.returncode == 0 and os.path.exists(page), "trend page generated", done.stderr)
    size = chromium_lib.SIZE
    status, _, err = chromium_lib.run_chromium(chromium, "file://" + page,
                                               f"--screenshot={screenshot}",
                                               f"--window-size={size[0]},{size[1]}")
    seen = chromium_lib.console_messages(err)
    shot = chromium_lib.png_size(screenshot) if os.path.exists(screenshot) else None
    tap.result(status == 0 and not seen and shot == size,
               "trend page renders, no console messages, screenshot saved",
               f"status {status}; console: {seen}; screenshot {screenshot}: {shot}")
    status, dom, err = chromium_lib.run_chromium(chromium, "file://" + page, "--dump-dom")
    seen = chromium_lib.console_messages(err)
    problems = [] if status == 0 and not seen else [f"status {status}; console: {seen}"]
    if dom.count("<svg ") < 1:
        problems.append("no chart in the rendered page")
    for table in ("changes-table", "heatmap-table", "machines-table"):
        if f'id="{table}"' not in dom:
            problems.append(f"no table {table}")
    if "nettle 3.8 -&gt; 3.9" not in dom:
        problems.append("the version event is not shown")
    tap.result(not problems, "rendered DOM has the charts, tables and the event",
               "\n".join(problems))
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())
