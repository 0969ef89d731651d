#!/usr/bin/env bash
# `grundy bench` must end with the signature recorded in tests/bench_signature.txt: the workloads
# compute the same results on every run and machine. A change that alters what a workload
# computes updates that file in the same commit (and says why). Skipped under sanitizers, where
# the fixed workloads would take too long.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
: "${GRUNDY:?set GRUNDY to the grundy binary}"
if [ -n "${GRUNDY_SANITIZED:-}" ]; then
  echo "bench signature: skipped under sanitizers"
  exit 0
fi
out=$("$GRUNDY" bench) || { echo "grundy bench failed"; exit 1; }
echo "$out"
got=$(printf '%s\n' "$out" | tail -n 1)
want=$(cat "$root/tests/bench_signature.txt")
if [ "$got" != "$want" ]; then
  echo "FAIL: last line '$got', expected '$want' (tests/bench_signature.txt)"
  exit 1
fi
echo "bench signature: 1 passed, 0 failed"
