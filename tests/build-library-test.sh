#!/usr/bin/env bash
# scripts/build-library on a made-up source tree (a ./configure that writes a two-target
# Makefile): every bad input is one line, exit status 2, and no file of the user's removed; a
# directory the script did not make is never deleted; an OpenSSL-style ./Configure is built;
# scripts/nightly build checks its engine and label before they name a directory. TAP.
# Usage: build-library-test.sh SOURCE_DIR
set -u
root=$1
script=$root/scripts/build-library
n=0 failed=0
say() { # ok|not-ok description [diagnostics...]
  n=$((n + 1))
  if [ "$1" = ok ]; then echo "ok $n $2"; else echo "not ok $n $2"; failed=$((failed + 1)); fi
  shift 2
  for line in "$@"; do echo "# $line"; done
}
echo "1..16"
work=$(mktemp -d "${TMPDIR:-/tmp}/sm-build-library-XXXXXX")
trap 'rm -rf "$work"' EXIT

# make_source DIR SCRIPT: a source tree whose SCRIPT (configure or Configure) writes a Makefile
make_source() {
  mkdir -p "$1"
  cat >"$1/$2" <<'EOS'
#!/bin/sh
for a; do case $a in --prefix=*) p=${a#--prefix=} ;; esac; done
printf 'all:\n\ttrue\ninstall:\n\tmkdir -p %s/lib && touch %s/lib/built\n' "$p" "$p" >Makefile
EOS
  chmod +x "$1/$2"
  echo "uncommitted work" >"$1/notes.txt"
}
make_source "$work/mine" configure
mkdir -p "$work/notes"
echo "keep me" >"$work/notes/todo.txt"

# bad WHAT WANT KEPT ARGS...: exit 2, one line containing WANT, the file KEPT still there
bad() {
  local what=$1 want=$2 kept=$3 err status
  shift 3
  err=$("$script" "$@" 2>&1 >/dev/null)
  status=$?
  if [ $status -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] &&
    [[ "$err" == *"$want"* ]] && [ -e "$kept" ]; then
    say ok "$what"
  else
    say not-ok "$what" "exit $status, wanted 2 with one line containing: $want" "stderr: $err" \
      "$kept: $(ls -l "$kept" 2>&1)"
  fi
}

bad "a missing source leaves an existing work directory alone" "no such directory" \
  "$work/notes/todo.txt" --source "$work/nonexistent" --work "$work/notes" --prefix "$work/p1"
bad "a source without ./configure is refused" "no ./configure nor ./Configure" \
  "$work/notes/todo.txt" --source "$work/notes" --prefix "$work/p1"
bad "the source as its own work directory is refused, the source kept" "inside the source" \
  "$work/mine/notes.txt" --source "$work/mine" --work "$work/mine" --prefix "$work/p1"
bad "a parent of the source as the work directory is refused" "the source $work/mine is inside it" \
  "$work/mine/notes.txt" --source "$work/mine" --work "$work" --prefix "$work/p1"
bad "an existing work directory the script did not make is refused" "was not made by build-library" \
  "$work/notes/todo.txt" --source "$work/mine" --work "$work/notes" --prefix "$work/p1"
mkdir -p "$work/p2.src"
echo "mine" >"$work/p2.src/keep.txt"
bad "an existing PREFIX.src (the default work directory) is kept" "was not made by build-library" \
  "$work/p2.src/keep.txt" --source "$work/mine" --prefix "$work/p2"

# A good build: the prefix is printed, its stamp and the installed file are there, and the work
# directory the script made is gone.
out=$("$script" --source "$work/mine" --prefix "$work/p3" 2>"$work/err")
if [ "$out" = "$work/p3" ] && [ -e "$work/p3/lib/built" ] && [ -e "$work/p3/speedmatrix-build.ini" ] &&
  [ ! -e "$work/p3.src" ] && [ -e "$work/mine/notes.txt" ]; then
  say ok "a source tree is built into the prefix and its work directory removed"
else
  say not-ok "a source tree is built into the prefix and its work directory removed" "out: $out" "$(cat "$work/err")"
fi

# A work directory left by an earlier run of the script (it failed before removing it) is reused.
mkdir -p "$work/p4.src"
: >"$work/p4.src/.speedmatrix-build-library-work"
if "$script" --source "$work/mine" --prefix "$work/p4" >/dev/null 2>"$work/err" && [ -e "$work/p4/lib/built" ]; then
  say ok "the script's own leftover work directory is replaced"
else
  say not-ok "the script's own leftover work directory is replaced" "$(cat "$work/err")"
fi

# OpenSSL's tree has ./Configure only.
make_source "$work/ossl" Configure
if "$script" --source "$work/ossl" --prefix "$work/p5" >/dev/null 2>"$work/err" && [ -e "$work/p5/lib/built" ]; then
  say ok "a source with ./Configure only (OpenSSL) is built"
else
  say not-ok "a source with ./Configure only (OpenSSL) is built" "$(cat "$work/err")"
fi
# The cache: the same recipe is kept; an edited source, configure arguments that differ only in
# how they are split, or another install target are built again.
cached() { # ARGS...: 0 when the script kept the prefix as it was
  "$script" "$@" >/dev/null 2>"$work/err" && grep -q "already built from this recipe" "$work/err"
}
make_source "$work/cache-src" configure
"$script" --source "$work/cache-src" --prefix "$work/p6" -- "--opt=a b" >/dev/null 2>&1
if cached --source "$work/cache-src" --prefix "$work/p6" -- "--opt=a b" &&
  ! cached --source "$work/cache-src" --prefix "$work/p6" -- --opt=a b; then
  say ok "configure arguments are kept apart in the cache's recipe"
else
  say not-ok "configure arguments are kept apart in the cache's recipe" "$(cat "$work/err")"
fi
"$script" --source "$work/cache-src" --prefix "$work/p7" >/dev/null 2>&1
echo "an edit" >>"$work/cache-src/notes.txt"
if ! cached --source "$work/cache-src" --prefix "$work/p7"; then
  say ok "an edited source tree is built again"
else
  say not-ok "an edited source tree is built again" "$(cat "$work/err")"
fi
if ! cached --source "$work/cache-src" --prefix "$work/p7" --install-target install; then
  say not-ok "another install target is built again" "the same target was not kept"
elif cached --source "$work/cache-src" --prefix "$work/p7" --install-target all; then
  say not-ok "another install target is built again" "$(cat "$work/err")"
else
  say ok "another install target is built again"
fi

# scripts/nightly build: the engine and label are checked before they name a directory.
for part in "engine ../x" "label ../../escaped"; do
  set -- $part
  if [ "$1" = engine ]; then args=("$2" good); else args=(nettle "$2"); fi
  err=$(SPEEDMATRIX_BUILDS="$work/cache/builds" "$root/scripts/nightly" build "${args[@]}" --source "$work/mine" 2>&1 >/dev/null)
  status=$?
  if [ $status -eq 2 ] && [[ "$err" == *"$1 \"$2\""* ]] && [ ! -e "$work/escaped" ] && [ ! -e "$work/cache" ]; then
    say ok "nightly build refuses the $1 $2 before building anything"
  else
    say not-ok "nightly build refuses the $1 $2 before building anything" "exit $status: $err" "$(ls "$work")"
  fi
done

# The same rule on the other ways in: a --git build given an existing --work, and scripts/nightly
# build over a PREFIX.src the user made in the cache.
make_source "$work/repo" configure
if command -v git >/dev/null 2>&1 && git -C "$work/repo" init -q &&
  git -C "$work/repo" add . && git -C "$work/repo" -c user.name=t -c user.email=t@t commit -qm t; then
  ref=$(git -C "$work/repo" rev-parse HEAD)
  bad "a --git build leaves an existing work directory alone" "was not made by build-library" \
    "$work/notes/todo.txt" --git "file://$work/repo" --ref "$ref" --work "$work/notes" --prefix "$work/p8"
else
  n=$((n + 1))
  echo "ok $n # SKIP no git to make a repository with"
fi
mkdir -p "$work/cache2/nettle@mine.src"
echo "mine" >"$work/cache2/nettle@mine.src/keep.txt"
err=$(SPEEDMATRIX_BUILDS="$work/cache2" "$root/scripts/nightly" build nettle mine --source "$work/mine" 2>&1 >/dev/null)
status=$?
if [ $status -eq 2 ] && [[ "$err" == *"was not made by build-library"* ]] &&
  [ -e "$work/cache2/nettle@mine.src/keep.txt" ] && [ ! -e "$work/cache2/nettle@mine" ]; then
  say ok "nightly build keeps a PREFIX.src it did not make and builds nothing"
else
  say not-ok "nightly build keeps a PREFIX.src it did not make and builds nothing" "exit $status: $err" \
    "$(ls -R "$work/cache2")"
fi
[ $failed -eq 0 ]
