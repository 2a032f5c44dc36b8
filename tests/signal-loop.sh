#!/bin/bash
# What timeout(1), systemd, docker stop and a CI cancel do to a run: SIGTERM or SIGINT to the
# whole process group (the workers die or ignore it first), at 1, 3 and 6 s into a small run, 20
# times in all; then SIGKILL of one worker. Every time: the documented status (130/143, or 0/1
# for a dead worker), a CSV that `compare FILE FILE` accepts, the .meta with its end time, and
# the one-line summary. Prints TAP.
# usage: signal-loop.sh SPEEDMATRIX [ROUNDS]
set -u
bin=$1
rounds=${2:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "1..$((rounds + 3))"
failures=0

# Some 15 s of cells across the engines, each short so that a stop comes soon.
run_args=(run --matrix /dev/null --engines all --algorithms sha256,aes-128-gcm,hmac-sha256
  --sizes 16,256,1024,8192 --api evp,low --time 0.05 --samples 5 --time-cap 0.1 --passes 1
  --timeout 30 --quiet --no-table)

# check N NAME STATUS EXPECTED... : the status is one of EXPECTED, and the files hold.
check() {
  local n=$1 name=$2 status=$3
  local out=$work/$n.csv err=$work/$n.err
  shift 3
  local why="" want
  why="status $status, expected $*"
  for want in "$@"; do [ "$status" -eq "$want" ] && why=""; done
  if [ -z "$why" ] && ! grep -Eq "^speedmatrix: [0-9]+ of [0-9]+ cells written to $out " "$err"; then
    why="no summary line"
  fi
  if [ -z "$why" ] && [ "$status" -ge 128 ] && ! grep -q "^speedmatrix: interrupted" "$err"; then
    why="no interrupted line"
  fi
  if [ -z "$why" ] && [ "$status" -ge 128 ] && grep -q ",crashed," "$out"; then
    why="a cell cut short by the signal was written as crashed"
  fi
  if [ -z "$why" ] && ! grep -q "^finished=" "$out.meta" 2>/dev/null; then
    why="no .meta with its end time"
  fi
  if [ -z "$why" ] && ! "$bin" compare "$out" "$out" >"$work/$n.compare" 2>&1; then
    why="compare refuses the CSV: $(head -c 300 "$work/$n.compare")"
  fi
  if [ -z "$why" ]; then
    echo "ok $n $name: status $status, $(($(wc -l <"$out") - 1)) rows"
  else
    echo "not ok $n $name: $why"
    sed 's/^/# /' "$err" | tail -5
    failures=$((failures + 1))
  fi
}

# start N: the run in a process group of its own; sets pid (its leader).
start() {
  setsid "$bin" "${run_args[@]}" -o "$work/$1.csv" 2>"$work/$1.err" &
  pid=$!
}

delays=(1 3 6)
for ((i = 1; i <= rounds; i++)); do
  delay=${delays[$(((i - 1) % 3))]}
  case $(((i - 1) / 3 % 3)) in
  0)
    timeout --preserve-status -s TERM "$delay" "$bin" "${run_args[@]}" -o "$work/$i.csv" \
      2>"$work/$i.err"
    check "$i" "timeout -s TERM $delay" $? 143
    ;;
  1)
    start "$i"
    sleep "$delay"
    kill -TERM -- "-$pid"
    wait "$pid"
    check "$i" "kill -TERM -- -PGID at $delay s" $? 143
    ;;
  2)
    start "$i"
    sleep "$delay"
    kill -INT -- "-$pid"
    wait "$pid"
    check "$i" "kill -INT -- -PGID at $delay s" $? 130
    ;;
  esac
  rm -f "$work/$i".*
done

# One worker killed (idle or measuring) at 1, 2 and 3 s: the run goes on to the end, every cell
# gets its row, and the status says whether a cell failed.
for ((k = 1; k <= 3; k++)); do
  n=$((rounds + k))
  start "$n"
  sleep "$k"
  worker=$(pgrep -P "$pid" | head -1)
  [ -n "$worker" ] && kill -KILL "$worker"
  wait "$pid"
  status=$?
  check "$n" "SIGKILL of worker ${worker:-none} at $k s" $status 0 1
  if ! grep -Eq "^speedmatrix: ([0-9]+) of \1 cells written" "$work/$n.err"; then
    echo "# not every cell was written"
    failures=$((failures + 1))
  fi
done
[ "$failures" -eq 0 ]
