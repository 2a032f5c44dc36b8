#!/usr/bin/env python3
"""Writes `speedmatrix list`'s support matrix into doc/engines.md, between the two marker lines,
with the machine it was made on (the table depends on the libraries installed).

Usage: doc/support-table.py [SPEEDMATRIX] [ENGINES_MD]
       (defaults: build/speedmatrix, doc/engines.md; run from the source tree after a build)
"""
import os
import platform
import subprocess
import sys

BEGIN = "<!-- support-table: made by doc/support-table.py from `speedmatrix list`; do not edit -->"
END = "<!-- end of support-table -->"


def machine():
    """'Debian 12.11, x86_64', from the os-release and the kernel's machine name."""
    release = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as f:
            for line in f:
                key, _, value = line.strip().partition("=")
                release[key] = value.strip('"')
    except OSError:
        pass
    name = release.get("NAME", "an unknown system").split(" ")[0]
    version = release.get("VERSION_ID", "")
    try:
        with open("/etc/debian_version", encoding="utf-8") as f:
            version = f.read().strip() if name == "Debian" else version
    except OSError:
        pass
    return f"{name} {version}, {platform.machine()}".replace(" ,", ",")


def table(binary):
    out = subprocess.run([binary, "list"], capture_output=True, text=True, check=True).stdout
    start = out.find("E: offered")
    if start < 0:
        sys.exit(f"{binary} list: no support matrix in its output")
    return out[start:].rstrip("\n")


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "build/speedmatrix"
    path = sys.argv[2] if len(sys.argv) > 2 else os.path.join("doc", "engines.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.count(BEGIN) != 1 or text.count(END) != 1:
        sys.exit(f"{path}: wants one line {BEGIN!r} and one {END!r}")
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    names = subprocess.run([binary, "list", "--names", "engines"], capture_output=True,
                           text=True, check=True).stdout.split()
    block = (f"{BEGIN}\n`speedmatrix list` on {machine()}, {len(names)} engines built:\n\n"
             f"```\n{table(binary)}\n```\n{END}")
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + block + tail)


main()
