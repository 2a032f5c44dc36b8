#!/bin/bash
# The one -o rule (runner/io/output.c), every writing verb against every case: its own input, a
# run's .meta and .journal, an existing file without --force, a symlink, a directory, and a full
# disk (a 64 KiB tmpfs when mount works, else skipped). Each is exit 2 and one line on standard
# error, the target as it was, and no temporary file left. The writing verbs are those whose
# --help has --output=FILE (and --force, when they have it); each must have a row here. Prints TAP.
# usage: output-rule.sh SPEEDMATRIX TESTS_DIR
set -u
bin=$1
tests=$2
# shellcheck source=/dev/null
. "$tests/verbs.sh"
units=$(program_units "$bin")
work=$(mktemp -d)
mounted=""
trap 'for m in $mounted; do umount "$m"; done; rm -rf "$work"' EXIT
cd "$work" || exit 1
cp "$tests/data/five-engines-run.csv" run.csv
printf "[run]\nstarted=2026-11-30T19:06:08Z\n" >run.csv.meta
echo "journal" >run.csv.journal
cp "$tests/data/import/openssl30-plain.txt" speed.txt
printf '[labels]\n' >map.ini
cp "$tests/data/tiny.ini" tiny.ini
"$bin" store ingest --db h.sqlite run.csv >/dev/null || exit 1

cell=(--matrix tiny.ini --engines glib --api evp --sizes 64 --quiet)
# UNIT: the command up to its -o, and one of its inputs
declare -A verb=(
  [run]="run ${cell[*]} --no-table"
  [report]="report run.csv"
  [import]="import speed.txt --map map.ini"
  [ct]="ct ${cell[*]}"
  [profile]="profile ${cell[*]}"
  [store trend]="store trend --db h.sqlite --machine vm"
)
declare -A own=([run]=tiny.ini [report]=run.csv [import]=map.ini [ct]=tiny.ini
  [profile]=tiny.ini [store trend]=h.sqlite)
# profile needs valgrind, which a sanitizer build cannot run under: its cases are skipped then.
declare -A skip=()
if ! "$bin" profile "${cell[@]}" -o - >/dev/null 2>err.txt; then
  skip[profile]=$(head -1 err.txt)
fi
writers=""
declare -A force=()
while IFS= read -r unit; do
  # shellcheck disable=SC2086
  help=$("$bin" $unit --help)
  grep -q -- "--output=FILE" <<<"$help" && writers+="$unit"$'\n'
  force[$unit]=$(grep -q -- "--force" <<<"$help" && echo --force)
done <<<"$units"

n=0
failures=0
result() { # NAME WHY
  n=$((n + 1))
  if [ -z "$2" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1: $2"
    failures=$((failures + 1))
  fi
}

result "every verb with --output has a row here" \
  "$(units=${writers%$'\n'} coverage_problems "${!verb[@]}" | paste -sd';')"
# the rows, in the program's order
tested=()
while IFS= read -r unit; do
  if [ -n "$unit" ] && [ -n "${skip[$unit]+set}" ]; then
    n=$((n + 1))
    echo "ok $n - $unit: every case # SKIP ${skip[$unit]}"
  elif [ -n "$unit" ] && [ -n "${verb[$unit]+set}" ]; then
    tested+=("$unit")
  fi
done <<<"${writers%$'\n'}"

# expect NAME TARGET EXPECTED-ERROR COMMAND...: exit 2, EXPECTED-ERROR as the one line, TARGET
# unchanged (compared with its listing and content), no temporary file beside it.
expect() {
  local name=$1 target=$2 want=$3
  shift 3
  local before after why=""
  before=$(ls -la --time-style=+ "$target" 2>&1; md5sum 2>/dev/null <"$target")
  "$@" >/dev/null 2>err.txt
  local status=$?
  after=$(ls -la --time-style=+ "$target" 2>&1; md5sum 2>/dev/null <"$target")
  if [ "$status" -ne 2 ]; then why="exit $status"
  elif [ "$(cat err.txt)" != "$want" ]; then why="stderr: $(cat err.txt)"
  elif [ "$before" != "$after" ]; then why="the target changed"
  elif [ -n "$(find "$(dirname "$target")" -maxdepth 1 -name '.*.??????' -print -quit)" ]; then
    why="a temporary file is left"
  fi
  result "$name" "$why"
}

for v in "${tested[@]}"; do
  # shellcheck disable=SC2206
  cmd=($bin ${verb[$v]})
  f=${force[$v]}
  expect "$v: its own input" "${own[$v]}" \
    "speedmatrix: ${own[$v]}: is also an input of this command; refusing to write over it" \
    "${cmd[@]}" -o "${own[$v]}" ${f:+"$f"}
  ln -sf "${own[$v]}" "link-$v"
  expect "$v: its own input through a symlink" "${own[$v]}" \
    "speedmatrix: link-$v: is also an input of this command; refusing to write over it" \
    "${cmd[@]}" -o "link-$v" ${f:+"$f"}
  for side in meta journal; do
    expect "$v: a run's .$side" "run.csv.$side" \
      "speedmatrix: run.csv.$side: is the .$side sidecar of the run run.csv; refusing to write over it" \
      "${cmd[@]}" -o "run.csv.$side" ${f:+"$f"}
  done
  echo "keep me" >existing
  if [ -n "$f" ]; then hint=" ($f replaces it)"; else hint=""; fi
  expect "$v: an existing file" existing \
    "speedmatrix: existing: cannot create: File exists$hint" "${cmd[@]}" -o existing
  not_regular="not a regular file (a symlink, FIFO, directory or device; - is standard output)"
  ln -sfn elsewhere dangling
  if [ -n "$f" ]; then
    expect "$v: a symlink" dangling "speedmatrix: dangling: cannot replace: $not_regular" \
      "${cmd[@]}" -o dangling ${f:+"$f"}
  else
    expect "$v: a symlink" dangling "speedmatrix: dangling: cannot create: $not_regular" \
      "${cmd[@]}" -o dangling
  fi
  mkdir -p adir
  expect "$v: a directory" adir "speedmatrix: adir: cannot create: $not_regular" \
    "${cmd[@]}" -o adir
  # A device is said to be one, not "File exists" (standard output is -).
  expect "$v: /dev/null" /dev/null "speedmatrix: /dev/null: cannot create: $not_regular" \
    "${cmd[@]}" -o /dev/null
done

# A full disk: a small tmpfs filled up. The target must not exist afterwards, nor any temporary.
mkdir full
if mount -t tmpfs -o size=64k tmpfs full 2>/dev/null; then
  mounted=$work/full
  head -c 1m /dev/zero >full/fill 2>/dev/null
  for v in "${tested[@]}"; do
    # shellcheck disable=SC2206
    cmd=($bin ${verb[$v]})
    "${cmd[@]}" -o full/out >/dev/null 2>err.txt
    status=$?
    why=""
    if [ "$status" -ne 2 ]; then why="exit $status"
    elif [ "$(grep -c . err.txt)" -ne 1 ]; then why="stderr: $(cat err.txt)"
    elif ! grep -q "No space left on device" err.txt; then why="stderr: $(cat err.txt)"
    elif [ "$(find full -mindepth 1 -printf '%f ')" != "fill " ]; then
      why="left behind: $(find full -mindepth 1 -printf '%f ')"
    fi
    result "$v: a full disk leaves no file" "$why"
  done
  # A disk with a little room, so that the run fails part way: what it says it wrote is what the
  # CSV holds in whole rows, it leaves no sidecar without its CSV, and with room again the retry
  # (a --resume when the CSV is there) finishes every cell.
  eight=(run --matrix tiny.ini --engines openssl,glib --api evp,low --time 0.005 --quiet --no-table)
  for room in 4 8 12 16; do
    rm -f full/*
    head -c $(((64 - room) * 1024)) /dev/zero >full/fill 2>/dev/null
    "$bin" "${eight[@]}" -o full/out.csv >/dev/null 2>err.txt
    status=$?
    said=$(sed -n 's/^speedmatrix: \([0-9]*\) of 8 cells written.*/\1/p' err.txt)
    why=""
    if [ ! -e full/out.csv ]; then
      left=$(find full -mindepth 1 -name 'out*' -printf '%f ')
      [ -z "$left" ] || why="no CSV, but left: $left"
    else
      rows=$(($(wc -l <full/out.csv) - 1))
      if [ "$(tail -c 2 full/out.csv | od -An -c | tr -d ' ')" != '\r\n' ]; then why="the CSV ends in a cut line"
      elif [ "$said" != "$rows" ]; then why="said ${said:-nothing} written, the CSV holds $rows rows"
      fi
    fi
    rm -f full/fill
    if [ -z "$why" ]; then
      if [ -e full/out.csv ]; then again=(--resume full/out.csv); else again=(-o full/out.csv); fi
      "$bin" "${eight[@]}" "${again[@]}" >/dev/null 2>err.txt || why="the retry (${again[*]}) failed: $(cat err.txt)"
      [ -n "$why" ] || [ "$(wc -l <full/out.csv)" -eq 9 ] || why="the retry left $(wc -l <full/out.csv) lines, not 9"
    fi
    result "run with ${room} KiB of room (exit $status): counts whole rows, leaves no stray file, retries" "$why"
  done
  # ct and profile on a disk with 4 KiB of room: exit 2, one line whose count is the CSV's whole
  # rows, the CSV ending in a whole row; ct --resume then completes it.
  many=(--matrix tiny.ini --engines all --api evp,low --sizes 16,64,256,1024 --quiet)
  for v in ct profile; do
    if [ -n "${skip[$v]+set}" ]; then
      n=$((n + 1))
      echo "ok $n - $v with a little room on the disk # SKIP ${skip[$v]}"
      continue
    fi
    rm -f full/*
    head -c $(((64 - 4) * 1024)) /dev/zero >full/fill 2>/dev/null
    "$bin" "$v" "${many[@]}" -o full/out.csv >/dev/null 2>err.txt
    status=$?
    said=$(sed -n 's/^speedmatrix: full\/out.csv: write failed: No space left on device; \([0-9]*\) of [0-9]* cells written in whole rows.*/\1/p' err.txt)
    why=""
    if [ "$status" -ne 2 ] || [ "$(grep -c . err.txt)" -ne 1 ]; then why="exit $status: $(cat err.txt)"
    elif [ ! -e full/out.csv ]; then why="no CSV"
    elif [ "$(tail -c 2 full/out.csv | od -An -c | tr -d ' ')" != '\r\n' ]; then why="the CSV ends in a cut line"
    elif [ "$said" != "$(($(wc -l <full/out.csv) - 1))" ]; then
      why="said ${said:-nothing} written, the CSV holds $(($(wc -l <full/out.csv) - 1)) rows: $(cat err.txt)"
    fi
    rm -f full/fill
    if [ -z "$why" ] && [ "$v" = ct ]; then
      "$bin" ct "${many[@]}" --resume full/out.csv >/dev/null 2>err.txt ||
        why="ct --resume failed: $(cat err.txt)"
      whole=$("$bin" ct "${many[@]}" -o - 2>/dev/null | wc -l)
      [ -n "$why" ] || [ "$(wc -l <full/out.csv)" -eq "$whole" ] ||
        why="the retry left $(wc -l <full/out.csv) lines, an uninterrupted ct $whole"
    fi
    result "$v with 4 KiB of room: exit 2, its count is the CSV's whole rows" "$why"
  done
  # store ingest into a store on a disk that filled since (SQLite's own file, not -o): one line,
  # exit 2, the runs stored before kept, and with room again the same ingest stores its run.
  mkdir roomy
  if mount -t tmpfs -o size=1m tmpfs roomy; then
    mounted+=" $work/roomy"
    why=""
    "$bin" store ingest --db roomy/h.sqlite run.csv >/dev/null 2>err.txt || why="first ingest: $(cat err.txt)"
    head -c 2m /dev/zero >roomy/fill 2>/dev/null
    if [ -z "$why" ]; then
      "$bin" store ingest --db roomy/h.sqlite "$tests/data/compare-base.csv" >/dev/null 2>err.txt
      status=$?
      if [ $status -ne 2 ] || [ "$(grep -c . err.txt)" -ne 1 ] || ! grep -q "disk is full" err.txt; then
        why="exit $status: $(cat err.txt)"
      fi
    fi
    rm -f roomy/fill
    if [ -z "$why" ] && ! "$bin" store check --db roomy/h.sqlite 2>&1 | grep -q "(1 run, "; then
      why="the store lost its run: $("$bin" store check --db roomy/h.sqlite 2>&1)"
    fi
    if [ -z "$why" ] && ! "$bin" store ingest --db roomy/h.sqlite "$tests/data/compare-base.csv" 2>&1 |
      grep -q "^1 run stored"; then
      why="the retry stored nothing"
    fi
    result "store ingest on a full disk: exit 2, one line, the stored runs kept" "$why"
  else
    n=$((n + 1))
    echo "ok $n - store ingest on a full disk # SKIP mount not permitted"
  fi
else
  for v in "${tested[@]}"; do
    n=$((n + 1))
    echo "ok $n - $v: a full disk # SKIP mount not permitted"
  done
  for v in run ct profile "store ingest"; do
    n=$((n + 1))
    echo "ok $n - $v with a little room on the disk # SKIP mount not permitted"
  done
fi
echo "1..$n"
exit $((failures > 0))
