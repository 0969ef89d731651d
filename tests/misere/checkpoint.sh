#!/usr/bin/env bash
# grundy misere --quotient --checkpoint: a run stopped with SIGINT (and one with SIGTERM) resumes
# from its checkpoint to the same answer as an unbroken run; a damaged checkpoint is refused and
# left as it was.
set -u
: "${GRUNDY:?set GRUNDY to the grundy binary}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Long enough that each stop (after the run's first checkpoint, 1 s in) comes before the end:
# 70 takes 3.9 s on the AMD EPYC host of 2026-12-02, where 64 (2.4 s) left the second stop a
# fraction of a second and a loaded CI run finished first.
heap=70
[ -n "${GRUNDY_SANITIZED:-}" ] && heap=52  # 6 s of work there (56: 12 s): the signal comes after 1 s
pass=0
fail=0
check() {  # name, condition (exit status of a test)
  if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1"; fi
}
"$GRUNDY" misere 4.07 --quotient --max-heap $heap --json >"$tmp/whole.json"
# One run, stopped twice: with SIGINT at its first checkpoint, then, resumed, with SIGTERM at the
# next one; the second resume runs to the end (two runs' work instead of three).
ck="$tmp/run.ckpt"
wait_for_checkpoint() {  # until $ck exists and differs from $1 (empty: any checkpoint), or the
  # run ($pid) has ended; bounded
  for _ in $(seq 600); do
    if [ -s "$ck" ] && { [ -z "$1" ] || ! cmp -s "$ck" "$1"; }; then return; fi
    kill -0 "$pid" 2>/dev/null || return
    sleep 0.05
  done
}
prev=
resume=
for sig in INT TERM; do
  "$GRUNDY" misere 4.07 --quotient --max-heap $heap --checkpoint "$ck" --checkpoint-every 1 \
    $resume --json >"$tmp/$sig.out" 2>"$tmp/$sig.err" &
  pid=$!
  # A checkpoint (the first one after 1 s) shows it is computing with its signal handlers in
  # place, seconds before it could finish: stop it then.
  wait_for_checkpoint "$prev"
  kill -$sig $pid 2>/dev/null
  wait $pid
  code=$?
  [ $code = 130 ] && grep -q "checkpoint '$ck' saved" "$tmp/$sig.err"
  check "$sig: stopped with status 130, the message names the checkpoint (status $code)" $?
  [ -s "$ck" ] && ! cmp -s "$ck" "$prev" 2>/dev/null
  check "$sig: a new checkpoint was written" $?
  "$GRUNDY" misere 4.07 --quotient --max-heap $heap --checkpoint "$ck" >/dev/null 2>"$tmp/again.err"
  [ $? = 2 ] && grep -q "exists: add --resume" "$tmp/again.err"
  check "$sig: an existing checkpoint without --resume is refused" $?
  prev="$tmp/$sig.saved"
  cp "$ck" "$prev"
  resume=--resume
done
cp "$ck" "$tmp/before-damage.ckpt"
"$GRUNDY" misere 4.07 --quotient --max-heap $heap --checkpoint "$ck" --resume --json \
  >"$tmp/resumed.json"
cmp -s "$tmp/whole.json" "$tmp/resumed.json"
check "stopped by SIGINT, then SIGTERM: the resumed run answers as the unbroken one" $?
cp "$tmp/before-damage.ckpt" "$ck"
sed -i 's/"p_portion":"0/"p_portion":"1/' "$ck"
cp "$ck" "$tmp/damaged"
"$GRUNDY" misere 4.07 --quotient --max-heap $heap --checkpoint "$ck" --resume >/dev/null \
  2>"$tmp/bad.err"
[ $? = 2 ] && grep -q "not the quotient of its heaps" "$tmp/bad.err" && cmp -s "$ck" "$tmp/damaged"
check "a damaged checkpoint is refused and left as it was" $?
echo "misere checkpoint: $pass passed, $fail failed"
[ $fail = 0 ]
