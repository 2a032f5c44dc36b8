#!/bin/sh
# A small matrix across every built engine under valgrind's leak checker, following the worker
# processes; fails on any definite or indirect leak, or any memory error, that the suppressions
# (tests/valgrind.supp: the libraries' own one-time allocations) do not name. Prints TAP.
# usage: valgrind-run.sh SPEEDMATRIX SUPPRESSIONS
set -u
bin=$1 supp=$2
echo "1..1"
if ! command -v valgrind >/dev/null; then
  echo "not ok 1 valgrind is not installed"
  exit 1
fi
work=$(mktemp -d)
log="$work/valgrind.%p.log"
valgrind --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \
  --error-exitcode=99 --trace-children=yes --suppressions="$supp" --log-file="$log" \
  "$bin" run --matrix /dev/null --engines all \
  --algorithms aes-128-gcm,sha256,hmac-sha256,chacha20-poly1305,ed25519,x25519 \
  --sizes 64 --api evp,low --operations all --time 0.005 --samples 5 --time-cap 0.01 \
  --timeout 300 -o "$work/run.csv" --quiet --no-table >"$work/out" 2>&1
status=$?
errors=$(cat "$work"/valgrind.*.log | grep -E "ERROR SUMMARY: [1-9]" | head -5)
if [ $status -eq 0 ] && [ -z "$errors" ]; then
  rows=$(($(wc -l <"$work/run.csv") - 1))
  echo "ok 1 valgrind: $rows cells across all engines, no leak or memory error of our own"
else
  echo "not ok 1 valgrind (speedmatrix exit $status)"
  grep -h -B2 -A25 -E "definitely lost|indirectly lost|Invalid|uninitialised" "$work"/valgrind.*.log | head -80 | sed 's/^/# /'
  sed 's/^/# /' "$work/out" | tail -5
fi
rm -rf "$work"
[ $status -eq 0 ] && [ -z "$errors" ]
