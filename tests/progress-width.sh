#!/bin/bash
# The progress line of run on a 40-column terminal (script(1) gives it one): every redraw fits
# in 39 columns, so none wraps and the redraws never pile up. Prints TAP.
# usage: progress-width.sh SPEEDMATRIX
set -u
bin=$1
echo "1..1"
if ! command -v script >/dev/null; then
  echo "ok 1 # SKIP no script(1) to give run a terminal"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
script -qec "stty cols 40; $bin run --matrix /dev/null --engines openssl,glib --algorithms sha256 \
--sizes 64 --api evp --time 0.01 --no-table -o $work/out.csv" /dev/null </dev/null >"$work/tty.txt"
# Each redraw is what follows "\r ESC [K", up to the next carriage return.
widest=$(sed 's/\r\x1b\[K/\n/g; s/\r//g' "$work/tty.txt" | grep -v '^speedmatrix: ' | awk '{ if (length > w) w = length } END { print w + 0 }')
redraws=$(grep -o $'\r\x1b\\[K\\[' "$work/tty.txt" | wc -l)
if [ "$redraws" -ge 2 ] && [ "$widest" -le 39 ]; then
  echo "ok 1 - $redraws redraws, the widest $widest columns"
else
  echo "not ok 1 - $redraws redraws, the widest $widest columns (wanted 2 or more, at most 39)"
  exit 1
fi
