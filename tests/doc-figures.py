#!/usr/bin/env python3
"""Every figure a hand-written text repeats agrees with the place that decides it (TAP).

A figure (the default matrix's passes, a file cap, a flag's default) is decided by one place: the
code or matrix.ini. The man pages get theirs from there at build time (doc/mkpage.py: #defines,
matrix.ini, the catalogue), and some --help texts print the code's value, so neither is checked
here. What is left are the texts that cannot be generated: README.md, matrix.ini's comments,
doc/*.md and the --help texts that still state a figure in words. Each check takes the figure from
its home and from every text that states it, and fails when one differs or when a text no longer
states it (then the pattern here must follow the text). A text that can point to the home instead
of repeating the figure should.

Usage: doc-figures.py SOURCE_ROOT [SPEEDMATRIX]; without the binary, the --help texts are skipped.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
BINARY = sys.argv[2] if len(sys.argv) > 2 else None

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "ten": 10, "fourteen": 14}
UNITS = {"": 1, "KiB": 1024, "MiB": 1024 * 1024}


class Missing:
    """A deciding figure that could not be found: the check fails and says why."""

    def __init__(self, why):
        self.why = why

    def __str__(self):
        return self.why


def normal(text):
    """Text as one line: comment markers and roff escapes gone, whitespace collapsed."""
    text = re.sub(r"\n\s*# ?", "\n", text)
    text = text.replace("\\-", "-").replace("\\(mu", "x").replace("\\e", "\\")
    text = re.sub(r"\\f[BIRP]", "", text)
    return re.sub(r"\s+", " ", text)


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return normal(f.read())


def helptext(*verb):
    out = subprocess.run([BINARY, *verb, "--help"], capture_output=True, text=True, check=True)
    return normal(out.stdout)


def number(text):
    text = text.strip()
    if text in WORDS:
        return float(WORDS[text])
    match = re.fullmatch(r"([0-9.]+) ?(KiB|MiB|)", text)
    if match is None:
        raise ValueError(f"not a figure: {text!r}")
    return float(match.group(1)) * UNITS[match.group(2)]


def c_define(name, under="runner"):
    """The value of `#define NAME expr` anywhere under a folder (files move; names stay)."""
    for path in glob.glob(os.path.join(ROOT, under, "**", "*.[ch]"), recursive=True):
        with open(path, encoding="utf-8") as f:
            match = re.search(rf"^#define {name} (\([^)]*\)|\S+)", f.read(), re.M)
        if match:
            expr = re.sub(r"(\d)u\b", r"\1", match.group(1))
            if not re.fullmatch(r"[0-9.()*<< +]+", expr):
                return Missing(f"{name}: not a constant expression: {expr}")
            return float(eval(expr))  # digits and operators only, checked above
    return Missing(f"#define {name} not found under {under}/")


def c_string(name, under="runner"):
    """The string of `#define NAME "text"` anywhere under a folder."""
    for path in glob.glob(os.path.join(ROOT, under, "**", "*.[ch]"), recursive=True):
        with open(path, encoding="utf-8") as f:
            match = re.search(rf'^#define {name} "([^"]*)"', f.read(), re.M)
        if match:
            return match.group(1)
    return Missing(f"#define {name} not found under {under}/")


def c_pattern(pattern, under):
    """A figure in the code under a folder, by a pattern with one group."""
    for path in glob.glob(os.path.join(ROOT, under, "**", "*.[ch]"), recursive=True):
        with open(path, encoding="utf-8") as f:
            match = re.search(pattern, f.read())
        if match:
            return number(match.group(1))
    return Missing(f"{pattern!r} not found under {under}/")


def scaled(value, factor):
    return value if isinstance(value, Missing) else round(value * factor, 6)


def matrix_key(key):
    with open(os.path.join(ROOT, "matrix.ini"), encoding="utf-8") as f:
        match = re.search(rf"^{key} = (.*)$", f.read(), re.M)
    return match.group(1).strip()


def engines_built():
    with open(os.path.join(ROOT, "engines", "meson.build"), encoding="utf-8") as f:
        rows = re.search(r"engine_rows = \[(.*?)\n\]", f.read(), re.S).group(1)
    return float(len(re.findall(r"^\s*\['(\w+)',", rows, re.M)))


def csv_columns():
    """The columns a run writes, in order: runner/io/csv.c's table of column writers."""
    with open(os.path.join(ROOT, "runner", "io", "csv.c"), encoding="utf-8") as f:
        return tuple(re.findall(r'^\s*\{"(\w+)", f_\w+\}', f.read(), re.M))


def readme_columns(text):
    """The names in the first cell of each row of README's CSV table, in order (the columns every
    file starts with; man speedmatrix describes the rest)."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        table = f.read().split("| column | meaning |", 1)[1].split("\n\n", 1)[0]
    return tuple(name for row in table.splitlines()[2:]
                 for name in re.findall(r"`(\w+)`", row.split("|")[1]))


def support_table_rows(block):
    """The algorithm names of doc/engines.md's support table, in order (first word of a row)."""
    rows = block.split("algorithm ", 1)[1].split("\n")[1:]
    return tuple(row.split()[0] for row in rows if row.strip() and not row.startswith("`"))


def stated(place, text, pattern, convert=number):
    """Every match of pattern in text (at least one), converted."""
    found = [convert(m if isinstance(m, str) else m[0]) for m in re.findall(pattern, text)]
    if not found:
        raise LookupError(f"{place}: no match for {pattern!r}")
    return [(place, value) for value in found]


def as_list(text):
    return tuple(item.strip() for item in re.split(r",| and ", text) if item.strip())


def checks():
    """(name, (the deciding place, its value), [(place, text, pattern[, convert])])."""
    readme, ini, page = read("README.md"), read("matrix.ini"), read("doc/speedmatrix.1.in")
    measuring, tools = read("doc/measuring.md"), read("doc/tools.md")
    man = "speedmatrix.1"  # its figures are generated; these are the ones still written in words

    def helps(verb, pattern):
        """A --help text's statement, when the binary was given."""
        return [(" ".join(verb) + " --help", helptext(*verb), pattern)] if BINARY else []

    minutes = r"([0-9.]+-[0-9.]+) minutes"
    readme_minutes = re.search(r"all \d+ engines built, " + minutes, readme)
    readme_minutes = readme_minutes.group(1) if readme_minutes else Missing("README.md: no minutes")
    yield ("the default run's minutes, all engines", ("README.md", readme_minutes), [
        ("matrix.ini", ini, minutes + r" for all fourteen", str)])
    yield ("the default run's minutes, five engines", ("matrix.ini", 2), [
        ("matrix.ini", ini, r"about ([0-9.]+) minutes for the first five engines"),
        ("README.md", readme, r"five engines, about ([0-9.]+) minutes")])
    yield ("engines", ("engines/meson.build", engines_built()), [
        ("README.md", readme, r"with all (\d+) engines built"),
        ("README.md", readme, r"answers it for (\w+) libraries"),
        ("matrix.ini", ini, r"minutes for all (\w+) on")])
    yield ("matrix.ini's cap", ("MAX_FILE", c_define("MAX_FILE", "runner/plan")), [
        ("README.md", readme, r"`matrix.ini` is read up to its (\d+ MiB) cap")])
    yield ("import's cap", ("MAX_INPUT_BYTES", c_define("MAX_INPUT_BYTES")), [
        ("README.md", readme, r"It reads at most (\d+ MiB)")])
    yield ("a result file's cap", ("SM_RESULTS_MAX_BYTES", c_define("SM_RESULTS_MAX_BYTES", "runner/io")), [
        ("doc/tools.md", tools, r"larger than (\d+ MiB)")])
    yield ("a result file's columns", ("MAX_COLUMNS", c_define("MAX_COLUMNS", "runner/io")), [
        ("doc/tools.md", tools, r"a header of more than (\d+) columns")])
    yield ("a result file's field", ("MAX_FIELD_BYTES", c_define("MAX_FIELD_BYTES", "runner/io")), [
        ("doc/tools.md", tools, r"a field longer than (\d+ KiB)")])
    yield ("the largest block size", ("SM_MAX_BLOCK_SIZE", c_define("SM_MAX_BLOCK_SIZE")), [
        ("README.md", readme, r"whole number from 1 to (\d+)")])
    # README's paragraph on the default matrix; doc/measuring.md's dated record keeps the settings
    # of the day it measured, and the man page fills in matrix.ini's passes and confirm.
    yield ("passes", ("matrix.ini passes", number(matrix_key("passes"))), [
        ("README.md", readme, r"0\.12 s per cell in (\d+) passes")])
    yield ("confirmation passes", ("matrix.ini confirm", number(matrix_key("confirm"))), [
        ("README.md", readme, r"up to (\d+) confirmation passes")])
    yield ("seconds per cell", ("matrix.ini time", number(matrix_key("time"))), [
        ("README.md", readme, r"([0-9.]+) s per cell in \d+ passes")])
    sizes = r"([0-9, and]+) B,"
    yield ("the default sizes", ("matrix.ini sizes", as_list(matrix_key("sizes"))), [
        ("README.md", readme, r"both API levels and " + sizes + " for every built engine", as_list)])
    algorithms, in_brackets = r"(\(aes-128-cbc[^)]*\))", lambda t: as_list(t.strip("()"))
    yield ("the default algorithms", ("matrix.ini algorithms", as_list(matrix_key("algorithms"))), [
        ("README.md", readme, algorithms, in_brackets)])
    threshold = r"double threshold = ([0-9.]+);"
    yield ("compare --threshold", ("runner/compare", c_pattern(threshold, "runner/compare")), [
        ("README.md", readme, r"`--threshold` \(default (\d+)%\)"),
        (man, page, r"cells when it moved, in percent \(default (\d+)\)")]
        + helps(["compare"], r"in percent \(default (\d+)\)"))
    yield ("store check --threshold", ("runner/store", c_pattern(threshold, "runner/store")), [
        ("README.md", readme, r"`--threshold`, default (\d+)%"),
        (man, page, r"must reach to fail the gate \(default (\d+)\)")]
        + helps(["store", "check"], r"at least PCT percent \(default (\d+)\)"))
    nearest = r"\(default (\d+), or the file's size nearest"
    yield ("summary --at", ("SM_SUMMARY_DEFAULT_SIZE", c_define("SM_SUMMARY_DEFAULT_SIZE")), [
        ("README.md", readme, r"at one block size \((\d+) B by default")]
        + helps(["summary"], nearest))
    spread = c_pattern(r"settings->spread_target = ([0-9.]+);", "runner/plan")
    yield ("--spread-target", ("runner/plan", spread), [
        (man, page, r"is below F \(default ([0-9.]+)\)"),
        ("matrix.ini", ini, r"spread_target = ([0-9.]+)")]
        + helps(["run"], r"MAD/median \(default ([0-9.]+)\)"))
    cap = c_pattern(r"settings->time_cap = (\d+) \* settings->time;", "runner/plan")
    yield ("--time-cap", ("runner/plan", cap), [
        (man, page, r"up to S seconds \(default (\d+) x time\)")]
        + helps(["run"], r"\(default (\d+) x time\)"))
    limit = scaled(c_define("SM_CONTENTION_LIMIT"), 100)
    yield ("contention limit", ("SM_CONTENTION_LIMIT", limit), [
        ("README.md", readme, r"measured under contention above (\d+)%"),
        ("doc/measuring.md", measuring, r"measured with `contention` above (\d+)%"),
        ("doc/tools.md", tools, r"A figure measured with `contention` above (\d+)%")])
    major, minor = c_define("SM_ABI_MAJOR", "engines"), c_define("SM_ABI_MINOR", "engines")
    abi = "%d.%d" % (major, minor) if not isinstance(minor, Missing) else minor
    yield ("the engine ABI", ("engines/engine.h", abi), [
        ("README.md", readme, r"the plugin interface \(ABI (\d+\.\d+)\)", str)])
    yield ("store's window", ("SM_HISTORY_WINDOW", c_define("SM_HISTORY_WINDOW")), [
        ("doc/tools.md", tools, r"over the machine's newest (\d+) runs")])
    yield ("store check's recent runs", ("SM_HISTORY_RECENT", c_define("SM_HISTORY_RECENT")), [
        ("doc/tools.md", tools, r"began within the machine's newest (\d+) runs")])
    yield ("store check's scaling baseline runs",
           ("SCALING_BASELINE_RUNS", c_define("SCALING_BASELINE_RUNS")), [
               ("doc/tools.md", tools, r"against the median of its (\d+) values before")])
    yield ("the scaling efficiency change compare and store judge",
           ("SM_EFFICIENCY_CHANGE", c_define("SM_EFFICIENCY_CHANGE")), [
               ("doc/tools.md", tools, r"a fall of more than ([0-9.]+) fails the gate")])
    busy = scaled(c_define("SQLITE_BUSY_MS"), 1 / 1000)
    yield ("store's lock wait, seconds", ("SQLITE_BUSY_MS", busy), [
        ("doc/tools.md", tools, r"holding it for more than ([0-9.]+) s\)")])
    hours = scaled(c_define("SAME_NIGHT_SECONDS"), 1 / 3600)
    yield ("trend's hours across machines", ("SAME_NIGHT_SECONDS", hours), [
        ("doc/tools.md", tools, r"the same engine change within (\d+) hours")])
    yield ("--instructions-threshold", ("SM_INSTRUCTIONS_THRESHOLD",
                                        c_define("SM_INSTRUCTIONS_THRESHOLD")), [
        ("doc/measuring.md", measuring,
         r"the default `--instructions-threshold` of ([0-9.]+)%"),
        ("README.md", readme, r"`--instructions-threshold` \(default ([0-9.]+)%\)"),
        ("README.md", readme, r"`--instructions-threshold`, default ([0-9.]+)%")])
    yield ("the public-key cells' instruction floor", ("SM_INSTRUCTIONS_FLOOR_PUBLIC_KEY",
                                                      c_define("SM_INSTRUCTIONS_FLOOR_PUBLIC_KEY")), [
        ("doc/measuring.md", measuring, r"are therefore judged at ([0-9.]+)% at least"),
        ("README.md", readme, r"inside the operation, by ([0-9.]+)% at least\)")])
    schema = c_define("SM_STORE_SCHEMA_VERSION")
    yield ("store's schema version", ("SM_STORE_SCHEMA_VERSION", schema), [
        ("doc/tools.md", tools, r"since schema version (\d+), `profile_run`")])
    yield ("store's default database", ("SM_STORE_DEFAULT_DB", c_string("SM_STORE_DEFAULT_DB")), [
        ("doc/tools.md", tools, r"default DB (\S+)", str),
        ("doc/tools.md", tools, r"\(created with its directory; the default `([^`]+)`", str)])
    columns = csv_columns()
    head = columns[:columns.index("detail") + 1] if "detail" in columns else Missing("no detail")
    yield ("the CSV columns README describes", ("runner/io/csv.c up to detail", head), [
        ("README.md", readme, r"(\| column \| meaning \|)", readme_columns)])
    if BINARY:
        names = subprocess.run([BINARY, "list", "--names", "algorithms"], capture_output=True,
                               text=True, check=True).stdout.split()
        with open(os.path.join(ROOT, "doc", "engines.md"), encoding="utf-8") as f:
            engines_md = f.read()
        yield ("the support table's algorithms", ("speedmatrix list --names algorithms",
                                                  tuple(names)), [
            ("doc/engines.md", engines_md, r"(?s)(<!-- support-table.*?)<!-- end of support-table",
             support_table_rows)])
    ci_seconds = re.search(r"-Dfuzz_seconds=(\d+)", read(".ci/run"))
    ci_seconds = number(ci_seconds.group(1)) if ci_seconds else Missing(".ci/run: no fuzz_seconds")
    yield ("CI's fuzzing seconds", (".ci/run", ci_seconds), [
        ("README.md", readme, r"the fuzz targets \((\d+) s each"),
        ("doc/tools.md", tools, r"CI runs each for (\d+) s")])


def short(value):
    return f"{len(value)} items" if isinstance(value, tuple) else value


def differs(want, got):
    """What a place says, or for a list how it differs."""
    if not isinstance(want, tuple):
        return got
    missing = [item for item in want if item not in got]
    extra = [item for item in got if item not in want]
    return f"missing {missing}, extra {extra}" if missing or extra else f"another order: {got}"


def main():
    results = []
    for name, (origin, want), places in checks():
        if isinstance(want, Missing):
            results.append((name, False, str(want)))
            continue
        try:
            values = []
            for place in places:
                values += stated(*place)
            wrong = [f"{where} says {differs(want, got)}" for where, got in values if got != want]
            results.append((name, not wrong, f"{origin} says {short(want)}; " + "; ".join(wrong)))
        except (LookupError, ValueError) as error:
            results.append((name, False, str(error)))
    print(f"1..{len(results)}")
    for i, (name, ok, why) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {i} - {name}")
        if not ok:
            print(f"# {why}")
    return 0 if all(ok for _, ok, _ in results) else 1


sys.exit(main())
