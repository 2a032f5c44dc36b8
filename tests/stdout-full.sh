#!/bin/bash
# Every verb checks its writes to standard output: each command below with standard output on
# /dev/full exits non-zero with one line on standard error. Prints TAP.
# usage: stdout-full.sh SPEEDMATRIX TESTS_DIR
set -u
bin=$1
tests=$2
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
  "list --help"
  "run --matrix $tests/data/tiny.ini --engines glib --api evp --sizes 64 --quiet -o -"
  "run --matrix $tests/data/tiny.ini --engines glib --api evp --sizes 64 --quiet -o run2.csv"
  "run --help"
  "compare run.csv run.csv"
  "compare --help"
  "summary run.csv"
  "summary --help"
  "report run.csv -o -"
  "report run.csv --format markdown"
  "report --help"
  "import speed.txt"
  "import speed.txt --explain"
  "import --help"
  "store --help"
  "store ingest --db h2.sqlite run.csv"
  "store check --db h.sqlite"
  "store trend --db h.sqlite --machine vm -o -"
  "store trend --help"
)
for format in table markdown csv json jsonl; do
  commands+=("compare --format $format run.csv run.csv")
done
echo "1..${#commands[@]}"
n=0
failures=0
for command in "${commands[@]}"; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  "$bin" $command >/dev/full 2>err.txt
  status=$?
  # a run to a file also says what it wrote, on lines of their own
  lines=$(grep -vc -e "cells written to" -e "^speedmatrix: warning:" err.txt)
  if [ "$status" -ne 0 ] && [ "$status" -lt 128 ] && [ "$lines" -eq 1 ] &&
    grep -q "^speedmatrix: .*standard output" err.txt; then
    echo "ok $n - $command"
  else
    echo "not ok $n - $command: exit $status, $lines lines: $(head -c 300 err.txt)"
    failures=$((failures + 1))
  fi
  rm -f run2.csv run2.csv.meta run2.csv.journal
done
exit $((failures > 0))
