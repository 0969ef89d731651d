#!/usr/bin/env bash
# The search overhead of distributed solving (docs/benchmarks.md, "Distributed solving", and the
# model in docs/distributed.md): the same two solves as scripts/bench-distributed.sh, one process
# and then NP ranks oversubscribed on this machine (NP from RANKS, default 1 2 4 8 16). For each:
# the answer, total nodes over all ranks against the single process, jobs sent / decided /
# expanded at the master / withdrawn, bytes sent and received by the master per node, and the
# workers' share of idle time. Wall time is printed but means little when NP exceeds the cores:
# the figures to read are nodes, jobs and bytes. A benchmark, never a test.
#   GRUNDY=build/grundy bash scripts/bench-distributed-scaling.sh
# TABLE_MB (default 256) is each rank's table, the same for every run (16 ranks of 1 GiB would
# not fit in this machine's memory); JOB_NODES, when set, is passed as --job-nodes;
# RANKS_PER_NODE=k takes this machine's ranks as nodes of k ranks each (GRUNDY_RANKS_PER_NODE:
# each such node shares one table, the nodes pass each other the heavy entries); GAMES (default
# "dots uttt") the solves to run.
set -eu
: "${GRUNDY:=build/grundy}"
: "${RANKS:=1 2 4 8 16}"
: "${TABLE_MB:=256}"
: "${GAMES:=dots uttt}"
MPIRUN=${MPIRUN:-mpirun}
mpi=("$MPIRUN" --oversubscribe --allow-run-as-root)
export OMPI_MCA_btl_vader_single_copy_mechanism=none
for np in $RANKS; do
  [[ $np =~ ^[1-9][0-9]?$ ]] || { echo "RANKS: '$np' is not a whole number from 1 to 99" >&2; exit 2; }
done
[[ $TABLE_MB =~ ^[1-9][0-9]{0,5}$ ]] || { echo "TABLE_MB: '$TABLE_MB' is not a whole number of MiB" >&2; exit 2; }
job=()
if [ -n "${JOB_NODES:-}" ]; then
  [[ $JOB_NODES =~ ^[1-9][0-9]{0,9}$ ]] || { echo "JOB_NODES: '$JOB_NODES' is not a whole number" >&2; exit 2; }
  job=(--job-nodes "$JOB_NODES")
fi
if [ -n "${RANKS_PER_NODE:-}" ]; then
  [[ $RANKS_PER_NODE =~ ^[1-9][0-9]?$ ]] || { echo "RANKS_PER_NODE: '$RANKS_PER_NODE' is not a whole number from 1 to 99" >&2; exit 2; }
  mpi+=(-x "GRUNDY_RANKS_PER_NODE=$RANKS_PER_NODE")
fi
for name in $GAMES; do
  [[ $name == dots || $name == uttt ]] || { echo "GAMES: '$name' is not dots or uttt" >&2; exit 2; }
done
# The workloads of scripts/bench-distributed.sh.
dots=(dots solve 4x4 --moves 'd1e1 b2c2 d4d5 d1d2 c3d3 d5e5 a5b5 b4c4' --table-mb "$TABLE_MB" --json)
win52="e5 d4 c1 h3 e7 e1 f2 g5 c5 h4 d2 b4 e3 f9 g7 a1 c2 i4 h1 f1 g3 c8 i5 g6 a8 b6 f8 i6 i8 h6 e9 d8 a5 b5 d5 a4"
uttt=(uttt solve --rules orlin --moves "$(echo $win52 | cut -d' ' -f1-36) a2" --memory "$TABLE_MB" --json)
out=$(mktemp)
trap 'rm -f "$out"' EXIT

summary() {  # summary NAME NP WALL BASE-NODES: one line from the JSON in $out
  python3 - "$out" "$@" <<'EOF'
import json, sys
path, name, np, wall, base = sys.argv[1:6]
j = json.load(open(path))
answer = j.get("value", j.get("result"))
d = j.get("distributed")
if d is None:
    print(f"{name} one process: answer {answer}, nodes {j['nodes']}, wall {float(wall):.2f} s")
    sys.exit()
w = d["workers"]
nodes = sum(x["nodes"] for x in w)
busy = sum(x["busy_seconds"] for x in w)
idle = sum(x["idle_seconds"] for x in w)
jobs = d["jobs"]
traffic = d["bytes_sent"] + d["bytes_received"]
print(f"{name} {np} ranks: answer {answer}, nodes {nodes} ({nodes / int(base):.3f}x one process), "
      f"jobs sent {jobs['sent']} decided {jobs['decided']} expanded {jobs['expanded']} "
      f"withdrawn {jobs['withdrawn']} resent {jobs['resent']}, master traffic {traffic} bytes "
      f"({traffic / max(nodes, 1):.2f} per node), workers idle {idle / max(busy + idle, 1e-9):.0%}, "
      f"wall {float(wall):.2f} s ({d['cluster']})")
EOF
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for name in $GAMES; do
  declare -n cmd=$name
  extra=()
  [ "$name" = dots ] && extra=(--threads 1)
  t0=$(date +%s.%N)
  "$GRUNDY" "${cmd[@]}" "${extra[@]}" >"$out"
  t1=$(date +%s.%N)
  base=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['nodes'])" "$out")
  summary "$name" 0 "$(awk -v a="$t1" -v b="$t0" 'BEGIN { print a - b }')" "$base"
  for np in $RANKS; do
    t0=$(date +%s.%N)
    "${mpi[@]}" -np "$np" "$GRUNDY" "${cmd[@]}" --distributed "${job[@]}" >"$out"
    t1=$(date +%s.%N)
    summary "$name" "$np" "$(awk -v a="$t1" -v b="$t0" 'BEGIN { print a - b }')" "$base"
  done
  unset -n cmd
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
