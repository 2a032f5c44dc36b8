#!/bin/bash
# Every reading verb is bounded: /dev/zero given as each input (a result file, a matrix, openssl
# speed output, a map, a .meta, a journal), under `ulimit -v 400000`, is refused at its cap with
# one line and exit 2 (compare, which reads a .meta only for its probe reference, goes on
# without it), never read until memory runs out. Prints TAP.
# The inputs come from the program: each file argument of a usage line and each --OPTION=FILE
# but --output of every verb's --help must have a case here, and a verb with none is listed as
# reading no file (a store is read by SQLite a page at a time, not whole).
# usage: bounded-read.sh SPEEDMATRIX TESTS_DIR [LIMIT]   (LIMIT: KiB for ulimit -v, default
# 400000; "unlimited" under AddressSanitizer, whose shadow memory needs terabytes of it)
set -u
bin=$1
tests=$2
limit=${3:-400000}
# shellcheck source=/dev/null
. "$tests/verbs.sh"
units=$(program_units "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
cp "$tests/data/five-engines-run.csv" run.csv
cp "$tests/data/import/openssl30-plain.txt" speed.txt
cp run.csv meta.csv
ln -s /dev/zero meta.csv.meta
tiny=$tests/data/tiny.ini
"$bin" run --matrix "$tiny" --engines glib --api evp --sizes 64 --quiet --no-table -o r.csv \
  2>/dev/null
cp r.csv j.csv
cp r.csv.meta j.csv.meta
ln -s /dev/zero j.csv.journal
rm r.csv.meta
ln -s /dev/zero r.csv.meta
R=268435456
# STATUS|THE ONE LINE|INPUT|COMMAND: INPUT is "UNIT FILES" for the file arguments, "UNIT
# --OPTION" for an option's file, or "UNIT .SIDECAR" for a file read beside another.
cases=(
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|compare FILES|compare /dev/zero /dev/zero"
  "0|speedmatrix: warning: |compare .meta|compare meta.csv meta.csv"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|summary FILES|summary /dev/zero"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|summary --ct|summary run.csv --ct /dev/zero"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|report FILES|report /dev/zero -o out.html"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|report --ct|report run.csv --ct /dev/zero -o out.html"
  "2|speedmatrix: /dev/zero: file is larger than 67108864 bytes|import FILES|import /dev/zero"
  "2|speedmatrix: --map: /dev/zero: file is larger than 1048576 bytes|import --map|import speed.txt --map /dev/zero"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|store ingest FILES|store ingest --db h.sqlite /dev/zero"
  "2|speedmatrix: meta.csv.meta: file is larger than 1048576 bytes|store ingest .meta|store ingest --db h.sqlite meta.csv"
  "2|speedmatrix: /dev/zero: file is larger than 1048576 bytes|run --matrix|run --matrix /dev/zero -o x.csv"
  "2|speedmatrix: r.csv.meta: file is larger than 1048576 bytes|run --resume|run --matrix $tiny --engines glib --api evp --sizes 64 --resume r.csv"
  "2|speedmatrix: j.csv.journal: cannot read the journal: j.csv.journal: file is larger than $R bytes|run .journal|run --matrix $tiny --engines glib --api evp --sizes 64 --resume j.csv"
  "2|speedmatrix: /dev/zero: file is larger than 1048576 bytes|ct --matrix|ct --matrix /dev/zero -o x.csv"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|ct --run|ct --matrix $tiny --engines glib --api evp --sizes 64 --run /dev/zero -o x.csv"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|ct --resume|ct --matrix $tiny --engines glib --api evp --sizes 64 --resume /dev/zero"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|summary --profile|summary run.csv --profile /dev/zero"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|report --profile|report run.csv --profile /dev/zero -o out.html"
  "2|speedmatrix: /dev/zero: file is larger than 1048576 bytes|profile --matrix|profile --matrix /dev/zero -o x.csv"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|profile --run|profile --matrix $tiny --engines glib --api evp --sizes 64 --run /dev/zero -o x.csv"
)
# Units that read no file: checked against their --help below.
no_input=("list" "store check" "store trend" "store event")

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
# A sanitizer build cannot run under valgrind: profile refuses it, before some inputs are read.
sanitizer_refused() { # COMMAND
  [ -n "${SM_SANITIZED:-}" ] && [[ $1 == profile* ]] && grep -q "cannot run under valgrind" err.txt
}

# program_inputs UNIT: "UNIT FILES" when its usage line takes arguments, "UNIT --OPTION" for each
# option taking a FILE but --output.
program_inputs() {
  local help usage
  # shellcheck disable=SC2086
  help=$("$bin" $1 --help)
  usage=$(sed -n 2p <<<"$help" | sed -E 's/^ *speedmatrix [a-z ]+\[OPTION…\] ?(.*) - .*$/\1/')
  [ -n "$usage" ] && echo "$1 FILES"
  grep -oE -- '--[a-z-]+=FILE' <<<"$help" | grep -v -- '^--output=' | sed "s/=FILE\$//; s/^/$1 /"
}

exercised=()
for c in "${cases[@]}"; do
  rest=${c#*|}
  rest=${rest#*|}
  exercised+=("${rest%%|*}")
done
covered=()
for input in "${exercised[@]}"; do covered+=("${input% *}"); done
covered+=("${no_input[@]}")
result "every verb the program reports has a case here or reads no file" \
  "$(coverage_problems "${covered[@]}" | sort -u | paste -sd';')"
missing=""
while IFS= read -r unit; do
  while IFS= read -r input; do
    [ -z "$input" ] && continue
    printf '%s\n' "${exercised[@]}" | grep -qxF -- "$input" || missing+="$input has no case; "
  done <<<"$(program_inputs "$unit")"
done <<<"$units"
for unit in "${no_input[@]}"; do
  if printf '%s\n' "${exercised[@]}" | grep -q "^$unit "; then
    missing+="$unit reads no file yet has a case; "
  fi
done
result "every file a verb's --help names has a case here" "$missing"
for c in "${cases[@]}"; do
  want_status=${c%%|*}
  rest=${c#*|}
  want=${rest%%|*}
  command=${rest#*|*|}
  # shellcheck disable=SC2086
  (ulimit -v "$limit" && exec "$bin" $command) >/dev/null 2>err.txt
  status=$?
  why=""
  if ! { [ "$status" -eq "$want_status" ] && { [ "$want_status" -eq 0 ] || {
    [ "$(grep -c . err.txt)" -eq 1 ] && [ "$(cat err.txt)" = "$want" ]; }; }; }; then
    why="exit $status: $(head -c 300 err.txt)"
  fi
  if [ -n "$why" ] && sanitizer_refused "$command"; then
    skip "$command" "$(cat err.txt)"
    continue
  fi
  result "$command" "$why"
done
echo "1..$n"
exit $((failures > 0))
