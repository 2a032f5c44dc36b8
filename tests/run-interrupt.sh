#!/bin/bash
# The edges of a run's files: a signal at any moment after the start,
# even before or right after the files are created, ends with valid files (the CSV, its .meta
# marked interrupted, the summary line) or none at all; at an interrupt the CSV holds every
# finished cell (with --passes 1: every journaled pass is a row); a run that fails before
# measuring anything leaves no file. Prints TAP.
# usage: run-interrupt.sh SPEEDMATRIX
set -u
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
n=0
failures=0
result() { # NAME WHY
  n=$((n + 1))
  if [ -z "$2" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1: $2"
    failures=$((failures + 1))
  fi
}

small=(run --matrix /dev/null --engines all --algorithms sha256 --sizes 64 --api evp
  --time 0.05 --samples 5 --passes 1 --quiet --no-table)
for delay in 0.01 0.02 0.03 0.04 0.06 0.08 0.1 0.15 0.2 0.3; do
  out=early-$delay.csv
  timeout --preserve-status -s TERM "$delay" "$bin" "${small[@]}" -o "$out" 2>err.txt
  status=$?
  why=""
  if [ -e "$out" ] || [ -e "$out.journal" ] || [ -e "$out.meta" ]; then
    if [ "$status" -ne 143 ] && [ "$status" -ne 0 ]; then why="exit $status"
    elif ! grep -q "^speedmatrix: [0-9]* of [0-9]* cells written to $out " err.txt; then
      why="no summary line: $(head -c 300 err.txt)"
    elif ! grep -q "^finished=" "$out.meta" 2>/dev/null; then why="no .meta with its end"
    elif [ "$status" -eq 143 ] && ! grep -q "^interrupted=SIGTERM" "$out.meta"; then
      why=".meta does not say it was interrupted"
    elif ! "$bin" compare "$out" "$out" >/dev/null 2>&1 && [ "$(wc -l <"$out")" -gt 1 ]; then
      why="the CSV is not valid"
    fi
  elif [ "$status" -ne 143 ]; then why="no files, exit $status"
  fi
  result "SIGTERM at $delay s: valid files or none" "$why"
done

# SIGTERM the moment the CSV appears: the handlers are in place before any file is created.
for round in 1 2 3 4 5; do
  out=created-$round.csv
  "$bin" "${small[@]}" -o "$out" 2>err.txt &
  pid=$!
  while [ ! -e "$out" ] && kill -0 $pid 2>/dev/null; do :; done
  kill -TERM $pid 2>/dev/null
  wait $pid
  status=$?
  why=""
  if [ "$status" -ne 143 ]; then why="exit $status"
  elif ! grep -q "^speedmatrix: [0-9]* of [0-9]* cells written to $out " err.txt; then
    why="no summary line: $(head -c 300 err.txt)"
  elif ! grep -q "^interrupted=SIGTERM" "$out.meta" 2>/dev/null; then
    why="no .meta saying it was interrupted"
  fi
  result "SIGTERM as the CSV is created ($round)" "$why"
done

# --passes 1, SIGINT at 2.5 s: every finished pass (journaled) is a row of the CSV.
"$bin" run --matrix /dev/null --engines all --algorithms sha256,aes-128-gcm,hmac-sha256 \
  --sizes 16,256,1024,8192 --api evp,low --time 0.05 --samples 5 --time-cap 0.1 --passes 1 \
  --quiet --no-table -o mid.csv 2>err.txt &
pid=$!
# at 2.5 s, or under a slow build (the sanitizers) once the first pass is in
sleep 2.5
for _ in $(seq 300); do
  grep -q "^pass	" mid.csv.journal 2>/dev/null && break
  sleep 0.1
done
kill -INT $pid
wait $pid
status=$?
passes=$(grep -c "^pass	" mid.csv.journal)
rows=$(tail -n +2 mid.csv | grep -vc ",unsupported,")
why=""
if [ "$status" -ne 130 ]; then why="exit $status"
elif [ "$passes" -eq 0 ]; then why="nothing measured in 2.5 s"
elif [ "$passes" -ne "$rows" ]; then why="$passes passes journaled, $rows measured rows in the CSV"
fi
result "SIGINT at 2.5 s: the CSV holds every finished cell ($passes)" "$why"

# A run that fails before measuring anything (an earlier run's journal is in the way) leaves
# nothing, and its retry (once the journal is gone) runs.
echo "stale" >failed.csv.journal
"$bin" "${small[@]}" --engines glib -o failed.csv 2>err.txt
status=$?
why=""
if [ "$status" -ne 2 ]; then why="exit $status"
elif [ -e failed.csv ] || [ -e failed.csv.meta ]; then why="left: $(ls failed.csv*)"
elif [ "$(cat failed.csv.journal)" != stale ]; then why="the earlier journal was touched"
fi
result "a run that fails before measuring leaves no file" "$why"
rm failed.csv.journal
"$bin" "${small[@]}" --engines glib -o failed.csv 2>err.txt
status=$?
result "its retry runs" "$([ "$status" -eq 0 ] || echo "exit $status: $(cat err.txt)")"
# --resume with its .meta and .journal gone: the CSV's own rows are checked against the matrix.
tiny=(run --matrix /dev/null --engines glib --algorithms sha256 --api evp --time 0.02 --samples 5
  --passes 1 --quiet --no-table)
"$bin" "${tiny[@]}" --sizes 64 -o bare.csv 2>/dev/null
rm -f bare.csv.meta bare.csv.journal
cp bare.csv bare.before
"$bin" "${tiny[@]}" --sizes 1024 --resume bare.csv 2>err.txt
status=$?
want="speedmatrix: bare.csv: holds glib sha256 hash evp 64 B, a cell this matrix does not have: \
resume with the first run's matrix and flags"
why=""
if [ "$status" -ne 2 ]; then why="exit $status"
elif [ "$(cat err.txt)" != "$want" ]; then why="stderr: $(cat err.txt)"
elif ! cmp -s bare.csv bare.before; then why="the CSV changed"
fi
result "--resume without .meta and .journal refuses another matrix's CSV" "$why"

# A message names a setting as it was typed: time_cap=0.3, not 0.29999999999999999.
"$bin" "${tiny[@]}" --sizes 64 --time-cap 0.3 -o cap.csv 2>/dev/null
"$bin" "${tiny[@]}" --sizes 64 --time-cap 0.4 --resume cap.csv 2>err.txt
want="speedmatrix: cap.csv.meta: measured with other settings (time_cap=0.3 there, time_cap=0.4 \
here): resume with the first run's matrix and flags"
result "settings in a message read as typed" \
  "$([ "$(cat err.txt)" = "$want" ] || echo "stderr: $(cat err.txt)")"
# Interrupted with -o -: standard output keeps no journal, so the message offers no --resume of it.
"$bin" "${small[@]}" -o - >stdout.csv 2>err.txt &
pid=$!
while [ ! -s stdout.csv ] && kill -0 $pid 2>/dev/null; do sleep 0.01; done
kill -INT $pid 2>/dev/null
wait $pid
status=$?
why=""
if [ "$status" -ne 130 ]; then why="exit $status"
elif grep -q -- "-.journal\|--resume -" err.txt; then why="stderr: $(cat err.txt)"
elif ! grep -q "^speedmatrix: interrupted; standard output has every finished cell, and nothing can resume it" err.txt; then
  why="stderr: $(cat err.txt)"
elif [ -e -.journal ]; then why="a file named -.journal"
fi
result "interrupted with -o -: no journal named, no --resume offered" "$why"
echo "1..$n"
exit $((failures > 0))
