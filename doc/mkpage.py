#!/usr/bin/env python3
"""Fills a man page template: @NAME@ from NAME=VALUE arguments; @EXAMPLE@ with a source file's
text escaped for roff (so the page shows the file exactly); and, from CATALOG=runner/core/
catalog.c, @KINDS@ and @OPERATIONS@ with the catalogue's kind and operation names, in its order
(so the page lists what the program accepts; tests/test-manpage.c checks it against the program)."""
import re
import sys


def roff_literal(text):
    lines = []
    for line in text.rstrip("\n").split("\n"):
        line = line.replace("\\", "\\e").replace("-", "\\-")
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def catalogue_names(source, table):
    """The names of `static const char *const TABLE[...] = {[SM_X] = "name", ...};`, in order."""
    match = re.search(rf"\b{table}\[[^\]]*\] = \{{(.*?)\}};", source, re.S)
    if match is None:
        sys.exit(f"catalogue: no table {table}")
    names = re.findall(r'\[\w+\]\s*=\s*"([a-z0-9-]+)"', match.group(1))
    if not names:
        sys.exit(f"catalogue: table {table} has no names")
    return names


def roff_list(names):
    """\\fBa\\fR, \\fBb\\fR, \\fBc\\fR: each name bold, as the pages write a value."""
    return ", ".join(f"\\fB{name}\\fR" for name in names)


def main():
    template, output, *pairs = sys.argv[1:]
    text = open(template, encoding="utf-8").read()
    for pair in pairs:
        name, value = pair.split("=", 1)
        if name == "CATALOG":
            source = open(value, encoding="utf-8").read()
            text = text.replace("@KINDS@", roff_list(catalogue_names(source, "kind_names")))
            text = text.replace("@OPERATIONS@", roff_list(catalogue_names(source, "op_names")))
            continue
        if name == "EXAMPLE":
            value = roff_literal(open(value, encoding="utf-8").read())
        elif name != "VERSION":
            value = value.replace("-", "\\-")
        text = text.replace(f"@{name}@", value)
    left = re.findall(r"@[A-Z]+@", text)
    if left:
        sys.exit(f"{template}: {', '.join(left)} left unfilled")
    open(output, "w", encoding="utf-8").write(text)


main()
