#!/bin/bash
# Every verb checks its writes to standard output: each command below, and --help of every verb
# the program reports, with standard output on /dev/full exits non-zero with one line on
# standard error, and into a closed pipe exits 2 with one line (not 141 and silence). Every
# verb (and store subcommand) of `speedmatrix --help` must have a command here, or be listed as
# writing nothing to standard output (which is checked). Prints TAP.
# usage: stdout-full.sh SPEEDMATRIX TESTS_DIR
set -u
bin=$1
tests=$2
# shellcheck source=/dev/null
. "$tests/verbs.sh"
units=$(program_units "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
cp "$tests/data/five-engines-run.csv" run.csv
cp "$tests/data/import/openssl30-plain.txt" speed.txt
"$bin" store ingest --db h.sqlite run.csv >/dev/null || exit 1

commands=(
  "--help"
  "--version"
  "list"
  "run --matrix $tests/data/tiny.ini --engines glib --api evp --sizes 64 --quiet -o -"
  "run --matrix $tests/data/tiny.ini --engines glib --api evp --sizes 64 --quiet -o run2.csv"
  "compare run.csv run.csv"
  "summary run.csv"
  "report run.csv -o -"
  "report run.csv --format markdown"
  "import speed.txt"
  "import speed.txt --explain"
  "ct --matrix $tests/data/tiny.ini --engines glib --api evp --sizes 64 --quiet -o -"
  "profile --matrix $tests/data/tiny.ini --engines glib --api evp --sizes 64 --quiet -o -"
  "store ingest --db h2.sqlite run.csv"
  "store check --db h.sqlite"
  "store trend --db h.sqlite --machine vm -o -"
)
for format in table markdown csv json jsonl; do
  commands+=("compare --format $format run.csv run.csv")
done
# Units that write nothing to standard output when they succeed: run here to prove it.
silent=(
  "store event --db h.sqlite --machine vm --when 2026-12-01T00:00:00Z --what kernel-6.1"
)
covered=()
for command in "${commands[@]}" "${silent[@]}"; do
  [[ $command == -* ]] || covered+=("$(unit_of "$command")")
done
for verb in $(help_section "$bin" Verbs:); do commands+=("$verb --help"); done
while IFS= read -r unit; do
  [[ $unit == *" "* ]] && commands+=("$unit --help")
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
skip() { # NAME WHY
  n=$((n + 1))
  echo "ok $n - $1 # SKIP $2"
}
# A sanitizer build cannot run under valgrind: profile refuses it before it writes anything.
sanitizer_refused() { # COMMAND
  [ -n "${SM_SANITIZED:-}" ] && [[ $1 == profile* ]] && grep -q "cannot run under valgrind" err.txt
}
result "every verb the program reports has a command here" \
  "$(coverage_problems "${covered[@]}" | paste -sd';')"
for command in "${commands[@]}"; do
  # shellcheck disable=SC2086
  "$bin" $command >/dev/full 2>err.txt
  status=$?
  # a run to a file also says what it wrote, on lines of their own
  lines=$(grep -vc -e "cells written to" -e "^speedmatrix: warning:" err.txt)
  why=""
  if ! { [ "$status" -ne 0 ] && [ "$status" -lt 128 ] && [ "$lines" -eq 1 ] &&
    grep -q "^speedmatrix: .*standard output" err.txt; }; then
    why="exit $status, $lines lines: $(head -c 300 err.txt)"
  fi
  if [ -n "$why" ] && sanitizer_refused "$command"; then
    skip "$command" "$(cat err.txt)"
    rm -f run2.csv run2.csv.meta run2.csv.journal
    continue
  fi
  result "$command" "$why"
  rm -f run2.csv run2.csv.meta run2.csv.journal
done
# A closed pipe (`| head -1` after head is gone) is the same failure as /dev/full: one line and
# exit 2, never death by SIGPIPE (141) with no word. The reader is closed before the start, so
# the first write fails whatever its size; the child gets SIGPIPE's default action, as from a shell.
closed_pipe() {
  python3 -c 'import os, subprocess, sys
r, w = os.pipe()
os.close(r)
status = subprocess.run(sys.argv[1:], stdout=w).returncode
sys.exit(128 - status if status < 0 else status)' "$@"
}
for command in "${commands[@]}"; do
  # shellcheck disable=SC2086
  closed_pipe "$bin" $command 2>err.txt
  status=$?
  lines=$(grep -vc -e "cells written to" -e "^speedmatrix: warning:" err.txt)
  why=""
  if ! { [ "$status" -eq 2 ] && [ "$lines" -eq 1 ] && grep -q "^speedmatrix: .*standard output" err.txt; }; then
    why="exit $status, $lines lines: $(head -c 300 err.txt)"
  fi
  if [ -n "$why" ] && sanitizer_refused "$command"; then
    skip "$command into a closed pipe" "$(cat err.txt)"
    rm -f run2.csv run2.csv.meta run2.csv.journal
    continue
  fi
  result "$command into a closed pipe" "$why"
  rm -f run2.csv run2.csv.meta run2.csv.journal
done
for command in "${silent[@]}"; do
  # shellcheck disable=SC2086
  "$bin" $command >out.txt 2>err.txt
  status=$?
  why=""
  if [ "$status" -ne 0 ] || [ -s out.txt ]; then
    why="exit $status, standard output: $(head -c 300 out.txt), error: $(head -c 300 err.txt)"
  fi
  result "$command writes nothing to standard output" "$why"
done
echo "1..$n"
exit $((failures > 0))
