#!/usr/bin/env bash
# A real second build: Nettle from Debian's source package with its assembler off
# (--disable-assembler --disable-fat) into a prefix under the build directory (kept there: a
# later run reuses it), added as nettle@generic beside the distribution's nettle, and one matrix
# over both (aes-128-gcm and sha256 at 8 KiB): every row ok (verified before timing), each
# naming its own library file. The ratio of the two is printed, never asserted. Then a profile of
# aes-128-gcm encrypt at 1 KiB on both (when valgrind is installed): the generic build counts more
# instructions per operation, and its heaviest function is not the distribution's. TAP.
# Usage: nettle-generic-test.sh BUILD_DIR SOURCE_DIR SPEEDMATRIX
set -u
build=$1 source=$2 speedmatrix=$3
n=0 failed=0
say() { # ok|not-ok description [diagnostics...]
  n=$((n + 1))
  if [ "$1" = ok ]; then echo "ok $n $2"; else echo "not ok $n $2"; failed=$((failed + 1)); fi
  shift 2
  for line in "$@"; do echo "# $line"; done
}
skip_all() {
  for i in 1 2 3 4 5 6 7 8; do echo "ok $i # SKIP $1"; done
  exit 0
}

echo "1..8"
[ -e "$build/engines/nettle.so" ] || skip_all "the nettle engine is not built"
grep -rqs '^Types:.*deb-src\|^deb-src' /etc/apt/sources.list /etc/apt/sources.list.d/ ||
  skip_all "no deb-src lines (scripts/install-deps --test adds them)"

cache=$build/builds-cache
# The prefix scripts/nightly build nettle generic uses too (tests/ci-test.py): one build for both.
# SPEEDMATRIX_BUILDS (as scripts/nightly reads it) keeps it outside the build directory, so that
# CI builds it once for every suite; build-library locks the prefix while it builds.
prefix=${SPEEDMATRIX_BUILDS:-$cache}/nettle@generic
engines=$cache/engines
mkdir -p "$engines"
start=$SECONDS
if "$source/scripts/build-library" --debian nettle --prefix "$prefix" -- \
  --disable-assembler --disable-fat --disable-documentation --disable-openssl >/dev/null 2>"$cache/build.err"; then
  say ok "Nettle from Debian's source, --disable-assembler --disable-fat ($((SECONDS - start)) s here; $(grep -h '^seconds=' "$prefix/speedmatrix-build.ini") when built)"
else
  say not-ok "Nettle from Debian's source, --disable-assembler --disable-fat" "$(cat "$cache/build.err")"
fi

# The engine directory of the run: the distribution's nettle and the build beside it.
ln -sf "$(cd "$build/engines" && pwd)/nettle.so" "$engines/nettle.so"
if "$source/scripts/add-build" nettle "$prefix" --label generic --engine-dir "$engines" 2>"$cache/add.err"; then
  say ok "add-build nettle PREFIX --label generic"
else
  say not-ok "add-build nettle PREFIX --label generic" "$(cat "$cache/add.err")"
fi

version=$(SPEEDMATRIX_ENGINE_DIR=$engines "$speedmatrix" --version 2>&1)
generic_lib=$(printf '%s\n' "$version" | grep -A1 '^  nettle@generic ' | sed -n 's/.*library: //p')
system_lib=$(printf '%s\n' "$version" | grep -A1 '^  nettle ' | sed -n 's/.*library: //p')
if [[ "$generic_lib" == "$prefix"/lib*/libnettle.so* ]] && [ -n "$system_lib" ] &&
  [ "$generic_lib" != "$system_lib" ]; then
  say ok "--version names two library files: $system_lib and $generic_lib"
else
  say not-ok "--version names two library files" "$version"
fi

csv=$cache/run.csv
rm -f "$csv" "$csv.journal" "$csv.meta"
if SPEEDMATRIX_ENGINE_DIR=$engines "$speedmatrix" run --matrix /dev/null -e nettle,nettle@generic \
  -a aes-128-gcm,sha256 -s 8192 --operations encrypt,decrypt,hash -t 0.2 -q --no-table \
  -o "$csv" 2>"$cache/run.err"; then
  say ok "one run of nettle and nettle@generic"
else
  say not-ok "one run of nettle and nettle@generic" "$(cat "$cache/run.err")"
fi

# Every row ok and naming its own build's file; the aes-128-gcm ratio for the record.
python3 - "$csv" "$system_lib" "$generic_lib" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
want = {"nettle": sys.argv[2], "nettle@generic": sys.argv[3]}
bad = [r for r in rows if r["status"] != "ok" or r["library_path"] != want.get(r["engine"])]
engines = {r["engine"] for r in rows}
n = 5
if rows and not bad and engines == set(want):
    print(f"ok {n} {len(rows)} rows, every one ok and naming its own build's library file")
else:
    print(f"not ok {n} every row ok and naming its own build's library file")
    for r in bad or rows:
        print(f"# {r['engine']} {r['algorithm']} {r['operation']} {r['api']}: {r['status']} "
              f"{r['library_path']} {r['detail']}")
speed = {(r["engine"], r["algorithm"], r["operation"], r["api"]): float(r["bytes_per_sec"] or 0)
         for r in rows if r["status"] == "ok"}
ratios = []
for (engine, alg, op, api), value in sorted(speed.items()):
    base = speed.get(("nettle", alg, op, api))
    if engine == "nettle@generic" and base:
        ratios.append(f"# {alg} {op} {api}: nettle {base / 1e6:.0f} MB/s, nettle@generic "
                      f"{value / 1e6:.0f} MB/s, ratio {value / base:.3f}")
print(f"ok {n + 1} the generic build against the distribution's (not asserted)")
print("\n".join(ratios))
sys.exit(0 if rows and not bad and engines == set(want) else 1)
PY
[ $? -eq 0 ] || failed=$((failed + 1))
n=6

profile=$cache/profile.csv
rm -f "$profile" # an earlier run's, in the kept build directory
if ! command -v valgrind >/dev/null || [ -n "${SM_SANITIZED:-}" ]; then
  why="valgrind is not installed"
  [ -n "${SM_SANITIZED:-}" ] && why="built with -fsanitize=$SM_SANITIZED, which valgrind cannot run"
  echo "ok 7 # SKIP $why"
  echo "ok 8 # SKIP $why"
  [ $failed -eq 0 ]
  exit
fi
if SPEEDMATRIX_ENGINE_DIR=$engines "$speedmatrix" profile --matrix /dev/null \
  -e nettle,nettle@generic -a aes-128-gcm -s 1024 --operations encrypt -q -o "$profile" \
  2>"$cache/profile.err"; then
  say ok "one profile of nettle and nettle@generic"
else
  say not-ok "one profile of nettle and nettle@generic" "$(cat "$cache/profile.err")"
fi
# More instructions per operation in the build without assembler, at each level, and another
# heaviest function; both rows' figures and top functions printed.
python3 - "$profile" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8"))]
by = {(r["engine"], r["api"]): r for r in rows if r["status"] == "profiled"}
notes, ok = [], bool(rows)
for api in sorted({api for _, api in by}):
    base, generic = by.get(("nettle", api)), by.get(("nettle@generic", api))
    if base is None or generic is None:
        ok = False
        continue
    b, g = float(base["instructions_per_op"]), float(generic["instructions_per_op"])
    heavy = lambda r: max(r["top_functions"].split(";"), key=lambda e: float(e.split(" ")[1]))
    ok = ok and g > b and heavy(base).split(" ")[0] != heavy(generic).split(" ")[0]
    notes.append(f"{api}: nettle {b:.0f} instructions per op ({base['explanation']}); "
                 f"nettle@generic {g:.0f} ({generic['explanation']})")
if not by:
    ok = False
    notes = [f"{r['engine']} {r['api']}: {r['status']} {r['detail']}" for r in rows]
print(f"{'ok' if ok else 'not ok'} 8 aes-128-gcm: the generic build counts more instructions per "
      "operation, its heaviest function another")
print("\n".join(f"# {line}" for line in notes))
sys.exit(0 if ok else 1)
PY
[ $? -eq 0 ] || failed=$((failed + 1))
[ $failed -eq 0 ]
