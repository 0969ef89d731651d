#!/usr/bin/env bash
# The kernel sets side by side (docs/benchmarks.md "Kernel sets"): one grundy binary under each
# set this CPU runs (GRUNDY_KERNELS), and any other grundy binaries named in EXTRA (label=path,
# e.g. native=build-native/grundy, a -DGRUNDY_NATIVE=ON build), back to back in one script,
# ROUNDS rounds alternating. A benchmark, never a test (not part of `make test`).
#
#   octal: Grundy's game to 2^BITS values (default 24), `grundy octal grundy --values 2^BITS
#          --out FILE`, against the public program tczajka/octal-games `old/` (bin/analyze, timed
#          until it prints n=2^BITS), when PEER names a checkout of it made outside this
#          repository (built there with its own Makefile when bin/analyze is absent).
#   play:  UTTT random playouts (10^6) and MCTS (10^6 iterations, one thread), and the Dots and
#          Boxes bench workload dots-4x4-midgame (4 positions, 1.9 million nodes): wall and user
#          CPU seconds.
#
#   PEER=/path/to/octal-games/old EXTRA="native=build-native/grundy" ROUNDS=2 \
#     bash scripts/bench_kernel_sets.sh octal
set -u
mode=${1:-octal}
GRUNDY=${GRUNDY:-build/grundy}
BITS=${BITS:-24}
ROUNDS=${ROUNDS:-1}
SETS=${SETS:-scalar avx2 avx512}
EXTRA=${EXTRA:-}
PEER=${PEER:-}
fail() {
  echo "$1" >&2
  exit 2
}
case $mode in octal | play) ;; *) fail "mode '$mode': give octal or play" ;; esac
if ! [[ $BITS =~ ^[1-9][0-9]?$ ]] || [ "$BITS" -gt 28 ]; then
  fail "BITS='$BITS': give a whole number from 1 to 28 (the peer stops at 2^28)"
fi
[[ $ROUNDS =~ ^[1-9][0-9]?$ ]] || fail "ROUNDS='$ROUNDS': give a whole number from 1 to 99"
[ -x "$GRUNDY" ] || fail "GRUNDY='$GRUNDY' is not an executable grundy binary"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

peer=
if [ "$mode" = octal ] && [ -n "$PEER" ]; then
  if [ ! -x "$PEER/bin/analyze" ]; then
    echo "building the peer in $PEER (its own Makefile)" >&2
    make -C "$PEER" bin/analyze >&2 || fail "PEER='$PEER': could not build bin/analyze"
  fi
  peer=$PEER/bin/analyze
fi

now() { date +%s.%N; }
minus() { awk -v a="$1" -v b="$2" 'BEGIN { print a - b }'; }
# The user CPU seconds of this shell's children reaped so far (`times`, second line; called in
# this shell, not a subshell, whose count starts at zero).
user_cpu() {
  times >"$dir/times"
  sed -n 2p "$dir/times" | sed -E 's/^([0-9]+)m([0-9.]+)s.*/\1 \2/' | awk '{print $1 * 60 + $2}'
}
# Runs a command; prints "wall W s  user U s" (stdout to $dir/out).
timed() {
  local t0 t1
  user_cpu >"$dir/u0"
  t0=$(now)
  "$@" >"$dir/out" || {
    echo "failed: $*" >&2
    return 1
  }
  t1=$(now)
  user_cpu >"$dir/u1"
  printf 'wall %7.2f s  user %7.2f s' "$(minus "$t1" "$t0")" \
    "$(minus "$(cat "$dir/u1")" "$(cat "$dir/u0")")"
}

# One binary under one set (""): the workloads of the mode, one line each.
run_grundy() {  # label, binary, kernel set
  local label=$1 bin=$2 set=$3 kernels
  export GRUNDY_KERNELS=$set
  kernels=$("$bin" --version | sed -E 's/.*kernels: ([a-z0-9]+).*/\1/')
  if [ "$mode" = octal ]; then
    rm -f "$dir/g.bin"
    printf '%-8s kernels=%-7s %-10s %s  table %s\n' "$label" "$kernels" "2^$BITS" \
      "$(timed "$bin" octal grundy --values $((1 << BITS)) --out "$dir/g.bin")" \
      "$(sha256sum <"$dir/g.bin" | cut -c1-16)"
  else
    printf '%-8s kernels=%-7s %-10s %s\n' "$label" "$kernels" playouts \
      "$(timed "$bin" uttt playouts 1000000 --seed 1 --json)"
    printf '%-8s kernels=%-7s %-10s %s\n' "$label" "$kernels" mcts \
      "$(timed "$bin" uttt analyze --iterations 1000000 --threads 1 --json)"
    printf '%-8s kernels=%-7s %-10s %s\n' "$label" "$kernels" dots-4x4 \
      "$(timed "$bin" bench --filter dots-4x4-midgame)"
  fi
  unset GRUNDY_KERNELS
}

run_peer() {  # timed until it prints n=2^BITS, then stopped (its CPU time counted when reaped)
  local t0 t1 pid
  : >"$dir/peer.out"
  user_cpu >"$dir/u0"
  t0=$(now)
  "$peer" grundy >"$dir/peer.out" 2>&1 &
  pid=$!
  until grep -q "^n=2^$BITS " "$dir/peer.out"; do
    kill -0 "$pid" 2>/dev/null || {
      echo "the peer stopped before n=2^$BITS" >&2
      return 1
    }
    sleep 0.1
  done
  t1=$(now)
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  user_cpu >"$dir/u1"
  printf '%-8s %-15s %-10s wall %7.2f s  user %7.2f s  (%s)\n' peer "" "2^$BITS" \
    "$(minus "$t1" "$t0")" "$(minus "$(cat "$dir/u1")" "$(cat "$dir/u0")")" \
    "$(grep "^n=2^$BITS " "$dir/peer.out")"
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs"
echo "vector flags: $(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' |
  grep -E '^(sse4_2|popcnt|avx|avx2|bmi1|bmi2|avx512f|avx512bw|avx512dq|avx512vl)$' | tr '\n' ' ')"
for round in $(seq "$ROUNDS"); do
  echo "round $round, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  [ -n "$peer" ] && run_peer
  for set in $SETS; do
    if GRUNDY_KERNELS=$set "$GRUNDY" --version >/dev/null 2>&1; then
      run_grundy "$set" "$GRUNDY" "$set"
    else
      echo "$set: this CPU lacks it, skipped"
    fi
  done
  for extra in $EXTRA; do
    run_grundy "${extra%%=*}" "${extra#*=}" ""
  done
done
echo "load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
