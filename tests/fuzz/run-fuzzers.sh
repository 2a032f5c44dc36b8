#!/bin/sh
# Runs every fuzz target for a bounded time from a copy of its seed corpus, as many at once as
# there are processors (each libFuzzer process uses one), and prints TAP in target order: a
# target passes when libFuzzer finds no crash, leak, timeout or sanitizer report.
# usage: run-fuzzers.sh BUILD_DIR CORPUS_DIR SECONDS
set -u
build=$1 corpus=$2 seconds=$3
targets="config csv import"
jobs=$(nproc 2>/dev/null || echo 1)
echo "1..3"

# fuzz_one N TARGET: runs it and writes its TAP lines to BUILD_DIR/fuzz-TARGET.tap.
fuzz_one() {
  n=$1 t=$2
  work=$(mktemp -d)
  cp -r "$corpus/$t/." "$work/" 2>/dev/null
  log="$build/fuzz-$t.log"
  # -timeout: one input taking over 10 s is a hang; artefacts (crash inputs) go to the build dir
  "$build/fuzz-$t" "$work" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$build/fuzz-$t-" >"$log" 2>&1
  status=$?
  stats=$(grep -E "stat::number_of_executed_units|stat::new_units_added" "$log" | tr -s ' ' | tr '\n' ' ')
  cov=$(grep -E "^#[0-9]+.*(DONE|pulse)" "$log" | tail -1 | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
  if [ $status -eq 0 ]; then
    echo "ok $n fuzz-$t (${seconds}s, edges ${cov:-?}, $stats)"
  else
    echo "not ok $n fuzz-$t (exit $status; see $log)"
    grep -E "ERROR|SUMMARY|==[0-9]+==" "$log" | head -20 | sed 's/^/# /'
  fi >"$build/fuzz-$t.tap"
  rm -rf "$work"
}

n=0
running=0
for t in $targets; do
  n=$((n + 1))
  rm -f "$build/fuzz-$t.tap"
  fuzz_one "$n" "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait
    running=0
  fi
done
wait
n=0
for t in $targets; do
  n=$((n + 1))
  if [ -s "$build/fuzz-$t.tap" ]; then
    cat "$build/fuzz-$t.tap"
  else
    echo "not ok $n fuzz-$t (no result: the target did not finish)"
  fi
done
