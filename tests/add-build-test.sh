#!/usr/bin/env bash
# scripts/add-build: a build from a pkg-config directory becomes an engine the runner lists, and
# every bad input is one line on standard error, exit status 2, and no file in the engine
# directory. Uses the system's Nettle (its .pc directory, and a copy of it whose libdir is a
# second directory of links to the same library). TAP.
# Usage: add-build-test.sh SOURCE_DIR SPEEDMATRIX
set -u
source=$1 speedmatrix=$2
script=$source/scripts/add-build
n=0 failed=0
say() { # ok|not-ok description [diagnostics...]
  n=$((n + 1))
  if [ "$1" = ok ]; then echo "ok $n $2"; else echo "not ok $n $2"; failed=$((failed + 1)); fi
  shift 2
  for line in "$@"; do echo "# $line"; done
}

echo "1..13"
if ! pkg-config --exists nettle hogweed; then
  for i in $(seq 13); do echo "ok $i # SKIP no nettle.pc"; done
  exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/sm-add-build-XXXXXX")
trap 'rm -rf "$work"' EXIT
engines=$work/engines
mkdir -p "$engines" "$work/empty"
system_pc=$(pkg-config --variable=pcfiledir nettle)
system_libdir=$(pkg-config --variable=libdir nettle)
version=$(pkg-config --modversion nettle)

# bad WHAT WANT ARGS...: exit 2, one line on stderr containing WANT, the engine directory as before
bad() {
  local what=$1 want=$2 before after err status
  shift 2
  before=$(ls -A "$engines")
  err=$("$script" "$@" --engine-dir "$engines" 2>&1 >/dev/null)
  status=$?
  after=$(ls -A "$engines")
  if [ $status -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] &&
    [[ "$err" == *"$want"* ]] && [ "$before" = "$after" ]; then
    say ok "$what"
  else
    say not-ok "$what" "exit $status, wanted 2 with one line containing: $want" "stderr: $err" \
      "engine directory before: $before" "after: $after"
  fi
}

bad "unknown engine" 'unknown engine "nettel"' nettel "$system_pc"
bad "a prefix without the library" "not a prefix of nettle" nettle "$work/empty"

# Headers of an older major version: a prefix whose nettle is 2.7.
old=$work/old
mkdir -p "$old/lib/pkgconfig" "$old/include/nettle"
for m in nettle hogweed; do
  printf 'prefix=%s\nlibdir=${prefix}/lib\nincludedir=${prefix}/include\nName: %s\nDescription: old\nVersion: 2.7.1\nLibs: -L${libdir} -l%s\nCflags: -I${includedir}\n' \
    "$old" "$m" "$m" >"$old/lib/pkgconfig/$m.pc"
done
: >"$old/lib/libnettle.so"
bad "an older major version than the engine supports" "nettle 2.7.1, and the nettle engine source needs 3.6 or newer" nettle "$old"

bad "a label with '/'" 'label "a/b"' nettle "$system_pc" --label a/b
bad "a label with ','" 'label "a,b"' nettle "$system_pc" --label a,b

# A good build: the system's library, labelled by its version; the runner lists it.
if "$script" nettle "$system_pc" --engine-dir "$engines" 2>"$work/err" &&
  [ -e "$engines/nettle@$version.so" ]; then
  say ok "a build from a pkg-config directory, labelled with the version ($version)"
else
  say not-ok "a build from a pkg-config directory, labelled with the version ($version)" "$(cat "$work/err")"
fi
listed=$(SPEEDMATRIX_ENGINE_DIR=$engines "$speedmatrix" --version 2>&1)
if [[ "$listed" == *"nettle@$version "* ]] && [[ "$listed" == *"library: $system_libdir/libnettle.so"* ]]; then
  say ok "--version lists nettle@$version with its library file"
else
  say not-ok "--version lists nettle@$version with its library file" "$listed"
fi

# The same label for another library directory is refused; the same one again is a rebuild.
other=$work/other
mkdir -p "$other/pc" "$other/lib"
for f in "$system_libdir"/libnettle.so* "$system_libdir"/libhogweed.so*; do ln -s "$f" "$other/lib/"; done
for m in nettle hogweed; do
  sed "s|^libdir=.*|libdir=$other/lib|" "$system_pc/$m.pc" >"$other/pc/$m.pc"
done
bad "two builds given one label" "label \"$version\" is taken by the build of $system_libdir" nettle "$other/pc"
if "$script" nettle "$system_pc" --engine-dir "$engines" 2>"$work/err"; then
  say ok "the same label for the same library again rebuilds it"
else
  say not-ok "the same label for the same library again rebuilds it" "$(cat "$work/err")"
fi
# A build whose library directory is removed afterwards: the loader would find the distribution's
# copy instead, so its rows fail and say why rather than measure that copy under its name.
if "$script" nettle "$other/pc" --label moved --engine-dir "$engines" 2>"$work/err"; then
  say ok "a build from a directory of links, labelled moved"
else
  say not-ok "a build from a directory of links, labelled moved" "$(cat "$work/err")"
fi
rm -rf "$other/lib"
err=$(SPEEDMATRIX_ENGINE_DIR=$engines "$speedmatrix" run --matrix /dev/null -e nettle@moved -a sha256 \
  -s 64 --api evp -t 0.01 -q --no-table -o "$work/moved.csv" 2>&1 >/dev/null)
status=$?
if [ $status -eq 1 ] && [[ "$err" == *"nettle@moved sha256 hash evp: error: engine nettle@moved could not be loaded"*"not the library in $other/lib"* ]] &&
  ! grep -q ',ok,' "$work/moved.csv"; then
  say ok "its library directory removed, the build's rows fail with the reason"
else
  say not-ok "its library directory removed, the build's rows fail with the reason" "exit $status" "$err"
fi
# A build of a real copy of the library (files, not links) whose prefix is moved, not removed:
# the run measures the copy while it is in place, then fails its rows; list names the refusal.
copy=$work/copy
mkdir -p "$copy/pc" "$copy/lib"
cp -a "$system_libdir"/libnettle.so* "$system_libdir"/libhogweed.so* "$copy/lib/"
for m in nettle hogweed; do
  sed "s|^libdir=.*|libdir=$copy/lib|" "$system_pc/$m.pc" >"$copy/pc/$m.pc"
done
copy_run() { # CSV: run one cell of nettle@copy
  SPEEDMATRIX_ENGINE_DIR=$engines "$speedmatrix" run --matrix /dev/null -e nettle@copy -a sha256 \
    -s 64 --api evp -t 0.01 -q --no-table -o "$1" 2>&1 >/dev/null
}
"$script" nettle "$copy/pc" --label copy --engine-dir "$engines" 2>"$work/err"
copy_run "$work/copy.csv" >"$work/err2"
if grep -q ",ok,.*$copy/lib/libnettle.so" "$work/copy.csv"; then
  say ok "a build of a copy of the library measures the copy"
else
  say not-ok "a build of a copy of the library measures the copy" "$(cat "$work/err" "$work/err2")"
fi
mv "$copy" "$copy.moved"
err=$(copy_run "$work/copy-moved.csv")
status=$?
listed=$(SPEEDMATRIX_ENGINE_DIR=$engines "$speedmatrix" list 2>/dev/null)
if [ $status -eq 1 ] && [[ "$err" == *"engine nettle@copy could not be loaded"*"not the library in $copy/lib"* ]] &&
  ! grep -q ',ok,' "$work/copy-moved.csv" && [[ "$listed" == *"refused: $engines/nettle@copy.so: maps"* ]]; then
  say ok "its prefix moved, the build's rows fail with the reason and list names the refusal"
else
  say not-ok "its prefix moved, the build's rows fail with the reason and list names the refusal" \
    "exit $status" "$err" "$listed"
fi
[ $failed -eq 0 ]
