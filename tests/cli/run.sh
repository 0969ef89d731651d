#!/usr/bin/env bash
# Golden tests of the command line. Each case is tests/cli/cases/NAME.cmd: one line of arguments
# to `grundy` (shell words; run from the repository root). Beside it:
#   NAME.out   expected standard output (exact)
#   NAME.err   expected standard error (exact; optional)
#   NAME.code  expected exit status (optional, default 0)
# UPDATE=1 bash tests/cli/run.sh rewrites .out/.err/.code from the current binary.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${GRUNDY:?set GRUNDY to the grundy binary}"
cd "$root"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
err=$tmp/err
for cmd_file in "$here"/cases/*.cmd; do
  base="${cmd_file%.cmd}"
  name=${base##*/}
  IFS= read -r args <"$cmd_file"
  eval "set -- $args"
  timeout 120 "$GRUNDY" "$@" >"$out" 2>"$err" </dev/null
  code=$?
  if [ "${UPDATE:-0}" = 1 ]; then
    cp "$out" "$base.out"
    if [ -s "$err" ]; then cp "$err" "$base.err"; else rm -f "$base.err"; fi
    if [ "$code" != 0 ]; then echo "$code" >"$base.code"; else rm -f "$base.code"; fi
  fi
  want_code=0
  [ -f "$base.code" ] && want_code=$(cat "$base.code")
  ok=1
  if [ "$code" != "$want_code" ]; then
    echo "FAIL $name: exit status $code, expected $want_code"
    ok=0
  fi
  if ! cmp -s "$base.out" "$out"; then
    echo "FAIL $name: stdout differs"
    diff -u "$base.out" "$out" | head -n 40
    ok=0
  fi
  if [ -f "$base.err" ] && ! cmp -s "$base.err" "$err"; then
    echo "FAIL $name: stderr differs"
    diff -u "$base.err" "$err" | head -n 20
    ok=0
  fi
  if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "cli golden: $pass passed, $fail failed"
[ "$fail" = 0 ]
