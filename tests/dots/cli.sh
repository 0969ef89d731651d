#!/usr/bin/env bash
# Dots and Boxes from the command line, where golden files cannot be used (timings, signals,
# files): solver values in JSON, a whole game through `play` on standard input, and the
# checkpoint contract (Ctrl-C saves and exits 130; --resume continues; damaged, cut or foreign
# checkpoints are refused with exit 2; a finished solve removes its checkpoint).
set -u
: "${GRUNDY:?set GRUNDY to the grundy binary}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pass=0
fail=0
check() {  # check NAME CONDITION-COMMAND...
  local name=$1
  shift
  if "$@"; then pass=$((pass + 1)); else echo "FAIL $name"; fail=$((fail + 1)); fi
}
field() {  # field JSON-FILE PYTHON-EXPRESSION-ON-j
  python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1"
}

# Published values from the empty board (DESIGN.md): 1xn is -1 for odd n, 0 for even n;
# 3x3 is -3 (the second player wins 6-3).
for n in 1 2 3 4 5; do
  "$GRUNDY" dots solve 1x$n --json >"$dir/s.json"
  want=$(( n % 2 ? -1 : 0 ))
  check "1x$n value" [ "$(field "$dir/s.json" "j['value']")" = "$want" ]
done
"$GRUNDY" dots solve 3x3 --json >"$dir/s.json"
check "3x3 value" [ "$(field "$dir/s.json" "j['value']")" = "-3" ]
check "3x3 keys" [ "$(field "$dir/s.json" "sorted(k for k in j if k in ('to_move','score','value','best','nodes','seconds'))")" = "['best', 'nodes', 'score', 'seconds', 'to_move', 'value']" ]
check "3x3 best sorted" [ "$(field "$dir/s.json" "j['best'] == sorted(j['best']) and len(j['best']) > 0")" = "True" ]
check "3x3 to_move" [ "$(field "$dir/s.json" "(j['to_move'], j['score'])")" = "(1, [0, 0])" ]
# After a capture: player 1 completed a1 and moves again.
"$GRUNDY" dots solve 1x2 --moves 'a1b1 a2b2 b2a1 a1a2 b1b2' --json >"$dir/s.json" 2>"$dir/err"
check "bad move list is refused" grep -q "is not a line\|not adjacent" "$dir/err"
"$GRUNDY" dots solve 1x2 --moves 'a1b1 a2b2 a1a2 b1b2' --json >"$dir/s.json"
check "capture keeps the turn" [ "$(field "$dir/s.json" "(j['to_move'], j['score'], j['value'])")" = "(2, [0, 1], 1)" ]

# A whole game through play: every line of 2x2 in order; lines already drawn are refused and
# the next one is tried, so the game reaches its end.
lines="a1b1 b1c1 a2b2 b2c2 a3b3 b3c3 a1a2 b1b2 c1c2 a2a3 b2b3 c2c3"
printf '%s\n' ? $lines q | "$GRUNDY" dots play 2x2 --engine random --seed 3 >"$dir/play.out" 2>&1
code=$?
check "play exits 0" [ "$code" = 0 ]
check "play reaches the end" grep -q "^Game over" "$dir/play.out"
check "play gives a hint" grep -q "Hint: " "$dir/play.out"

# Checkpoints.
ck="$dir/run.ckpt"
"$GRUNDY" dots solve 4x4 --threads 1 --table-mb 64 --checkpoint "$ck" --seconds 1 >/dev/null 2>&1
check "budget end saves a checkpoint" [ -s "$ck" ]
"$GRUNDY" dots solve 4x4 --threads 1 --table-mb 64 --checkpoint "$ck" --seconds 1 >/dev/null 2>"$dir/err"
check "existing checkpoint needs --resume" [ $? = 2 ]
"$GRUNDY" dots solve 4x4 --threads 1 --table-mb 64 --checkpoint "$ck" --resume --seconds 1 --json >"$dir/s.json" 2>/dev/null
check "resume continues" [ "$(field "$dir/s.json" "j['nodes_before_resume'] > 0")" = "True" ]
"$GRUNDY" dots solve 3x3 --checkpoint "$ck" --resume >/dev/null 2>"$dir/err"
check "foreign checkpoint refused" [ $? = 2 ]
check "foreign checkpoint named" grep -q "belongs to another position" "$dir/err"
cp "$ck" "$dir/good.ckpt"
size=$(stat -c %s "$ck")
printf '\x5a' | dd of="$ck" bs=1 seek=$((size / 2)) conv=notrunc status=none
"$GRUNDY" dots solve 4x4 --checkpoint "$ck" --resume --seconds 1 >/dev/null 2>"$dir/err"
check "damaged checkpoint refused" [ $? = 2 ]
check "damaged checkpoint named" grep -q "damaged\|wrong length" "$dir/err"
check "damaged checkpoint kept" [ -s "$ck" ]
head -c $((size - 5)) "$dir/good.ckpt" >"$ck"
"$GRUNDY" dots solve 4x4 --checkpoint "$ck" --resume --seconds 1 >/dev/null 2>"$dir/err"
check "cut checkpoint refused" [ $? = 2 ]
cat "$dir/good.ckpt" >"$ck"
printf 'x' >>"$ck"
"$GRUNDY" dots solve 4x4 --checkpoint "$ck" --resume --seconds 1 >/dev/null 2>"$dir/err"
check "appended checkpoint refused" [ $? = 2 ]
rm -f "$ck"
"$GRUNDY" dots solve 4x4 --threads 1 --table-mb 64 --checkpoint "$ck" >/dev/null 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
code=$?
check "Ctrl-C exits 130" [ "$code" = 130 ]
check "Ctrl-C saves a checkpoint" [ -s "$ck" ]
rm -f "$ck"
"$GRUNDY" dots solve 2x2 --checkpoint "$ck" --resume >/dev/null 2>"$dir/err"
check "resume without checkpoint starts afresh" grep -q "starting from the beginning" "$dir/err"
check "a finished solve leaves no checkpoint" [ ! -e "$ck" ]

echo "dots cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
