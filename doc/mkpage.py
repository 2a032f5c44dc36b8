#!/usr/bin/env python3
"""Fills a man page template: @NAME@ from NAME=VALUE arguments, and @EXAMPLE@ with a source
file's text escaped for roff (so the page shows the file exactly)."""
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


def main():
    template, output, *pairs = sys.argv[1:]
    text = open(template, encoding="utf-8").read()
    for pair in pairs:
        name, value = pair.split("=", 1)
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
