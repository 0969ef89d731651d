#!/usr/bin/env bash
# Runs every libFuzzer target built in $FUZZ_BUILD (make fuzz) for $FUZZ_SECONDS seconds each,
# niced, from its checked-in seeds (fuzz/corpus/<target>/, read only) plus a working corpus in
# $FUZZ_BUILD/corpus/<target>/. Prints the executions each target reached; fails if any target
# crashes, leaks, times out or runs out of memory, leaving the input in $FUZZ_BUILD/crashes/.
# FUZZ_TARGETS="a b" restricts the run to those targets.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD:-build-fuzz}
seconds=${FUZZ_SECONDS:-60}
cd "$root"
mkdir -p "$build/crashes" "$build/logs"
targets=${FUZZ_TARGETS:-$(cd "$build" && ls fuzz_* 2>/dev/null | sed 's/^fuzz_//')}
[ -n "$targets" ] || { echo "fuzz: no targets in $build (run make fuzz)" >&2; exit 1; }
failed=0
summary=""
for t in $targets; do
  mkdir -p "$build/corpus/$t"
  seeds=()
  [ -d "fuzz/corpus/$t" ] && seeds=("fuzz/corpus/$t")
  log="$build/logs/$t.log"
  nice -n 10 "$build/fuzz_$t" "$build/corpus/$t" "${seeds[@]}" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$build/crashes/$t-" >"$log" 2>&1
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  line=$(printf '%-20s %12s executions  %s' "$t" "${runs:-?}" \
    "$([ $status = 0 ] && echo ok || echo "FAILED (status $status, see $log)")")
  echo "$line"
  summary+="$line"$'\n'
  [ $status = 0 ] || failed=$((failed + 1))
done
echo
echo "fuzz: ${seconds}s per target"
printf '%s' "$summary"
if [ $failed != 0 ]; then
  echo "fuzz: $failed target(s) failed; inputs in $build/crashes/ (add each to fuzz/corpus/<target>/)"
  exit 1
fi
