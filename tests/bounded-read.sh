#!/bin/bash
# Every reading verb is bounded: /dev/zero given as each input (a result file, a matrix, openssl
# speed output, a map, a .meta, a journal), under `ulimit -v 400000`, is refused at its cap with
# one line and exit 2 (compare, which reads a .meta only for its probe reference, goes on
# without it), never read until memory runs out. Prints TAP.
# usage: bounded-read.sh SPEEDMATRIX TESTS_DIR [LIMIT]   (LIMIT: KiB for ulimit -v, default
# 400000; "unlimited" under AddressSanitizer, whose shadow memory needs terabytes of it)
set -u
bin=$1
tests=$2
limit=${3:-400000}
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
cases=(
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|compare /dev/zero /dev/zero"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|summary /dev/zero"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|report /dev/zero -o out.html"
  "2|speedmatrix: /dev/zero: file is larger than 67108864 bytes|import /dev/zero"
  "2|speedmatrix: --map: /dev/zero: file is larger than 1048576 bytes|import speed.txt --map /dev/zero"
  "2|speedmatrix: /dev/zero: file is larger than $R bytes|store ingest --db h.sqlite /dev/zero"
  "2|speedmatrix: meta.csv.meta: file is larger than 1048576 bytes|store ingest --db h.sqlite meta.csv"
  "0|speedmatrix: warning: |compare meta.csv meta.csv"
  "2|speedmatrix: /dev/zero: file is larger than 1048576 bytes|run --matrix /dev/zero -o x.csv"
  "2|speedmatrix: r.csv.meta: file is larger than 1048576 bytes|run --matrix $tiny --engines glib --api evp --sizes 64 --resume r.csv"
  "2|speedmatrix: j.csv.journal: cannot read the journal: j.csv.journal: file is larger than $R bytes|run --matrix $tiny --engines glib --api evp --sizes 64 --resume j.csv"
)
echo "1..${#cases[@]}"
n=0
failures=0
for c in "${cases[@]}"; do
  n=$((n + 1))
  want_status=${c%%|*}
  rest=${c#*|}
  want=${rest%%|*}
  command=${rest#*|}
  # shellcheck disable=SC2086
  (ulimit -v "$limit" && exec "$bin" $command) >/dev/null 2>err.txt
  status=$?
  if [ "$status" -eq "$want_status" ] && { [ "$want_status" -eq 0 ] || {
    [ "$(grep -c . err.txt)" -eq 1 ] && [ "$(cat err.txt)" = "$want" ]; }; }; then
    echo "ok $n - $command"
  else
    echo "not ok $n - $command: exit $status: $(head -c 300 err.txt)"
    failures=$((failures + 1))
  fi
done
exit $((failures > 0))
