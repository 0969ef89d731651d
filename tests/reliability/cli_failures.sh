#!/usr/bin/env bash
# What the command does when its surroundings fail (docs/reliability.md): write errors on stdout
# for every command, a reader that goes away (broken pipe, with SIGPIPE default or ignored),
# endless or binary input, input from a pipe, and a 10^6-edge blue-red stalk in bounded memory.
# Every check names what it expected; the script fails if any check fails.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
: "${GRUNDY:?set GRUNDY to the grundy binary}"
cd "$root"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
pass=0

# check NAME WANT_STATUS WANT_STDERR -- status and exact stderr of the last run ($status, $tmp/err)
check() {
  local name=$1 want_status=$2 want_err=$3
  local got_err
  got_err=$(cat "$tmp/err")
  if [ "$status" != "$want_status" ] || [ "$got_err" != "$want_err" ]; then
    echo "FAIL $name: status $status (want $want_status), stderr '$got_err' (want '$want_err')"
    failed=$((failed + 1))
  else
    pass=$((pass + 1))
  fi
}

full_error="grundy: write error: No space left on device"
commands=(
  "nim 3 4 5" "nim 3 4 5 --json"
  "subtraction --set 1,3,4" "subtraction --set 1,3,4 --json" "subtraction --set 1,3,4 --at 99"
  "octal 0.77 --values 30" "octal 0.77 --values 30 --json" "octal 0.07 --at 1000"
  "dag examples/dag.txt --start a,b" "dag examples/dag.txt --json"
  "hackenbush examples/hackenbush/fusion.txt" "hackenbush --string llrl --json"
  "hackenbush --string el\;e" "--help" "nim --help" "--version"
)
# Small output: the error shows only when stdout is flushed at the end.
for c in "${commands[@]}"; do
  eval "set -- $c"
  timeout 60 "$GRUNDY" "$@" >/dev/full 2>"$tmp/err"
  status=$?
  check "small output of '$c' to /dev/full" 1 "$full_error"
done

# Large output: the error shows in the middle of printing.
big=("subtraction --set 1,2 --values 2000000" "subtraction --set 1,2 --values 2000000 --json"
  "octal 0.77 --values 200000" "nim --json --file $tmp/heaps.txt")
seq 1 200000 >"$tmp/heaps.txt"
for c in "${big[@]}"; do
  eval "set -- $c"
  timeout 60 "$GRUNDY" "$@" >/dev/full 2>"$tmp/err"
  status=$?
  check "large output of '$c' to /dev/full" 1 "$full_error"
  # A reader that leaves early: killed by SIGPIPE, quietly, as any Unix tool.
  timeout 60 "$GRUNDY" "$@" 2>"$tmp/err" | head -c 10 >/dev/null
  status=${PIPESTATUS[0]}
  check "'$c | head' (SIGPIPE default)" 141 ""
  # The same with SIGPIPE ignored by the parent: EPIPE is seen, and still nothing is said.
  (
    trap '' PIPE
    timeout 60 "$GRUNDY" "$@" 2>"$tmp/err" | head -c 10 >/dev/null
    exit "${PIPESTATUS[0]}"
  )
  status=$?
  check "'$c | head' (SIGPIPE ignored)" 141 ""
done

# Endless and binary input stops at once with a clear message.
for c in "nim --file /dev/zero" "dag /dev/zero" "hackenbush /dev/zero"; do
  eval "set -- $c"
  timeout 20 "$GRUNDY" "$@" >/dev/null 2>"$tmp/err"
  status=$?
  check "'$c'" 2 "grundy: /dev/zero line 1 column 1: a NUL byte (is this a binary file? input must be text)"
done
yes 7 | timeout 60 "$GRUNDY" nim --file - --max-input 1M >/dev/null 2>"$tmp/err"
status=${PIPESTATUS[1]}
check "endless text on a pipe" 2 \
  "grundy: standard input is larger than the input limit of 1 MiB; raise it with --max-input SIZE (e.g. 4G)"
yes ab | head -c 3000000 | tr '\n' ' ' | timeout 60 "$GRUNDY" dag - >/dev/null 2>"$tmp/err"
status=${PIPESTATUS[3]}
check "a line with no end" 2 \
  "grundy: standard input line 1 column 1: a line longer than 1 MiB (is this the right file?)"
printf '\xff b\n' | timeout 20 "$GRUNDY" dag - --json >/dev/null 2>"$tmp/err"
status=${PIPESTATUS[1]}
check "invalid UTF-8 on a pipe, --json" 2 \
  "grundy: standard input line 1 column 1: a byte that is not UTF-8 text (0xFF)"

# Reading from a pipe still works.
out=$(printf '3 4\n5\n' | "$GRUNDY" nim --file - --json 2>"$tmp/err")
status=$?
check "heaps from a pipe" 0 ""
case "$out" in *'"nim_sum": 2'*) ;; *) echo "FAIL heaps from a pipe: $out"; failed=$((failed + 1)) ;; esac

# A blue-red stalk of 10^6 edges: linear time and memory (it took O(n^2) memory: 1.25 GB for
# 10^5). Under a 400 MB address-space limit (not under sanitizers, which reserve far more).
awk 'BEGIN { for (i = 0; i < 1000000; i++) print i, i + 1, (i % 3 == 1 ? "r" : "b") }' \
  >"$tmp/stalk.txt"
if [ "${GRUNDY_SANITIZED:-0}" = 1 ]; then
  limit=unlimited
else
  limit=400000
fi
(ulimit -v "$limit" && timeout 120 "$GRUNDY" hackenbush "$tmp/stalk.txt" --json >"$tmp/out" \
  2>"$tmp/err")
status=$?
check "a stalk of 10^6 edges in bounded memory" 0 ""
grep -q '"kind": "blue-red"' "$tmp/out" || { echo "FAIL stalk: no blue-red answer"; failed=$((failed + 1)); }

# Memory that runs out: one line and status 2, never an abort (not under sanitizers, whose
# allocator reports instead). 10^8 values of squares need 400 MB; give the process 200 MB.
if [ "${GRUNDY_SANITIZED:-0}" != 1 ]; then
  (ulimit -v 200000 && "$GRUNDY" subtraction squares --values 100000000 >/dev/null 2>"$tmp/err")
  status=$?
  check "out of memory" 2 "grundy: out of memory; ask for a smaller computation"
fi

echo "cli failures: $pass passed, $failed failed"
[ "$failed" = 0 ]
