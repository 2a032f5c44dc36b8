#!/usr/bin/env python3
"""The layering rule of runner/ (README "Layout"), checked over every #include line.

Each folder may include only its own headers and those of the folders listed for it; the tools
that read results (compare, report, import) see only core and io, never the measuring path.
Prints TAP: one case per folder, and one per violation found."""
import pathlib
import re
import sys

ALLOWED = {
    "core": [],
    "kat": ["core"],
    "io": ["core"],
    "plan": ["core", "kat", "io"],
    "cell": ["core", "kat", "plan"],
    "isolate": ["core", "kat", "plan", "cell"],
    "run": ["core", "kat", "io", "plan", "cell", "isolate"],
    "compare": ["core", "io"],
    "report": ["core", "io"],
    "import": ["core", "io"],
    "summary": ["core", "io"],
    "store": ["core", "io"],
    "ct": ["core", "kat", "io", "plan", "cell"],
    "profile": ["core", "kat", "io", "plan", "cell"],
}

def main():
    runner = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "runner")
    folders = sorted(p.name for p in runner.iterdir() if p.is_dir())
    cases = []
    unknown = [f for f in folders if f not in ALLOWED]
    cases.append((not unknown, "every folder of runner/ has a rule" +
                  (f" (no rule for: {', '.join(unknown)})" if unknown else "")))
    for folder in sorted(ALLOWED):
        if folder not in folders:
            cases.append((False, f"{folder}: folder named in the rule is missing"))
            continue
        bad = []
        for path in sorted((runner / folder).glob("*.[ch]")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                if not m:
                    continue
                target = m.group(1)
                if "/" not in target:
                    if target != "engine.h":
                        bad.append(f"{path}:{number}: \"{target}\" is not folder-qualified")
                    continue
                layer = target.split("/")[0]
                if layer != folder and layer not in ALLOWED[folder]:
                    bad.append(f"{path}:{number}: {folder} includes {target} "
                               f"(allowed: {', '.join([folder] + ALLOWED[folder])})")
        cases.append((not bad, f"{folder} includes only {', '.join([folder] + ALLOWED[folder])}"))
        for b in bad:
            cases.append((False, b))
    print(f"1..{len(cases)}")
    for i, (ok, text) in enumerate(cases, 1):
        print(f"{'ok' if ok else 'not ok'} {i} {text}")
    return 0 if all(ok for ok, _ in cases) else 1

sys.exit(main())
