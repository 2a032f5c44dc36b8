#!/usr/bin/env python3
"""Fills a man page template, so that each list and figure the page gives has one home:
  NAME=VALUE          @NAME@ with VALUE;
  EXAMPLE=FILE        @EXAMPLE@ with the file's text escaped for roff (the page shows it exactly);
  CATALOG=catalog.c   @KINDS@ and @OPERATIONS@ with the catalogue's kind and operation names, in
                      its order (tests/test-manpage.c checks them against the program);
  CODE=DIR            @SM_NAME@ with the value of `#define SM_NAME value` in a header under DIR
                      (a limit or default the code decides);
  MATRIX=matrix.ini   @MATRIX_KEY@ with the shipped matrix's value of `key`;
  DEPFILE=FILE        the files read, for the build to remake the page when one changes.
"""
import glob
import os
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


def define_value(expr):
    """A #define's value as the page writes it: "results/x", 1048576, 60, 0.02."""
    if expr.startswith('"'):
        return expr.strip('"')
    expr = re.sub(r"(\d)u\b", r"\1", expr)
    if not re.fullmatch(r"[0-9.()*<< +]+", expr):
        return None
    value = eval(expr)  # digits and operators only, checked above
    return f"{value:g}" if isinstance(value, float) else str(value)


def code_defines(directory, wanted, read):
    """NAME -> value for each wanted #define found in a header under directory."""
    found = {}
    for path in sorted(glob.glob(os.path.join(directory, "**", "*.h"), recursive=True)):
        read.append(path)
        text = open(path, encoding="utf-8").read()
        for name in wanted:
            match = re.search(rf'^#define {name} ("[^"]*"|\([^)]*\)|\S+)', text, re.M)
            if match and name not in found:
                found[name] = define_value(match.group(1))
    return found


def matrix_values(path):
    values = {}
    for line in open(path, encoding="utf-8"):
        match = re.match(r"^(\w+)\s*=\s*(.*?)\s*$", line)
        if match:
            values[match.group(1).upper()] = match.group(2)
    return values


def fill(text, name, value):
    return text.replace(f"@{name}@", value.replace("-", "\\-"))


def main():
    template, output, *pairs = sys.argv[1:]
    text = open(template, encoding="utf-8").read()
    read, depfile = [template], None
    for pair in pairs:
        name, value = pair.split("=", 1)
        if name == "CATALOG":
            read.append(value)
            source = open(value, encoding="utf-8").read()
            text = text.replace("@KINDS@", roff_list(catalogue_names(source, "kind_names")))
            text = text.replace("@OPERATIONS@", roff_list(catalogue_names(source, "op_names")))
        elif name == "CODE":
            wanted = sorted(set(re.findall(r"@(SM_[A-Z0-9_]+)@", text)))
            for define, figure in code_defines(value, wanted, read).items():
                if figure is None:
                    sys.exit(f"{template}: #define {define} is not a plain number or string")
                text = fill(text, define, figure)
        elif name == "MATRIX":
            read.append(value)
            for key, figure in matrix_values(value).items():
                text = fill(text, "MATRIX_" + key, figure)
        elif name == "DEPFILE":
            depfile = value
        elif name == "EXAMPLE":
            read.append(value)
            text = text.replace("@EXAMPLE@", roff_literal(open(value, encoding="utf-8").read()))
        else:
            text = text.replace(f"@{name}@", value if name == "VERSION" else value.replace("-", "\\-"))
    left = re.findall(r"@[A-Z][A-Z0-9_]*@", text)
    if left:
        sys.exit(f"{template}: {', '.join(sorted(set(left)))} left unfilled")
    open(output, "w", encoding="utf-8").write(text)
    if depfile:
        with open(depfile, "w", encoding="utf-8") as f:
            f.write(f"{output}: " + " ".join(p.replace(" ", "\\ ") for p in read) + "\n")


main()
