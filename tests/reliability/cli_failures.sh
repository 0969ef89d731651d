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

# A file name is the one text that reaches JSON unchecked: bytes that are not UTF-8 are replaced
# (U+FFFD) by the JSON writer, never thrown out of it (issue 10, item 1).
"$GRUNDY" octal 0.77 --values 10 --out "$tmp/"$'\xff'".bin" --json >"$tmp/out" 2>"$tmp/err"
status=$?
check "a file name that is not UTF-8, in JSON" 0 ""
iconv -f UTF-8 -t UTF-8 "$tmp/out" >/dev/null 2>&1 ||
  { echo "FAIL a file name that is not UTF-8, in JSON: the output is not UTF-8"; failed=$((failed + 1)); }

# Reading from a pipe still works.
out=$(printf '3 4\n5\n' | "$GRUNDY" nim --file - --json 2>"$tmp/err")
status=$?
check "heaps from a pipe" 0 ""
case "$out" in *'"nim_sum": 2'*) ;; *) echo "FAIL heaps from a pipe: $out"; failed=$((failed + 1)) ;; esac

# A blue-red stalk of 10^6 edges: linear time and memory (it took O(n^2) memory: 1.25 GB for
# 10^5). Under a 400 MB address-space limit; not under sanitizers, which reserve far more, and
# there 10^5 edges (the same code; 10^6 took 8 s of the sanitizer suite).
edges=1000000
limit=400000
if [ "${GRUNDY_SANITIZED:-0}" = 1 ]; then
  edges=100000
  limit=unlimited
fi
awk -v n=$edges 'BEGIN { for (i = 0; i < n; i++) print i, i + 1, (i % 3 == 1 ? "r" : "b") }' \
  >"$tmp/stalk.txt"
(ulimit -v "$limit" && timeout 120 "$GRUNDY" hackenbush "$tmp/stalk.txt" --json >"$tmp/out" \
  2>"$tmp/err")
status=$?
check "a stalk of $edges edges in bounded memory" 0 ""
grep -q '"kind": "blue-red"' "$tmp/out" || { echo "FAIL stalk: no blue-red answer"; failed=$((failed + 1)); }

# Memory that runs out: one line and status 2, never an abort (not under sanitizers, whose
# allocator reports instead). 10^8 values of squares need 400 MB; give the process 200 MB.
if [ "${GRUNDY_SANITIZED:-0}" != 1 ]; then
  (ulimit -v 200000 && "$GRUNDY" subtraction squares --values 100000000 >/dev/null 2>"$tmp/err")
  status=$?
  check "out of memory" 2 "grundy: out of memory; ask for a smaller computation"
fi

# Every option that takes a value refuses an empty one, in every command (issue 10, item 4).
empty_values=(
  "nim 3 --file" "nim 3 --max-input"
  "subtraction 1,3,4 --set" "subtraction 1,3,4 --values" "subtraction 1,3,4 --at"
  "octal 0.77 --values" "octal 0.77 --at" "octal 0.77 --limit" "octal 0.77 --out"
  "dag examples/dag.txt --start" "dag examples/dag.txt --max-input"
  "hackenbush --string" "hackenbush --string ll --svg" "hackenbush --string ll --max-input"
  "bench --filter"
)
for c in "${empty_values[@]}"; do
  eval "set -- $c"
  option=${!#}
  timeout 20 "$GRUNDY" "$@" '' >/dev/null 2>"$tmp/err"
  status=$?
  check "'$c' with an empty value" 2 "grundy: $option: the value is empty"
done

# --svg (core/output_file.h): /dev/stdout writes to the descriptor where it is (a pipe or a
# redirected file, which is appended to, never replaced), a FIFO is written straight, a symlink
# is followed and kept, a full device is a write error (status 1) naming the file.
"$GRUNDY" hackenbush --string ll --svg /dev/stdout 2>"$tmp/err" | grep -c '^<svg' >"$tmp/count"
status=${PIPESTATUS[0]}
check "--svg /dev/stdout into a pipe" 0 ""
[ "$(cat "$tmp/count")" = 1 ] || { echo "FAIL --svg /dev/stdout into a pipe: no picture"; failed=$((failed + 1)); }
"$GRUNDY" hackenbush --string ll --svg /dev/stdout >"$tmp/stdout.txt" 2>"$tmp/err"
status=$?
check "--svg /dev/stdout into a file" 0 ""
{ head -n 1 "$tmp/stdout.txt" | grep -q '^<svg' &&
  grep -q '^Picture written to /dev/stdout.$' "$tmp/stdout.txt"; } ||
  { echo "FAIL --svg /dev/stdout into a file: the picture and the text are not both there"; failed=$((failed + 1)); }
mkfifo "$tmp/fifo"
timeout 20 cat "$tmp/fifo" >"$tmp/from_fifo" &
reader=$!
timeout 20 "$GRUNDY" hackenbush --string ll --svg "$tmp/fifo" >/dev/null 2>"$tmp/err"
status=$?
wait "$reader"
check "--svg to a FIFO" 0 ""
{ [ -p "$tmp/fifo" ] && grep -q '^<svg' "$tmp/from_fifo"; } ||
  { echo "FAIL --svg to a FIFO: not written through, or the FIFO was replaced"; failed=$((failed + 1)); }
echo old >"$tmp/real.svg"
ln -s real.svg "$tmp/link.svg"
"$GRUNDY" hackenbush --string ll --svg "$tmp/link.svg" >/dev/null 2>"$tmp/err"
status=$?
check "--svg to a symlink" 0 ""
{ [ -L "$tmp/link.svg" ] && grep -q '^<svg' "$tmp/real.svg"; } ||
  { echo "FAIL --svg to a symlink: the link was not kept or its file not replaced"; failed=$((failed + 1)); }
"$GRUNDY" hackenbush --string ll --svg /dev/full >/dev/null 2>"$tmp/err"
status=$?
check "--svg /dev/full" 1 "grundy: cannot write '/dev/full': No space left on device"
[ -c /dev/full ] || { echo "FAIL --svg /dev/full: /dev/full is no longer a device"; failed=$((failed + 1)); }

# Large outputs are streamed (issue 10, item 10): 10^7 values as JSON in a 200 MB address space
# (a document built in memory would need about 400 MB). Not under sanitizers.
if [ "${GRUNDY_SANITIZED:-0}" != 1 ]; then
  (
    ulimit -v 200000
    "$GRUNDY" subtraction 1,2 --values 10000000 --json 2>"$tmp/err" | tail -c 200 >"$tmp/tail"
    exit "${PIPESTATUS[0]}"
  )
  status=$?
  check "10^7 values as JSON in bounded memory" 0 ""
  grep -q '}' "$tmp/tail" || { echo "FAIL streamed JSON: the document does not end"; failed=$((failed + 1)); }
fi

# Zero values to --out: the message says so instead of "wrote G(0..0)".
"$GRUNDY" octal 0.77 --values 0 --out "$tmp/zero.bin" >"$tmp/out" 2>"$tmp/err"
status=$?
check "octal --values 0 --out" 0 ""
grep -q "wrote no values to" "$tmp/out" || { echo "FAIL zero values: $(cat "$tmp/out")"; failed=$((failed + 1)); }

echo "cli failures: $pass passed, $failed failed"
[ "$failed" = 0 ]
