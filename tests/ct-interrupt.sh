#!/bin/bash
# ct at an interrupt: the memcheck workers killed and reaped before it exits, one line saying
# how many cells the CSV holds and how to continue, `ct --resume FILE` checking only the cells
# the file lacks (a last row cut short among them) to the same set of cells as a ct that was not
# interrupted, and the retry rule of run: -o onto the interrupted file refused, --resume of
# another ct's flags refused. Prints TAP.
# usage: ct-interrupt.sh SPEEDMATRIX
set -u
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
if ! command -v valgrind >/dev/null; then
  echo "1..0 # SKIP valgrind is not installed"
  exit 0
fi
mkdir engines tmp
cp "$SM_TEST_PLUGINS"/ct-leaky.so "$SM_TEST_PLUGINS"/ct-clean.so engines/
export SPEEDMATRIX_ENGINE_DIR=$work/engines
export TMPDIR=$work/tmp # the workers' command lines name it: how this test finds them
n=0
failures=0
result() { # NAME WHY
  n=$((n + 1))
  if [ -z "$2" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1: $2"
    failures=$((failures + 1))
  fi
}
# The processes (valgrind, the worker, a cell's child) whose command line names this test's TMPDIR.
left() {
  for f in /proc/[0-9]*/cmdline; do
    { tr '\0' ' ' <"$f"; } 2>/dev/null | grep -q -- "$work/tmp/speedmatrix-ct" && echo "${f%/cmdline}"
  done
}
# The cells of a ct CSV (engine ... seed, and the verdict), sorted.
cells() { tail -n +2 "$1" | cut -d, -f4-15 | sort; }

ct=(ct --matrix /dev/null --engines ct-leaky,ct-clean --algorithms aes-128-ctr
  --sizes 16,64,256,1024 --api evp --operations all --quiet)
"$bin" "${ct[@]}" -o whole.csv 2>/dev/null
whole_status=$?
if grep -q "cannot run under valgrind" whole.csv; then # a sanitizer build: no memcheck to stop
  echo "1..0 # SKIP $(grep -o "built with [^,]*" whole.csv | head -1)"
  exit 0
fi
rows=$(($(wc -l <whole.csv) - 1))
result "an uninterrupted ct writes its cells ($rows)" \
  "$([ "$rows" -ge 10 ] || echo "$rows rows, exit $whole_status")"

# Until FILE has two rows and memcheck is at work on the rest (or ct ended), PID alive.
wait_rows() { # FILE PID
  for _ in $(seq 3000); do
    [ "$({ wc -l <"$1"; } 2>/dev/null || echo 0)" -ge 3 ] && [ -n "$(left)" ] && break
    kill -0 "$2" 2>/dev/null || break
    sleep 0.01
  done
}
# A signal then. SIGINT as a terminal's ^C gives it: not ignored, as a background job's would be.
interrupt() { # SIGNAL FILE
  env --default-signal=INT "$bin" "${ct[@]}" -o "$2" 2>err.txt &
  pid=$!
  wait_rows "$2" $pid
  kill "-$1" $pid
  wait $pid
}
interrupt INT part.csv
status=$?
stray=$(left)
written=$(($(wc -l <part.csv) - 1))
why=""
if [ "$status" -ne 130 ]; then why="exit $status"
elif [ -n "$stray" ]; then why="still running after ct exited: $(cat $stray/cmdline 2>/dev/null | tr '\0' ' ' | head -c 200)"
elif [ -n "$(ls tmp)" ]; then why="its temporary directory is left: $(ls tmp)"
elif ! grep -qx "speedmatrix: interrupted: $written of $rows cells written to part.csv; continue with: speedmatrix ct --resume part.csv (and the same flags)" err.txt; then
  why="stderr: $(head -c 400 err.txt)"
elif [ "$written" -ge "$rows" ]; then why="the interrupt came after the last cell"
fi
result "SIGINT: exit 130, no memcheck left, the line names the rows and --resume" "$why"
# wait for strays of an old ct, so that they do not slow the next cases
for _ in $(seq 100); do [ -z "$(left)" ] && break; sleep 0.1; done

cp part.csv part.before
"$bin" "${ct[@]}" -o part.csv 2>err.txt
status=$?
result "a retry with -o onto the interrupted CSV is refused, as run's" \
  "$([ "$status" -eq 2 ] && cmp -s part.csv part.before || echo "exit $status: $(cat err.txt)")"
"$bin" "${ct[@]}" --seed 7 --resume part.csv 2>err.txt
status=$?
result "--resume with another seed is refused and changes nothing" \
  "$([ "$status" -eq 2 ] && cmp -s part.csv part.before && grep -q "another --seed" err.txt ||
    echo "exit $status: $(cat err.txt)")"

"$bin" "${ct[@]}" --resume part.csv 2>err.txt
status=$?
why=""
if [ "$status" -ne "$whole_status" ]; then why="exit $status, the whole ct's $whole_status: $(cat err.txt)"
elif [ "$(cells part.csv)" != "$(cells whole.csv)" ]; then
  why="cells differ: $(diff <(cells part.csv) <(cells whole.csv) | head -5)"
elif ! cmp -s <(head -c "$(wc -c <part.before)" part.csv) part.before; then why="earlier rows changed"
fi
result "--resume checks the rest: the cells and exit status of the whole ct" "$why"

"$bin" "${ct[@]}" --resume part.csv 2>err.txt
status=$?
result "--resume of a complete file adds nothing" \
  "$([ "$(cells part.csv)" = "$(cells whole.csv)" ] && [ "$status" -eq "$whole_status" ] ||
    echo "exit $status, $(wc -l <part.csv) lines")"

# A last row cut short (no line end) is checked again, not kept half.
head -n 5 whole.csv >cut.csv
head -c 40 <(sed -n 6p whole.csv) >>cut.csv
"$bin" "${ct[@]}" --resume cut.csv 2>err.txt
status=$?
result "--resume of a file whose last row is cut short" \
  "$([ "$(cells cut.csv)" = "$(cells whole.csv)" ] && [ "$status" -eq "$whole_status" ] &&
    grep -q "cut.csv: last line has no line end; checked again" err.txt ||
    echo "exit $status: $(cat err.txt); $(diff <(cells cut.csv) <(cells whole.csv) | head -3)")"

# A last row whole but for its line end, or cut between its CR and LF: checked again too, not
# counted as done and then cut off by the appender.
for cut in 2 1; do
  head -n 6 whole.csv | head -c -$cut >cut.csv
  "$bin" "${ct[@]}" --resume cut.csv 2>err.txt
  status=$?
  result "--resume of a file whose last row lacks the last $cut byte(s) of its line end" \
    "$([ "$(cells cut.csv)" = "$(cells whole.csv)" ] && [ "$status" -eq "$whole_status" ] &&
      grep -q "cut.csv: last line has no line end; checked again" err.txt ||
      echo "exit $status: $(cat err.txt); $(diff <(cells cut.csv) <(cells whole.csv) | head -3)")"
done

interrupt TERM term.csv
status=$?
stray=$(left)
result "SIGTERM: exit 143, no memcheck left" \
  "$([ "$status" -eq 143 ] && [ -z "$stray" ] || echo "exit $status, left: $stray")"
for _ in $(seq 100); do [ -z "$(left)" ] && break; sleep 0.1; done

# Standard output keeps nothing to resume: the line says so and offers no --resume of it.
env --default-signal=INT "$bin" "${ct[@]}" -o - >stdout.csv 2>err.txt &
pid=$!
wait_rows stdout.csv $pid
kill -INT $pid
wait $pid
status=$?
result "interrupted with -o -: no --resume offered" \
  "$([ "$status" -eq 130 ] && grep -q "^speedmatrix: interrupted: [0-9]* of $rows cells written to standard output, and nothing can resume it" err.txt && ! grep -q -- "--resume -" err.txt || echo "exit $status: $(cat err.txt)")"
echo "1..$n"
exit $((failures > 0))
