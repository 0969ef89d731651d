#!/usr/bin/env bash
# grundy misere --quotient --checkpoint: a run stopped with SIGINT (and one with SIGTERM) resumes
# from its checkpoint to the same answer as an unbroken run; a damaged checkpoint is refused and
# left as it was.
set -u
: "${GRUNDY:?set GRUNDY to the grundy binary}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
heap=64
[ -n "${GRUNDY_SANITIZED:-}" ] && heap=52  # 6 s of work there (56: 12 s): the signal comes after 1 s
pass=0
fail=0
check() {  # name, condition (exit status of a test)
  if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1"; fi
}
"$GRUNDY" misere 4.07 --quotient --max-heap $heap --json >"$tmp/whole.json"
for sig in INT TERM; do
  ck="$tmp/$sig.ckpt"
  "$GRUNDY" misere 4.07 --quotient --max-heap $heap --checkpoint "$ck" --checkpoint-every 1 \
    --json >"$tmp/$sig.out" 2>"$tmp/$sig.err" &
  pid=$!
  # The first checkpoint (after 1 s) shows it is computing with its signal handlers in place,
  # seconds before it could finish: stop it then.
  for _ in $(seq 600); do
    [ -s "$ck" ] && break
    sleep 0.05
  done
  kill -$sig $pid 2>/dev/null
  wait $pid
  code=$?
  [ $code = 130 ] && grep -q "checkpoint '$ck' saved" "$tmp/$sig.err"
  check "$sig: stopped with status 130, the message names the checkpoint (status $code)" $?
  [ -s "$ck" ]
  check "$sig: a checkpoint was written" $?
  "$GRUNDY" misere 4.07 --quotient --max-heap $heap --checkpoint "$ck" >/dev/null 2>"$tmp/again.err"
  [ $? = 2 ] && grep -q "exists: add --resume" "$tmp/again.err"
  check "$sig: an existing checkpoint without --resume is refused" $?
  "$GRUNDY" misere 4.07 --quotient --max-heap $heap --checkpoint "$ck" --resume --json \
    >"$tmp/$sig.json"
  cmp -s "$tmp/whole.json" "$tmp/$sig.json"
  check "$sig: the resumed run answers as the unbroken one" $?
done
ck="$tmp/INT.ckpt"
sed -i 's/"p_portion":"0/"p_portion":"1/' "$ck"
cp "$ck" "$tmp/damaged"
"$GRUNDY" misere 4.07 --quotient --max-heap $heap --checkpoint "$ck" --resume >/dev/null \
  2>"$tmp/bad.err"
[ $? = 2 ] && grep -q "not the quotient of its heaps" "$tmp/bad.err" && cmp -s "$ck" "$tmp/damaged"
check "a damaged checkpoint is refused and left as it was" $?
echo "misere checkpoint: $pass passed, $fail failed"
[ $fail = 0 ]
