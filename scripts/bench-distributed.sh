#!/usr/bin/env bash
# 2 MPI ranks against one process (docs/benchmarks.md, "Distributed solving"): wall time of
# the same solve, back to back, alternating, REPEAT times each: the single-process solver on one
# thread, `mpirun -np 1 ... --distributed` and `mpirun -np 2 ... --distributed`. Prints each
# run's wall and CPU seconds and the wall medians, with the load average (the machine may be
# shared: on a saturated machine the CPU the runs get, not the code, sets the wall ratio).
#   GRUNDY=build/grundy REPEAT=3 bash scripts/bench-distributed.sh
# THREADS=1 adds, for Dots, one process of two threads (--threads 2) and one rank of two threads
# (`mpirun -np 1 --bind-to none ... --distributed --threads 2`, its table twice one rank's).
# For Dots, `mpirun -np 2` runs the two ranks as a team (they search each job together: team.h);
# "2 ranks, jobs each" is the same with GRUNDY_NO_TEAMS=1 (each rank takes jobs of its own).
# GAMES (default "dots uttt") picks the solves; DOTS_MOVES and DOTS_TABLE_MB another 4x4 mid-game
# (docs/benchmarks.md also records d1e1 b2c2 d4d5 d1d2 c3d3 d5e5, ~5·10^7 nodes, with 256 MiB).
# SPLIT_TABLE=1 gives the ranks half the table each (the node's shared table then as big as one
# process's: the same memory). SIDE_BY_SIDE=1 adds, for Dots, the single-thread solve run twice at
# once against once alone: the throughput two cores give two independent searches, each with a
# table of its own (not a ceiling for searches that share one table: docs/benchmarks.md, "The
# larger mid-game on an AMD host").
# OMPI_MCA_osc_sm_backing_directory=DIR (a tmpfs mounted with huge=advise) puts the ranks' shared
# table in 2 MiB pages (docs/distributed.md, "Huge pages"); mpirun passes it to the ranks.
set -eu
: "${GRUNDY:=build/grundy}"
: "${REPEAT:=3}"
MPIRUN=${MPIRUN:-mpirun}
mpi=("$MPIRUN" --oversubscribe --allow-run-as-root)
export OMPI_MCA_btl_vader_single_copy_mechanism=none
# Dots and Boxes 4x4 after 8 lines (value 2, ~2·10^7 nodes); UTTT (Orlin's rules) after 37
# moves of the game in README.md with a2 instead of a4: X wins, ~6 s on one core. Tables sized
# to the searches (128 and 256 MiB a rank): on a virtual machine the first touch of a page is
# dear (1 GiB tables cost one process 0.5-3.7 s of system time, and made single runs vary by 40%).
dots_mb=${DOTS_TABLE_MB:-128}
dots_base=(dots solve 4x4 --moves "${DOTS_MOVES:-d1e1 b2c2 d4d5 d1d2 c3d3 d5e5 a5b5 b4c4}" --json)
dots=("${dots_base[@]}" --table-mb "$dots_mb")
dots_ranks=("${dots[@]}")
[ -n "${SPLIT_TABLE:-}" ] && dots_ranks=("${dots_base[@]}" --table-mb $((dots_mb / 2)))
win52="e5 d4 c1 h3 e7 e1 f2 g5 c5 h4 d2 b4 e3 f9 g7 a1 c2 i4 h1 f1 g3 c8 i5 g6 a8 b6 f8 i6 i8 h6 e9 d8 a5 b5 d5 a4"
uttt=(uttt solve --rules orlin --moves "$(echo $win52 | cut -d' ' -f1-36) a2" --memory 256 --json)
uttt_ranks=("${uttt[@]}")

wall() {  # wall COMMAND...: "WALL CPU" seconds (CPU: user + system of it and its children,
  # the ranks); the answer's key field on stderr
  local t0 t1 out
  t0=$(date +%s.%N)
  out=$(/usr/bin/time -o "$tmp" -f "%U %S" "$@" 2>/dev/null)
  t1=$(date +%s.%N)
  python3 -c "import json,sys; j=json.loads(sys.argv[1]); print(j.get('value', j.get('result')), file=sys.stderr)" "$out"
  python3 -c "import sys; u, s = open(sys.argv[3]).read().split()[-2:]; print('%.2f %.2f' % (float(sys.argv[2]) - float(sys.argv[1]), float(u) + float(s)))" "$t0" "$t1" "$tmp"
}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for name in ${GAMES:-dots uttt}; do
  declare -n cmd=$name
  declare -n cmd2=${name}_ranks
  one=() np1=() np2=()
  extra=()
  [ "$name" = dots ] && extra=(--threads 1)
  th2=() hy=() np2j=() sbs=()
  for ((i = 0; i < REPEAT; i++)); do
    one+=("$(wall "$GRUNDY" "${cmd[@]}" "${extra[@]}")")
    np2+=("$(wall "${mpi[@]}" -np 2 "$GRUNDY" "${cmd2[@]}" --distributed)")
    np1+=("$(wall "${mpi[@]}" -np 1 "$GRUNDY" "${cmd[@]}" --distributed)")
    line="$name run $i (wall s, CPU s): one process ${one[-1]}, 1 rank ${np1[-1]}, 2 ranks ${np2[-1]}"
    if [ "$name" = dots ]; then
      np2j+=("$(wall "${mpi[@]}" -np 2 -x GRUNDY_NO_TEAMS=1 "$GRUNDY" "${cmd2[@]}" --distributed)")
      line+=", 2 ranks, jobs each ${np2j[-1]}"
    fi
    if [ -n "${THREADS:-}" ] && [ "$name" = dots ]; then
      th2+=("$(wall "$GRUNDY" "${cmd[@]}" --threads 2)")
      hy+=("$(wall "${mpi[@]}" --bind-to none -np 1 "$GRUNDY" "${dots_base[@]}" \
        --table-mb $((2 * dots_mb)) --distributed --threads 2)")
      line+=", --threads 2 ${th2[-1]}, 1 rank of 2 threads ${hy[-1]}"
    fi
    if [ -n "${SIDE_BY_SIDE:-}" ] && [ "$name" = dots ]; then
      t0=$(date +%s.%N)
      "$GRUNDY" "${cmd[@]}" "${extra[@]}" >/dev/null &
      "$GRUNDY" "${cmd[@]}" "${extra[@]}" >/dev/null
      wait
      t1=$(date +%s.%N)
      sbs+=("$(python3 -c "import sys; print('%.2f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$t0" "$t1")")
      line+=", two side by side ${sbs[-1]}"
    fi
    echo "$line (load $(cut -d' ' -f1 /proc/loadavg))"
  done
  m1=$(printf '%s\n' "${one[@]}" | cut -d' ' -f1 | median)
  r1=$(printf '%s\n' "${np1[@]}" | cut -d' ' -f1 | median)
  r2=$(printf '%s\n' "${np2[@]}" | cut -d' ' -f1 | median)
  printf '%s wall medians: one process %.2f s, 1 rank %.2f s, 2 ranks %.2f s: 2 ranks %.2fx one process, %.2fx 1 rank\n' \
    "$name" "$m1" "$r1" "$r2" "$(python3 -c "import sys; print(float(sys.argv[1]) / float(sys.argv[2]))" "$m1" "$r2")" \
    "$(python3 -c "import sys; print(float(sys.argv[1]) / float(sys.argv[2]))" "$r1" "$r2")"
  if [ ${#np2j[@]} -gt 0 ]; then
    j2=$(printf '%s\n' "${np2j[@]}" | cut -d' ' -f1 | median)
    printf '%s wall medians: 2 ranks, jobs each %.2f s (%.2fx one process)\n' "$name" "$j2" \
      "$(python3 -c "import sys; print(float(sys.argv[1]) / float(sys.argv[2]))" "$m1" "$j2")"
  fi
  if [ ${#hy[@]} -gt 0 ]; then
    t2=$(printf '%s\n' "${th2[@]}" | cut -d' ' -f1 | median)
    h2=$(printf '%s\n' "${hy[@]}" | cut -d' ' -f1 | median)
    printf '%s wall medians: --threads 2 %.2f s (%.2fx one process), 1 rank of 2 threads %.2f s (%.2fx)\n' \
      "$name" "$t2" "$(python3 -c "import sys; print(float(sys.argv[1]) / float(sys.argv[2]))" "$m1" "$t2")" \
      "$h2" "$(python3 -c "import sys; print(float(sys.argv[1]) / float(sys.argv[2]))" "$m1" "$h2")"
  fi
  if [ ${#sbs[@]} -gt 0 ]; then
    b=$(printf '%s\n' "${sbs[@]}" | median)
    printf '%s wall medians: two single-thread solves side by side %.2f s: two cores give %.2fx one\n' \
      "$name" "$b" "$(python3 -c "import sys; print(2 * float(sys.argv[1]) / float(sys.argv[2]))" "$m1" "$b")"
  fi
  unset -n cmd cmd2
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
