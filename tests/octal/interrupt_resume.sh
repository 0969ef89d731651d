#!/usr/bin/env bash
# A long `grundy octal --out` run is stopped by SIGINT (and, for the text table, SIGTERM) in
# the middle, resumed with --resume, and must end with exactly the bytes of an uninterrupted run.
set -u
: "${GRUNDY:?set GRUNDY to the grundy binary}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
count=2000000
# (Under the sanitizers 150,000 values took 0.9 s, less than the first progress line's second.)
[ -n "${GRUNDY_SANITIZED:-}" ] && count=600000
fail=0

check() {  # name signal file
  local name=$1 sig=$2 out=$3 code attempt
  # A run that finishes before the signal arrives (a fast or idle machine) is tried again with
  # four times as many values, so the test does not depend on the machine's speed.
  for attempt in 1 2 3; do
    rm -f "$dir/$out" "$dir/$out.ckpt" "$dir/$name.err"  # an earlier attempt's line would pass for this one's
    "$GRUNDY" octal grundy --values "$count" --out "$dir/$out" --progress 2>"$dir/$name.err" >/dev/null &
    local pid=$!
    # Signal it once its first progress line shows it computing with its handlers in place (a
    # fixed sleep raced with a slow start under the sanitizers on a loaded host: the default
    # action killed it before it could save anything). Bounded: 60 s, or the run ending first.
    for _ in $(seq 600); do
      [ -s "$dir/$name.err" ] || ! kill -0 "$pid" 2>/dev/null && break
      sleep 0.1
    done
    kill "-$sig" "$pid" 2>/dev/null
    wait "$pid"
    code=$?
    # Finished before the signal, or the signal came in the moment after the end (the table
    # published, the handler gone, the default action's 130): too fast either way.
    [ "$code" != 0 ] && ! { [ -f "$dir/$out" ] && [ ! -f "$dir/$out.ckpt" ]; } && break
    count=$((count * 4))
  done
  if [ "$code" != 130 ]; then
    echo "FAIL $name: interrupted run exited $code; its stderr:"; tail -c 400 "$dir/$name.err"
    fail=1; return
  fi
  "$GRUNDY" octal grundy --values "$count" --out "$dir/ref.$out" >/dev/null || { echo "FAIL $name: reference run"; fail=1; return; }
  [ -f "$dir/$out.ckpt" ] || { echo "FAIL $name: no checkpoint; its stderr:"; tail -c 400 "$dir/$name.err"; fail=1; return; }
  [ -f "$dir/$out" ] && { echo "FAIL $name: table published before the end"; fail=1; return; }
  grep -q "resume" "$dir/$name.err" || { echo "FAIL $name: no resume hint on stderr"; fail=1; }
  "$GRUNDY" octal grundy --values "$count" --out "$dir/$out" --resume >"$dir/$name.out" || { echo "FAIL $name: resume"; fail=1; return; }
  grep -q "resumed at n = " "$dir/$name.out" || { echo "FAIL $name: did not resume"; fail=1; }
  cmp "$dir/ref.$out" "$dir/$out" || { echo "FAIL $name: tables differ"; fail=1; return; }
  [ -f "$dir/$out.ckpt" ] && { echo "FAIL $name: checkpoint left behind"; fail=1; }
  echo "ok $name"
}

check binary_sigint INT table.bin
check text_sigterm TERM table.txt
exit $fail
