#!/usr/bin/env bash
# Misère quotient figures for docs/benchmarks.md: Kayles to its proof of stability (5 runs), the
# largest heap each game reaches in 10 s and 60 s with its order and memory, Dawson's Kayles'
# order heap by heap, and the ratio against the brute force (grundy bench's workload).
#   GRUNDY=build/grundy bash scripts/misere_bench.sh [--quick]
set -u
: "${GRUNDY:=build/grundy}"
quick=0
[ "${1:-}" = --quick ] && quick=1
echo "# $(date -u +%Y-%m-%dT%H:%MZ), $(lscpu | sed -n 's/^Model name: *//p'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "## Kayles to its proof (grundy misere 0.77 --quotient), 5 runs, wall seconds"
for i in 1 2 3 4 5; do
  /usr/bin/time -f "%e %M" "$GRUNDY" misere 0.77 --quotient --json 2>&1 >/dev/null | tail -1
done
reach() {  # code seconds
  /usr/bin/time -f "%e s, %M KB" -o /tmp/misere_bench_time "$GRUNDY" misere "$1" --quotient \
    --max-heap 100000 --seconds "$2" --max-order 65536 --json >/tmp/misere_bench.json 2>/dev/null
  python3 - "$1" "$2" <<'PY'
import json, sys
j = json.load(open("/tmp/misere_bench.json"))
t = open("/tmp/misere_bench_time").read().strip()
st = j["stabilised"]
print(f"| {sys.argv[1]} | {sys.argv[2]} s | {j['computed_to']} | {j['order']} | "
      f"{'proven: period %d from %d' % (st['period'], st['from']) if st else j['status']} | {t} | "
      f"{(j['stopped'] or '')[:60]} |")
PY
}
echo "## Largest heap in 10 s and 60 s (--max-heap 100000 --max-order 65536)"
echo "| code | time | last heap | order | status | wall, max RSS | stopped by |"
echo "|---|---|---|---|---|---|---|"
for code in 0.77 0.75 0.123 0.31 0.07 0.137 4.07 grundy; do
  reach "$code" 10
  [ $quick = 0 ] && reach "$code" 60
done
echo "## Dawson's Kayles: order of the quotient of heaps 0..N"
for n in 10 14 20 24 25 26 27 28 29 30 31 32 33; do
  printf "%s " "$n"
  "$GRUNDY" misere 0.07 --quotient --max-heap "$n" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["order"])'
done
echo "## Against the brute force (grundy bench, misere workload)"
"$GRUNDY" bench 2>/dev/null | grep -A1 "^misere"
