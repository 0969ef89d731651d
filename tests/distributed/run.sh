#!/usr/bin/env bash
# Distributed solving under MPI (docs/distributed.md): `mpirun --oversubscribe -np 3` runs of
# `grundy dots solve --distributed` and `grundy uttt solve --distributed` give the answers of
# the single-process solvers (value and every best line; result, and a proof that the
# independent checker accepts), also when a rank is killed with SIGKILL half way and the run
# is resumed from the master's checkpoint, and when a worker stops answering (SIGSTOP).
# Skipped, saying why, without mpirun or in a grundy built without MPI.
set -u
: "${GRUNDY:?set GRUNDY to the grundy binary}"
: "${CHECKER:?set CHECKER to the uttt_proof_check binary}"
MPIRUN=${MPIRUN:-mpirun}
if ! command -v "$MPIRUN" >/dev/null 2>&1; then
  echo "distributed: skipped (no mpirun: install openmpi-bin)"
  exit 0
fi
dir=$(mktemp -d)
mpi_pid=
trap '[ -n "$mpi_pid" ] && kill -9 "$mpi_pid" 2>/dev/null; umount "$dir/huge" "$dir/small" 2>/dev/null; rm -rf "$dir"' EXIT
# Root may run mpirun here (containers, CI); --oversubscribe: 3 ranks on fewer cores.
mpi=("$MPIRUN" --oversubscribe --allow-run-as-root -np 3)
export OMPI_MCA_btl_vader_single_copy_mechanism=none  # no ptrace between ranks in containers
# Under sanitizers (a slower build): fewer and smaller cases, and LeakSanitizer off for Open
# MPI's own allocations, which live until the process ends (not grundy's leaks: the unit tests
# check those without MPI).
small=
if [ -n "${GRUNDY_SANITIZED:-}" ]; then
  small=1
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
. "$(dirname "$0")/../check.sh"  # check NAME COMMAND..., pass, fail
same() {  # same NAME FILE-A FILE-B PYTHON-EXPRESSION-ON-j (must be equal for both files)
  local out  # one interpreter for both files: each start of python3 takes about 0.25 s here
  out=$(python3 -c "import json,sys
def value(path):
    j = json.load(open(path))
    return str($4)
a, b = value(sys.argv[1]), value(sys.argv[2])
if a != b: print(a + ' (single process) != ' + b + ' (distributed)')" "$2" "$3" 2>&1)
  if [ -z "$out" ]; then pass=$((pass + 1)); else
    echo "FAIL $1: $out"
    fail=$((fail + 1))
  fi
}
json_checks() {  # json_checks FILE NAME CONDITION [NAME CONDITION]...: each CONDITION (Python,
  # on d, the file's JSON) must hold; one interpreter for all of them
  local file=$1 out passed want=$((($# - 1) / 2))
  shift
  out=$(python3 - "$file" "$@" 2>&1 <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for name, condition in zip(sys.argv[2::2], sys.argv[3::2]):
    try:
        print(("PASS " if eval(condition, {"d": d}) else "FAIL ") + name)
    except Exception as e:
        print("FAIL %s: %r" % (name, e))
EOF
  )
  passed=$(grep -c '^PASS ' <<<"$out")
  pass=$((pass + passed))
  if [ "$passed" != "$want" ]; then
    grep -v '^PASS ' <<<"$out"
    fail=$((fail + want - passed))
  fi
}

"${mpi[@]}" "$GRUNDY" dots solve 1x1 --distributed >"$dir/probe" 2>&1
if grep -q "built without MPI" "$dir/probe"; then
  echo "distributed: skipped (this grundy was built without MPI)"
  exit 0
fi

# --- Dots and Boxes: whole boards up to 3x4, and random positions -----------------------------
# The ranks of one node share one table (192 MiB: 64 a rank); with GRUNDY_NO_NODE_MEMORY set
# (NO_NODE_MEMORY=1 here) each keeps its own. RANKS_PER_NODE=k takes this machine's ranks as
# nodes of k ranks (GRUNDY_RANKS_PER_NODE), whose tables pass each other the heavy entries; NP
# ranks (default 3), CLUSTER the words the figures' cluster text must hold, THREADS the engine
# threads of each rank (--threads; the ranks then unbound). Each rank takes jobs of its own
# (GRUNDY_NO_TEAMS) unless TEAMS=1: then the ranks of a node that share its table search each
# job together (team.h), the first rank of each taking the jobs (WORKERS of them, default 1).
# SHM_DIR: a tmpfs given to Open MPI for the shared table (HUGE=1: mounted with huge=advise).
dots_same() {  # dots_same NAME SIZE MOVES JOB-NODES
  "$GRUNDY" dots solve "$2" --moves "$3" --json --table-mb 64 --threads 1 >"$dir/one.json"
  local np=${NP:-3} env=() want=${CLUSTER:-3 MPI ranks, 192 MiB shared by the ranks of each node}
  local threads=() workers=${NP:-3}
  [ -z "${TEAMS:-}" ] && env=(-x GRUNDY_NO_TEAMS=1)
  [ -n "${TEAMS:-}" ] && workers=${WORKERS:-1}
  [ -n "${NO_NODE_MEMORY:-}" ] && env+=(-x GRUNDY_NO_NODE_MEMORY=1) && want=${CLUSTER:-3 MPI ranks}
  [ -n "${RANKS_PER_NODE:-}" ] && env+=(-x "GRUNDY_RANKS_PER_NODE=$RANKS_PER_NODE")
  [ -n "${THREADS:-}" ] && env+=(--bind-to none) && threads=(--threads "$THREADS")
  [ -n "${SHM_DIR:-}" ] && env+=(-x "OMPI_MCA_osc_sm_backing_directory=$SHM_DIR")
  "$MPIRUN" --oversubscribe --allow-run-as-root -np "$np" "${env[@]}" "$GRUNDY" dots solve "$2" \
    --moves "$3" --json --table-mb 64 --distributed --job-nodes "$4" "${threads[@]}" \
    >"$dir/many.json" 2>"$dir/many.err" ||
    { echo "FAIL $1: exit status $?"; cat "$dir/many.err"; fail=$((fail + 1)); return; }
  same "$1 value and best lines" "$dir/one.json" "$dir/many.json" "(j['value'], j['best'])"
  # The share of the shared table in huge pages: none without a shared table, most of it in a
  # tmpfs that gives them, a share from 0 to 1 otherwise.
  local huge="'shared_table_huge_pages' not in d['distributed']"
  [[ $want == *shared* ]] && huge="0 <= d['distributed']['shared_table_huge_pages'] <= 1"
  [ -n "${HUGE:-}" ] && huge="d['distributed']['shared_table_huge_pages'] > 0.5"
  json_checks "$dir/many.json" \
    "$1 figures of $workers workers" "len(d['distributed']['workers']) == $workers and all(w['jobs'] >= 0 and not w['lost'] for w in d['distributed']['workers'])" \
    "$1 cluster: $want" "d['distributed']['cluster'] == \"\"\"$want\"\"\"" \
    "$1 huge pages: $huge" "$huge"
}
boards="1x1 1x2 2x2 2x3 3x3"
[ -n "$small" ] && boards="2x2 3x3"
for b in $boards; do dots_same "dots $b" "$b" "" 5000; done
# The whole 3x4 board (value 0, three best lines; 1.8·10^7 nodes on one process, about 5 s on
# 3 ranks), outside the sanitizers.
[ -z "$small" ] && dots_same "dots 3x4" 3x4 "" 32768
# Random positions (fixed seeds): 3x3, 3x4 and 4x4 with enough lines drawn to be quick.
positions=$(python3 - "$small" <<'EOF'
import random, sys
def lines(r, c):
    out = []
    for y in range(r + 1):
        for x in range(c):
            out.append("%s%d%s%d" % (chr(97 + x), y + 1, chr(98 + x), y + 1))
    for y in range(r):
        for x in range(c + 1):
            out.append("%s%d%s%d" % (chr(97 + x), y + 1, chr(97 + x), y + 2))
    return out
cases = [("3x3", 6, 1), ("3x3", 10, 2), ("3x4", 12, 3), ("4x4", 22, 4), ("3x4", 8, 5), ("4x4", 26, 6)]
if sys.argv[1]:
    cases = cases[:2]
for size, drawn, seed in cases:
    r, c = map(int, size.split("x"))
    rng = random.Random(seed)
    print(size, " ".join(rng.sample(lines(r, c), drawn)))
EOF
)
while read -r size moves; do
  dots_same "dots $size after '$moves'" "$size" "$moves" 3000
done <<<"$positions"
# A table for each rank (the shared entries relayed between them).
NO_NODE_MEMORY=1 dots_same "dots 3x3, a table a rank" 3x3 "" 5000
if [ -z "$small" ]; then
  read -r size moves < <(grep 4x4 <<<"$positions")
  NO_NODE_MEMORY=1 dots_same "dots $size after '$moves', a table a rank" "$size" "$moves" 3000
fi
# Teams: the ranks of a node search each job together — all three ranks, two nodes of two
# (RANKS_PER_NODE=2: two teams), a node of two and one of one rank (no table to share: it takes
# jobs alone), two ranks of two threads.
team="searching its jobs together"
TEAMS=1 CLUSTER="3 MPI ranks, 192 MiB shared by the ranks of each node, each node's ranks $team" \
  dots_same "dots 3x3, a team of 3 ranks" 3x3 "" 5000
TEAMS=1 NP=4 RANKS_PER_NODE=2 WORKERS=2 \
  CLUSTER="4 MPI ranks on 2 nodes, 128 MiB shared by the ranks of each node, each node's ranks $team" \
  dots_same "dots 3x3, 2 teams of 2 ranks" 3x3 "" 3000
if [ -z "$small" ]; then
  read -r size moves < <(grep 4x4 <<<"$positions")
  TEAMS=1 CLUSTER="3 MPI ranks, 192 MiB shared by the ranks of each node, each node's ranks $team" \
    dots_same "dots $size after '$moves', a team of 3 ranks" "$size" "$moves" 3000
  TEAMS=1 NP=3 RANKS_PER_NODE=2 WORKERS=2 CLUSTER="3 MPI ranks on 2 nodes, 128 MiB shared by the \
ranks of each node, the ranks of 1 of its 2 nodes searching their jobs together" \
    dots_same "dots $size after '$moves', a team of 2 and a rank" "$size" "$moves" 3000
  TEAMS=1 NP=2 THREADS=2 CLUSTER="2 MPI ranks, 128 MiB shared by the ranks of each node, each \
node's ranks $team" dots_same "dots $size after '$moves', a team of 2 ranks of 2 threads" \
    "$size" "$moves" 3000
fi
# The shared table in 2 MiB pages: a tmpfs mounted with huge=advise as Open MPI's backing
# directory (docs/distributed.md, "Huge pages"), where this user may mount one whose files the
# kernel gives huge pages (a probe maps one and asks /proc/self/smaps).
mkdir -p "$dir/huge"
if mount -t tmpfs -o huge=advise,size=1g tmpfs "$dir/huge" 2>/dev/null &&
  python3 - "$dir/huge/probe" <<'EOF'
import mmap, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
os.ftruncate(fd, 8 << 20)
m = mmap.mmap(fd, 8 << 20)
m.madvise(mmap.MADV_HUGEPAGE)
for i in range(0, 8 << 20, 4096):
    m[i] = 1
kib = sum(int(l.split()[1]) for l in open("/proc/self/smaps") if l.startswith("ShmemPmdMapped:"))
sys.exit(0 if kib >= 2048 else 1)
EOF
then
  rm -f "$dir/huge/probe"
  HUGE=1 SHM_DIR=$dir/huge TEAMS=1 CLUSTER="3 MPI ranks, 192 MiB shared by the ranks of each node, \
each node's ranks $team" dots_same "dots 3x3, a team of 3 ranks, the table in huge pages" 3x3 "" 5000
  # Two nodes of two ranks, one node's table in huge pages and the other's not (two app contexts
  # of mpirun, each with its own environment): the figures give the least share over the nodes.
  solve=("$GRUNDY" dots solve 3x3 --json --table-mb 64 --distributed)
  timeout 300 "$MPIRUN" --oversubscribe --allow-run-as-root -np 2 -x GRUNDY_RANKS_PER_NODE=2 \
    -x "OMPI_MCA_osc_sm_backing_directory=$dir/huge" "${solve[@]}" : \
    -np 2 -x GRUNDY_RANKS_PER_NODE=2 "${solve[@]}" >"$dir/many.json" 2>"$dir/many.err"
  check "a node in huge pages and one not: exit status 0" [ $? -eq 0 ]
  check "a node in huge pages and one not: the least share, 0" python3 -c "import json,sys; d=json.load(open('$dir/many.json'))['distributed']; sys.exit(0 if d['shared_table_huge_pages'] < 0.01 and d['cluster'].startswith('4 MPI ranks on 2 nodes, 128 MiB shared') else 1)"
else
  echo "distributed: the shared table in huge pages not checked (no tmpfs with huge=advise here)"
fi
umount "$dir/huge" 2>/dev/null
# Open MPI's directory for the shared table without room for it (192 MiB in 100): the room is
# checked there, and each rank keeps a table of its own.
mkdir -p "$dir/small"
if mount -t tmpfs -o size=100m tmpfs "$dir/small" 2>/dev/null; then
  SHM_DIR=$dir/small CLUSTER="3 MPI ranks" \
    dots_same "dots 3x3, no room for the shared table in Open MPI's directory" 3x3 "" 5000
  umount "$dir/small"
else
  echo "distributed: a directory without room for the shared table not checked (cannot mount)"
fi
# A bad GRUNDY_RANKS_PER_NODE ends every rank with exit status 2 and names the variable.
"$MPIRUN" --oversubscribe --allow-run-as-root -np 2 -x GRUNDY_RANKS_PER_NODE=2x "$GRUNDY" dots solve \
  2x2 --distributed >"$dir/bad.out" 2>&1
check "a bad GRUNDY_RANKS_PER_NODE: exit status 2" [ $? -eq 2 ]
check "a bad GRUNDY_RANKS_PER_NODE: named" grep -q "GRUNDY_RANKS_PER_NODE: '2x' is not a whole number" "$dir/bad.out"
# A backing directory for the shared memory named but unusable: every rank ends with exit status 2
# naming it (Open MPI's allocation failed on the node's first rank only, and the others waited in
# it for ever). `timeout` turns a hang into a failure here.
for shm in "" "$dir/none"; do
  timeout 120 "$MPIRUN" --oversubscribe --allow-run-as-root -np 2 \
    -x "OMPI_MCA_osc_sm_backing_directory=$shm" "$GRUNDY" dots solve 2x2 --distributed \
    >"$dir/bad.out" 2>&1
  check "backing directory '$shm': exit status 2" [ $? -eq 2 ]
  check "backing directory '$shm': named" grep -q "OMPI_MCA_osc_sm_backing_directory (--mca osc_sm_backing_directory)" "$dir/bad.out"
done
# The node's first rank refused the shared segment by its own limit (ulimit -v: mmap fails with
# ENOMEM there only): Open MPI left the others waiting inside the allocation for ever; the rank
# that failed now ends the run within seconds, exit status 2, saying why. Not under the
# sanitizers (their shadow memory needs terabytes of address space).
if [ -z "$small" ]; then
  timeout 120 "$MPIRUN" --oversubscribe --allow-run-as-root \
    -np 1 bash -c "ulimit -v 1200000; exec \"\$0\" \"\$@\"" "$GRUNDY" dots solve 3x3 --distributed \
    --table-mb 1024 : -np 2 "$GRUNDY" dots solve 3x3 --distributed --table-mb 1024 >"$dir/bad.out" 2>&1
  check "shared memory refused on one rank: exit status 2" [ $? -eq 2 ]
  check "shared memory refused on one rank: said why" grep -q "rank 0 could not allocate the 3074 MiB that its node's ranks share" "$dir/bad.out"
fi
# Nodes of two ranks: the entries go to one rank of the other node. 3 ranks: the second node
# has one rank, with a table of its own.
RANKS_PER_NODE=2 CLUSTER="3 MPI ranks on 2 nodes, 128 MiB shared by the ranks of each node" \
  dots_same "dots 3x3, nodes of 2 and 1 ranks" 3x3 "" 5000
if [ -z "$small" ]; then
  NP=4 RANKS_PER_NODE=2 CLUSTER="4 MPI ranks on 2 nodes, 128 MiB shared by the ranks of each node" \
    dots_same "dots $size after '$moves', 2 nodes of 2 ranks" "$size" "$moves" 3000
fi

# Ranks of two engine threads each (a rank a machine): the same answers; a rank bound to one
# core (mpirun's default for 2 ranks on 2 cores) says that its threads share it.
NP=2 THREADS=2 CLUSTER="2 MPI ranks, 128 MiB shared by the ranks of each node" \
  dots_same "dots 3x3, ranks of 2 threads" 3x3 "" 5000
if [ -z "$small" ]; then
  NP=2 THREADS=2 CLUSTER="2 MPI ranks, 128 MiB shared by the ranks of each node" \
    dots_same "dots $size after '$moves', ranks of 2 threads" "$size" "$moves" 3000
fi
"$MPIRUN" --allow-run-as-root -np 1 --bind-to core "$GRUNDY" dots solve 2x2 --distributed \
  --threads 2 >"$dir/bound.out" 2>&1
check "a rank bound to a core with --threads 2: it still answers" [ $? -eq 0 ]
check "a rank bound to a core with --threads 2: it says so" \
  grep -q "rank 0 may run on 1 core only (mpirun binds each rank to a core): its 2 threads" "$dir/bound.out"

# Without --threads, on a position where one process would take several threads: each rank
# takes its share of the cores its machine's ranks may run on (at most 8, as one process), the
# job budget growing with it: a rank alone and unbound all of them, ranks bound to a core each
# one, two unbound ranks half each — also when taken as two nodes (GRUNDY_RANKS_PER_NODE=1).
# Outside the sanitizers (the CLI's arithmetic; the threads' memory is checked above).
cores=$(( $(nproc) < 8 ? $(nproc) : 8 ))
half=$(( $(nproc) / 2 < 1 ? 1 : ($(nproc) / 2 > 8 ? 8 : $(nproc) / 2) ))
cases=("1 --bind-to none $((262144 * cores))" "2 --bind-to core:overload-allowed 262144"
  "2 --bind-to none $((262144 * half))")
[ -n "$small" ] && cases=()
for case in "${cases[@]}"; do
  set -- $case
  for per in "" 1; do
    [ -n "$per" ] && [ "$1" = 1 ] && continue
    env=()
    [ -n "$per" ] && env=(-x GRUNDY_RANKS_PER_NODE=1)
    "$MPIRUN" --oversubscribe --allow-run-as-root -np "$1" "$2" "$3" "${env[@]}" "$GRUNDY" dots \
      solve 3x4 --distributed --table-mb 64 --seconds 0.5 --json >"$dir/cores.json" 2>/dev/null
    check "$1 rank(s) $2 $3${per:+ as nodes of $per}, no --threads: jobs of $4 nodes" [ "$(python3 -c "
import json; print(json.load(open('$dir/cores.json'))['distributed']['job_nodes'])" 2>&1)" = "$4" ]
  done
done

# --- Ultimate Tic-Tac-Toe: both rule sets, proofs checked by the independent checker ----------
uttt_same() {  # uttt_same NAME RULES MOVES
  "$GRUNDY" uttt solve --rules "$2" --moves "$3" --memory 64 --json >"$dir/one.json"
  "${mpi[@]}" "$GRUNDY" uttt solve --rules "$2" --moves "$3" --memory 64 --json --distributed \
    --job-nodes 3000 --proof "$dir/proof" >"$dir/many.json" 2>"$dir/many.err" ||
    { echo "FAIL $1: exit status $?"; cat "$dir/many.err"; fail=$((fail + 1)); return; }
  same "$1 result" "$dir/one.json" "$dir/many.json" "j['result']"
  if [ "$(python3 -c "import json; print(json.load(open('$dir/many.json'))['result'])")" = win ]; then
    check "$1 proof checked" "$CHECKER" "$dir/proof"
  fi
  rm -f "$dir/proof"
}
win52="e5 d4 c1 h3 e7 e1 f2 g5 c5 h4 d2 b4 e3 f9 g7 a1 c2 i4 h1 f1 g3 c8 i5 g6 a8 b6 f8 i6 i8 h6 e9 d8 a5 b5 d5 a4 c3 g9 a7 b1 e2 f5 g4 b3 d9 b9 d7 a2 c4 i2 h5 e6"
uttt_same "uttt orlin win" orlin "$win52"
[ -z "$small" ] && uttt_same "uttt orlin not a win" orlin "${win52% h5 e6}"
# A standard game (docs/uttt.md): after 40 moves a draw, after 38 and 36 moves decided.
game="f6 i9 g7 a3 b9 e7 f2 h4 f1 i2 i5 g5 a5 a6 b7 f3 g9 b8 f4 g2 b5 f5 i6 i7 h2 e5 d5 b6 d8 c6 g8 e6 e9 d7 b3 f7 g3 a7 c1 i1 g1 a1 b1 d3 c7 i3 a2 e4 d1 b2 c2 g4 c3 e3"
for n in 40 44 38; do
  [ -n "$small" ] && [ "$n" != 40 ] && continue
  uttt_same "uttt standard after $n moves" standard "$(echo $game | cut -d' ' -f1-$n)"
done

# --- A killed rank: the run stops; --resume from the master's checkpoint ends with the same
# answer. Ranks are found among mpirun's children by OMPI_COMM_WORLD_RANK.
rank_pid() {  # rank_pid MPIRUN-PID RANK
  local p
  for p in $(pgrep -P "$1"); do
    if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2"; then
      echo "$p"
      return
    fi
  done
}
wait_for() {  # wait_for FILE SECONDS [PID]: true once FILE exists; false when PID has ended
  local i
  for ((i = 0; i < $2 * 10; i++)); do
    [ -e "$1" ] && return 0
    [ -n "${3:-}" ] && ! kill -0 "$3" 2>/dev/null && { [ -e "$1" ]; return; }
    sleep 0.1
  done
  return 1
}
kill_and_resume() {  # kill_and_resume NAME RANK COMMAND... (the command's --checkpoint is $dir/ck)
  local name=$1 rank=$2
  shift 2
  rm -f "$dir/ck"
  "${mpi[@]}" "$@" >"$dir/killed.out" 2>&1 &
  mpi_pid=$!
  if ! wait_for "$dir/ck" 120 "$mpi_pid"; then
    echo "FAIL $name: no checkpoint appeared"
    cat "$dir/killed.out"
    fail=$((fail + 1))
    kill -9 "$mpi_pid" 2>/dev/null
    wait "$mpi_pid" 2>/dev/null
    mpi_pid=
    return 1
  fi
  # Every rank paused at once (the run cannot end before the kill), the victim killed, the
  # others let go: mpirun then ends the run.
  local p victim
  for p in $(pgrep -P "$mpi_pid"); do kill -STOP "$p" 2>/dev/null; done
  victim=$(rank_pid "$mpi_pid" "$rank")
  if [ -z "$victim" ]; then
    echo "FAIL $name: rank $rank not found (the run ended before the kill?)"
    cat "$dir/killed.out"
    fail=$((fail + 1))
    wait "$mpi_pid" 2>/dev/null
    mpi_pid=
    return 1
  fi
  kill -9 "$victim"
  for p in $(pgrep -P "$mpi_pid"); do kill -CONT "$p" 2>/dev/null; done
  wait "$mpi_pid"
  local status=$?
  mpi_pid=
  check "$name: mpirun failed after the kill" [ "$status" != 0 ]
  check "$name: the checkpoint survived" [ -e "$dir/ck" ]
}
# A 3x4 mid-game of a few seconds (its first checkpoint after 1 s); under the sanitizers two more
# lines drawn (3.4 s in one process and 6.4 s over 3 ranks there, against 11 s and 20 s).
mid_moves="a1b1 a2b2"
[ -n "$small" ] && mid_moves="a1b1 a2b2 d3d4 c4d4"
mid=(3x4 --moves "$mid_moves" --json --table-mb 64)
"$GRUNDY" dots solve "${mid[@]}" >"$dir/mid.json"
# The master is killed (its checkpoint is what a resume reads), its node's ranks searching each
# job together; a killed worker is the UTTT case below, a killed helper of a team the next one
# (release suite).
if kill_and_resume "dots 3x4, rank 0 killed" 0 "$GRUNDY" dots solve "${mid[@]}" \
  --distributed --job-nodes 2000 --checkpoint "$dir/ck" --checkpoint-every 1; then
  # The file ends with the table entries the workers shared, then the 8-byte seal: the byte
  # before the seal is the last entry's weight (5 or more), or the top byte of a count of 0.
  check "dots 3x4, rank 0 killed: the checkpoint keeps the workers' table entries" \
    [ "$(python3 -c "d = open('$dir/ck', 'rb').read(); print(d[:32] == b'grundy-distributed-checkpoint 2\\n' and d[-9] >= 5)")" = True ]
  cp "$dir/ck" "$dir/ck.kept"
  "${mpi[@]}" "$GRUNDY" dots solve "${mid[@]}" --distributed --job-nodes 2000 \
    --checkpoint "$dir/ck" --checkpoint-every 1 --resume >"$dir/many.json" 2>"$dir/many.err"
  same "dots 3x4 resumed after rank 0 was killed" "$dir/mid.json" "$dir/many.json" \
    "(j['value'], j['best'])"
  check "dots 3x4 resumed after rank 0: it says so" \
    [ "$(python3 -c "import json; print('nodes_before_resume' in json.load(open('$dir/many.json')))")" = True ]
  check "dots 3x4 resumed after rank 0: the finished run removed its checkpoint" \
    [ ! -e "$dir/ck" ]
  # The same checkpoint resumed by ranks that take jobs each: where they share the node's table,
  # the master's own store of its entries serves them all (none sent); with a table a rank, each
  # other rank is sent them.
  for tables in shared own; do
    cp "$dir/ck.kept" "$dir/ck"
    env=(-x GRUNDY_NO_TEAMS=1)
    [ $tables = own ] && env+=(-x GRUNDY_NO_NODE_MEMORY=1)
    "${mpi[@]}" "${env[@]}" "$GRUNDY" dots solve "${mid[@]}" --distributed --job-nodes 2000 \
      --checkpoint "$dir/ck" --resume >"$dir/many.json" 2>"$dir/many.err"
    same "dots 3x4 resumed by ranks with $tables tables" "$dir/mid.json" "$dir/many.json" \
      "(j['value'], j['best'])"
    want="== 0"
    [ $tables = own ] && want="> 0"
    check "dots 3x4 resumed by ranks with $tables tables: seed_bytes_sent $want" python3 -c "import json,sys; d=json.load(open('$dir/many.json'))['distributed']; sys.exit(0 if d['seed_bytes_sent'] $want and d['seed_bytes_sent'] <= d['bytes_sent'] else 1)"
  done
  # Seven ranks with a table each: the master sends the entries to two of its six workers, each
  # of them passes them on to two more (the seed tree), and the answer is the same.
  if [ -z "$small" ]; then
    cp "$dir/ck.kept" "$dir/ck"
    "$MPIRUN" --oversubscribe --allow-run-as-root -np 7 -x GRUNDY_NO_NODE_MEMORY=1 "$GRUNDY" dots \
      solve "${mid[@]}" --distributed --job-nodes 2000 --checkpoint "$dir/ck" --resume \
      >"$dir/many.json" 2>"$dir/many.err"
    same "dots 3x4 resumed by 7 ranks with a table each" "$dir/mid.json" "$dir/many.json" \
      "(j['value'], j['best'])"
    check "dots 3x4 resumed by 7 ranks: the master sent the seed to two, they passed it on to four" \
      python3 -c "import json,sys; d=json.load(open('$dir/many.json'))['distributed']; f=[w['seed_bytes_forwarded'] for w in d['workers']]; print(d['seed_bytes_sent'], f); sys.exit(0 if d['seed_bytes_sent'] > 0 and sum(f) == 2 * d['seed_bytes_sent'] and sorted(f) == [0, 0, 0, 0, 0] + [d['seed_bytes_sent']] * 2 else 1)"
  fi
fi
# A team's helper (rank 2, which takes no jobs) killed: the run stops all the same, and resumes.
if [ -z "$small" ] && kill_and_resume "dots 3x4, a team's helper killed" 2 "$GRUNDY" dots solve \
  "${mid[@]}" --distributed --job-nodes 2000 --checkpoint "$dir/ck" --checkpoint-every 1; then
  "${mpi[@]}" "$GRUNDY" dots solve "${mid[@]}" --distributed --job-nodes 2000 \
    --checkpoint "$dir/ck" --resume >"$dir/many.json" 2>"$dir/many.err"
  same "dots 3x4 resumed after a team's helper was killed" "$dir/mid.json" "$dir/many.json" \
    "(j['value'], j['best'])"
fi
# Ultimate Tic-Tac-Toe resumes when its checkpoint exists (as without --distributed).
# The position must take several seconds, so that the first checkpoint (after 1 s) comes before
# the end on a quiet machine too: after 34 plies of the game, b1 (3.2 s in one process, 3.1 s
# over 3 ranks on an AMD EPYC host; the 36-ply position took 0.3 s, and a1 there, 1.4 s in one
# process and 3.1 s over 3 ranks on an Intel host, took 1.0 s over 3 ranks on the AMD host and
# ended before its first checkpoint).
pk="$(echo $game | cut -d' ' -f1-34) b1"
if [ -z "$small" ]; then
  "$GRUNDY" uttt solve --moves "$pk" --memory 64 --json >"$dir/one.json"
fi
if [ -z "$small" ] && kill_and_resume "uttt, rank 1 killed" 1 "$GRUNDY" uttt solve --moves "$pk" \
  --memory 64 --distributed --job-nodes 500 --checkpoint "$dir/ck" --checkpoint-every 1; then
  check "uttt, rank 1 killed: the checkpoint keeps the questions the workers decided" \
    [ "$(python3 -c "d = open('$dir/ck', 'rb').read(); print(d[:32] == b'grundy-distributed-checkpoint 2\\n' and d[-9] >= 1)")" = True ]
  "${mpi[@]}" "$GRUNDY" uttt solve --moves "$pk" --memory 64 --json --distributed \
    --job-nodes 500 --checkpoint "$dir/ck" >"$dir/many.json" 2>"$dir/many.err"
  same "uttt resumed after rank 1 was killed" "$dir/one.json" "$dir/many.json" \
    "(j['result'], j['to_move'])"
  check "uttt resumed after rank 1: it says so" \
    [ "$(python3 -c "import json; print(json.load(open('$dir/many.json'))['resumed'])")" = True ]
fi

# --- A worker that stops answering: its job goes to another, the answer is the same ----------
# Rank 1 is stopped once the run is under way (its first progress line), and let go once the
# master says it noticed (a progress line counting stalls) or the run has ended; the waits are
# bounded (300 s each) but long: on a loaded machine (ctest -j 3) the run took 177 s, and a
# 60 s bound let rank 1 go before the master could notice.
# The master notices either way: mid-run, once the job is older than max(1 s, 10 x the longest
# answered job) ('stalls'), or, when the others finish the solve first (a loaded machine makes
# jobs long and the limit with them), at the end, when rank 1 does not answer the stop ('lost').
under_way() {  # under_way JOB-NODES STALL-SECONDS: the mid-game started, its first progress line out
  # Emptied here, not by the background job's redirection: the loop below could read the last
  # run's lines before that job has run at all (CI, 2026-12-02: no rank was there to stop yet).
  : >"$dir/many.err"
  "${mpi[@]}" -x GRUNDY_NO_TEAMS=1 "$GRUNDY" dots solve "${mid[@]}" --distributed --job-nodes "$1" \
    --stall-seconds "$2" --progress >"$dir/many.json" 2>"$dir/many.err" &
  mpi_pid=$!
  local i
  for ((i = 0; i < 3000; i++)); do
    grep -q "^distributed:" "$dir/many.err" 2>/dev/null && break
    sleep 0.1
  done
}
under_way 2000 1
stopped=$(rank_pid "$mpi_pid" 1)
[ -n "$stopped" ] && kill -STOP "$stopped"
for ((i = 0; i < 3000; i++)); do
  grep -q "stalls" "$dir/many.err" 2>/dev/null && break
  kill -0 "$mpi_pid" 2>/dev/null || break
  sleep 0.1
done
[ -n "$stopped" ] && kill -CONT "$stopped" 2>/dev/null
wait "$mpi_pid"
status=$?
mpi_pid=
check "stalled worker: rank 1 found and stopped" [ -n "$stopped" ]
check "stalled worker: exit status $status" [ "$status" = 0 ]
same "stalled worker: the same answer" "$dir/mid.json" "$dir/many.json" "(j['value'], j['best'])"
check "stalled worker: noticed (a stall, or lost at the end)" [ "$(python3 -c "
import json
d = json.load(open('$dir/many.json'))['distributed']
print(d['stalls'] >= 1 or d['workers'][1]['lost'])" 2>&1)" = True ]

# --- The whole job suspended and resumed (Slurm's scontrol suspend: every rank stopped) ---------
# A stop of the master is not the workers' time: with a 2 s stall limit, every rank stopped for
# 4 s mid-run and let go, the master first and the workers 0.5 s after it, no job counts as
# stalled and no worker as lost (counted on the wall clock, the master found the jobs still
# running 4 s old: 1 to 3 stalls in each of three runs). Jobs of 20000 nodes: some are running.
if [ -z "$small" ]; then  # the sanitizers' smaller mid-game can end before the stop
  under_way 20000 2
  ranks=$(pgrep -P "$mpi_pid" | wc -l)
  for p in $(pgrep -P "$mpi_pid"); do kill -STOP "$p" 2>/dev/null; done
  master=$(rank_pid "$mpi_pid" 0)
  sleep 4
  [ -n "$master" ] && kill -CONT "$master"
  sleep 0.5
  for p in $(pgrep -P "$mpi_pid"); do kill -CONT "$p" 2>/dev/null; done
  wait "$mpi_pid"
  status=$?
  mpi_pid=
  check "suspended job: its 3 ranks stopped ($ranks)" [ "$ranks" = 3 ]
  check "suspended job: exit status $status" [ "$status" = 0 ]
  same "suspended job: the same answer" "$dir/mid.json" "$dir/many.json" "(j['value'], j['best'])"
  check "suspended job: no stall, no worker lost" [ "$(python3 -c "
import json
d = json.load(open('$dir/many.json'))['distributed']
print(d['stalls'], [w['lost'] for w in d['workers']])" 2>&1)" = "0 [False, False, False]" ]
fi

# --- Outside mpirun: one process, saying so ---------------------------------------------------
"$GRUNDY" dots solve 2x2 --distributed --json >"$dir/many.json" 2>"$dir/many.err"
"$GRUNDY" dots solve 2x2 --json >"$dir/one.json"
same "outside mpirun" "$dir/one.json" "$dir/many.json" "(j['value'], j['best'])"
check "outside mpirun: it says so" grep -q "outside mpirun: running as one process" "$dir/many.err"

echo "distributed: $pass passed, $fail failed"
[ "$fail" = 0 ]
