#!/usr/bin/env bash
# The SDK for out-of-tree engines, as an engine author uses it: `meson install --destdir` of
# this build into a temporary root, the three headers installed as they are in the tree (the
# C++ engines' one compiled alone), the example engine (doc/mini-engine.c) built outside the
# tree against the installed header through pkg-config (PKG_CONFIG_PATH and
# PKG_CONFIG_SYSROOT_DIR into that root), dropped in a directory named by
# SPEEDMATRIX_ENGINE_DIR, and one cell run on it by the installed speedmatrix. TAP.
# Usage: sdk-test.sh BUILD_DIR SOURCE_DIR PREFIX LIBDIR DATADIR
set -u
build=$1 source=$2 prefix=$3 libdir=$4 datadir=$5
n=0 failed=0
say() { # ok|not-ok description [diagnostics...]
    n=$((n + 1))
    if [ "$1" = ok ]; then echo "ok $n $2"; else echo "not ok $n $2"; failed=$((failed + 1)); fi
    shift 2
    for line in "$@"; do echo "# $line"; done
}
check() { # description command...: ok when the command succeeds; its output as diagnostics
    local what=$1 out
    shift
    if out=$("$@" 2>&1); then say ok "$what"; else say not-ok "$what" "$ "*"$*" "$out"; fi
}

work=$(mktemp -d "${TMPDIR:-/tmp}/sm-sdk-XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root
echo "1..12"

check "meson install --destdir" meson install -C "$build" --destdir "$root" --no-rebuild --quiet
for header in engine.h engine-util.h engine-util-cxx.h; do
    check "$header installed under include/speedmatrix/" \
        cmp "$source/engines/$header" "$root$prefix/include/speedmatrix/$header"
done

export PKG_CONFIG_PATH=$root$libdir/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root
unset PKG_CONFIG_LIBDIR
cflags=$(pkg-config --cflags speedmatrix-engine 2>&1)
if [ "$cflags" = "-I$root$prefix/include/speedmatrix " ] || [ "$cflags" = "-I$root$prefix/include/speedmatrix" ]; then
    say ok "pkg-config --cflags speedmatrix-engine gives the installed include path"
else
    say not-ok "pkg-config --cflags speedmatrix-engine gives the installed include path" "got: $cflags"
fi
enginedir=$(pkg-config --variable=enginedir speedmatrix-engine 2>&1)
if [ "$enginedir" = "$root$libdir/speedmatrix/engines" ] && [ -d "$enginedir" ]; then
    say ok "the enginedir variable names the installed plugin directory"
else
    say not-ok "the enginedir variable names the installed plugin directory" "got: $enginedir"
fi

# Outside the tree: a copy of the example in its own directory, no -I into the source.
mkdir -p "$work/mini" "$work/engines"
cp "$source/doc/mini-engine.c" "$work/mini/mini.c"
# shellcheck disable=SC2086
check "the example engine builds against the installed SDK" \
    ${CC:-cc} -std=c11 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden \
    -o "$work/engines/mini.so" "$work/mini/mini.c" $cflags -lcrypto

# A C++ engine's shared header stands on its own from the installed include path.
cxx=${CXX:-c++}
if command -v "$cxx" >/dev/null; then
    # shellcheck disable=SC2086
    check "engine-util-cxx.h compiles alone against the installed SDK (C++17)" \
        "$cxx" -std=c++17 -Wall -Wextra -Werror -fsyntax-only -x c++ - $cflags \
        <<<'#include "engine-util-cxx.h"'
else
    say ok "engine-util-cxx.h compiles alone against the installed SDK # SKIP no C++ compiler ($cxx)"
fi

bin=$root$prefix/bin/speedmatrix
export SPEEDMATRIX_ENGINE_DIR=$work/engines
version=$("$bin" --version 2>&1)
if grep -Eq '^  mini +OpenSSL +\(out of tree\) +[0-9]' <<<"$version"; then
    say ok "speedmatrix --version names the out-of-tree engine"
else
    say not-ok "speedmatrix --version names the out-of-tree engine" "$version"
fi

csv=$("$bin" run --matrix "$root$datadir/speedmatrix/matrix.ini" --engines mini \
    --algorithms sha256 --api low --sizes 64 --time 0.05 --samples 5 --passes 1 -q --no-table \
    -o - 2>"$work/err")
status=$?
rows=$(python3 -c '
import csv, sys
rows = list(csv.DictReader(sys.stdin))
for r in rows:
    print(r["engine"], r["algorithm"], r["api"], r["block_size"], r["status"], r["ops_per_sec"])
' <<<"$csv")
if [ $status -eq 0 ] && [ "$(wc -l <<<"$rows")" -eq 1 ] && grep -Eq '^mini sha256 low 64 ok [0-9.]+$' <<<"$rows"; then
    say ok "one cell on the out-of-tree engine: $rows"
else
    say not-ok "one cell on the out-of-tree engine" "status $status" "rows: $rows" "$(cat "$work/err")"
fi

# With the installed engines too: the plugin copied into enginedir runs beside them.
cp "$work/engines/mini.so" "$enginedir/"
names=$(SPEEDMATRIX_ENGINE_DIR=$enginedir "$bin" list --names engines | tr '\n' ' ')
if grep -q "mini" <<<"$names" && [ "$(wc -w <<<"$names")" -ge 2 ]; then
    say ok "copied into enginedir, it loads beside the installed engines ($names)"
else
    say not-ok "copied into enginedir, it loads beside the installed engines" "got: $names"
fi

# README shows the same example, so what it shows is what this test builds.
if python3 - "$source/README.md" "$source/doc/mini-engine.c" <<'PY'
import sys
readme, example = (open(p, encoding="utf-8").read() for p in sys.argv[1:])
sys.exit(0 if example in readme else 1)
PY
then
    say ok "README shows doc/mini-engine.c verbatim"
else
    say not-ok "README shows doc/mini-engine.c verbatim"
fi
exit $((failed > 0))
