#!/usr/bin/env bash
# The machine proof of Orlin's variant (docs/uttt.md): the committed proof replays as a win for
# X from the empty board in the independent checker, and (not under sanitizers, where the
# search would take minutes) `grundy uttt solve --opening centre` finds it again, byte for byte.
set -u
: "${GRUNDY:?set GRUNDY to the grundy binary}"
: "${CHECKER:?set CHECKER to the uttt_proof_check binary}"
root=$(cd "$(dirname "$0")/../.." && pwd)
proof="$root/examples/uttt/orlin-centre.proof"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0

head -3 "$proof" | grep -qx "start -" || { echo "FAIL: the proof does not start from the empty board"; fail=1; }
out=$("$CHECKER" "$proof") || { echo "FAIL: checker rejected the committed proof: $out"; fail=1; }
case "$out" in "valid: X wins (orlin rules);"*) echo "ok committed proof: $out" ;; *) echo "FAIL: $out"; fail=1 ;; esac

if [ -z "${GRUNDY_SANITIZED:-}" ]; then
  "$GRUNDY" uttt solve --rules orlin --opening centre --memory 512 --proof "$dir/p" --json >"$dir/out" ||
    { echo "FAIL: solve exited $?"; fail=1; }
  grep -q '"result": "win"' "$dir/out" || { echo "FAIL: solve did not prove the win"; cat "$dir/out"; fail=1; }
  cmp -s "$dir/p" "$proof" && echo "ok the search finds the same proof" ||
    { echo "FAIL: the search's proof differs from examples/uttt/orlin-centre.proof"; fail=1; }
fi
exit $fail
