#!/usr/bin/env bash
# The kernel sets from the command line (core/kernel_set.h): GRUNDY_KERNELS chooses one, a bad
# value is one line and exit status 2, every set gives the same answers (MCTS too: its float
# operations are exact IEEE ones); then, when Debian's qemu-user is installed, the same binary
# on emulated CPUs, one with none of the vector extensions (qemu64: SSE2 only, no POPCNT) and an
# AVX2 one (Haswell), with the same answers.
set -u
: "${GRUNDY:?set GRUNDY to the grundy binary}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/../check.sh"  # check NAME COMMAND..., pass, fail
# Runs grundy with GRUNDY_KERNELS=$1 (and the emulator in $run), stdout and stderr to files.
run=()
kernels() {
  local set=$1
  shift
  GRUNDY_KERNELS=$set "${run[@]}" "$GRUNDY" "$@" >"$dir/out" 2>"$dir/err"
}
refused() {  # value, expected message (grundy exits 2 with exactly that line; an emulator may
  # warn before it)
  kernels "$1" nim 1 2
  local code=$?
  [ "$code" = 2 ] && [ ! -s "$dir/out" ] && [ "$(grep -v '^qemu' "$dir/err")" = "grundy: $2" ] ||
    { echo "got exit $code: $(cat "$dir/err")"; return 1; }
}
answers() {  # label, set ("": the best): writes $dir/answers.<label> (no timings)
  local label=$1 set=$2 a="$dir/answers.$1"
  kernels "$set" --version && cat "$dir/out" >"$a" &&
    kernels "$set" octal grundy --values 3000 --out "$dir/g.$label.bin" &&
    kernels "$set" octal 0.762 --values 600 && grep -v -i "second" "$dir/out" >>"$a" &&
    kernels "$set" uttt playouts 300 --seed 4 --json && grep -v second "$dir/out" >>"$a" &&
    kernels "$set" dots solve 2x2 --json && grep -v -E "second|nodes_per" "$dir/out" >>"$a" &&
    kernels "$set" uttt analyze --iterations 2000 --threads 1 --json &&
    grep -v second "$dir/out" >>"$a"
}
same_answers() {  # label, reference label
  [ "$(tail -n +2 "$dir/answers.$1")" = "$(tail -n +2 "$dir/answers.$2")" ] &&
    cmp -s "$dir/g.$1.bin" "$dir/g.$2.bin" || { echo "$1 and $2 differ"; return 1; }
}

check "unknown name" refused avx3 \
  "GRUNDY_KERNELS='avx3' is not a kernel set; use scalar, avx2 or avx512 (or leave it unset)"
check "name in capitals" refused AVX2 \
  "GRUNDY_KERNELS='AVX2' is not a kernel set; use scalar, avx2 or avx512 (or leave it unset)"
sets=()
for set in scalar avx2 avx512; do
  if kernels "$set" --version; then
    sets+=("$set")
    check "$set named by --version" grep -qx "grundy 0.1 (kernels: $set)" "$dir/out"
    check "$set answers" answers "$set" "$set"
    check "$set answers like scalar" same_answers "$set" scalar
  else
    check "$set refused by name" grep -q "^grundy: GRUNDY_KERNELS=$set: this CPU lacks" "$dir/err"
  fi
done
check "unset: the best set" kernels "" --version
check "unset: the best set named" grep -qx "grundy 0.1 (kernels: ${sets[-1]})" "$dir/out"

# Emulated CPUs (qemu-user runs the binary itself; not under sanitizers, whose shadow memory
# it does not map).
if command -v qemu-x86_64 >/dev/null && [ -z "${GRUNDY_SANITIZED:-}" ] &&
  [ "$(uname -m)" = x86_64 ]; then
  run=(qemu-x86_64 -cpu qemu64)
  check "qemu64: scalar by default" kernels "" --version
  check "qemu64: named" grep -qx "grundy 0.1 (kernels: scalar)" "$dir/out"
  check "qemu64: avx2 refused" refused avx2 \
    "GRUNDY_KERNELS=avx2: this CPU lacks AVX2, BMI1, BMI2 and POPCNT; it runs scalar"
  check "qemu64: answers" answers qemu64 ""
  check "qemu64: answers like scalar" same_answers qemu64 scalar
  run=(qemu-x86_64 -cpu Haswell)
  check "Haswell: avx2 by default" kernels "" --version
  check "Haswell: named" grep -qx "grundy 0.1 (kernels: avx2)" "$dir/out"
  check "Haswell: avx512 refused" refused avx512 \
    "GRUNDY_KERNELS=avx512: this CPU lacks AVX-512 F, BW, DQ and VL; it runs scalar, avx2"
  check "Haswell: answers" answers haswell ""
  check "Haswell: answers like scalar" same_answers haswell scalar
else
  echo "qemu-x86_64 not used (not installed, not x86-64, or under sanitizers)"
fi
echo "kernel sets: $pass passed, $fail failed"
[ "$fail" = 0 ]
