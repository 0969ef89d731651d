#!/usr/bin/env bash
# Dots and Boxes from the command line, where golden files cannot be used (timings, signals,
# files): solver values in JSON, a whole game through `play` on standard input, and the
# checkpoint contract (Ctrl-C saves and exits 130; --resume continues; damaged, cut or foreign
# checkpoints are refused with exit 2; a finished solve removes its checkpoint).
set -u
: "${GRUNDY:?set GRUNDY to the grundy binary}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/../check.sh"  # check NAME COMMAND..., pass, fail
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
# A table below 1 GiB never takes 1 GiB pages (search/transposition_table.h); the key says which.
check "3x3 table in ordinary pages" [ "$(field "$dir/s.json" "j['table_giant_pages']")" = "False" ]
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
# --checkpoint-entries bounds the file: 25 bytes of magic, 60 of position and keys, 15 an entry,
# 16 of count and seal.
ck10="$dir/ten.ckpt"
"$GRUNDY" dots solve 4x4 --threads 1 --table-mb 64 --checkpoint "$ck10" --checkpoint-entries 10 \
  --seconds 1 >/dev/null 2>"$dir/err10"
check "--checkpoint-entries 10 keeps at most ten" [ "$(stat -c %s "$ck10")" -le $((25 + 60 + 150 + 16)) ]
check "--checkpoint-entries: the count said" grep -qE "saved \(([0-9]|10) table entries\)" "$dir/err10"
for bad in 0 -1 1e3 17179869185; do
  "$GRUNDY" dots solve 4x4 --checkpoint "$ck10" --checkpoint-entries "$bad" --resume \
    --seconds 1 >/dev/null 2>"$dir/err"
  check "--checkpoint-entries $bad refused" [ $? = 2 ]
  check "--checkpoint-entries $bad named" grep -q -- "--checkpoint-entries" "$dir/err"
done
"$GRUNDY" dots solve 3x3 --checkpoint-entries 5 >/dev/null 2>"$dir/err"
check "--checkpoint-entries needs --checkpoint" grep -q "needs --checkpoint FILE" "$dir/err"
# With --distributed it bounds the workers' shared entries the master keeps (docs/distributed.md).
"$GRUNDY" dots solve 3x3 --checkpoint "$dir/d.ckpt" --checkpoint-entries 5 --distributed --json \
  >"$dir/d.json" 2>"$dir/err"
check "--checkpoint-entries with --distributed accepted" [ $? = 0 ]
check "--checkpoint-entries with --distributed: the value" \
  [ "$(python3 -c "import json; print(json.load(open('$dir/d.json'))['value'])")" = -3 ]
check "--checkpoint-entries with --distributed: the finished run removed its checkpoint" \
  [ ! -e "$dir/d.ckpt" ]
cp "$ck" "$dir/good.ckpt"
size=$(stat -c %s "$ck")
printf '\x5a' | dd of="$ck" bs=1 seek=$((size / 2)) conv=notrunc status=none
"$GRUNDY" dots solve 4x4 --checkpoint "$ck" --resume --seconds 1 >/dev/null 2>"$dir/err"
check "damaged checkpoint refused" [ $? = 2 ]
check "damaged checkpoint named" grep -q "damaged\|wrong length" "$dir/err"
check "damaged checkpoint kept" [ -s "$ck" ]
# `dots checkpoint`: what a checkpoint holds, a smaller copy that resumes, and refusals.
"$GRUNDY" dots checkpoint "$ck" >"$dir/ck.out" 2>"$dir/err"
check "dots checkpoint: damaged file refused" [ $? = 2 ]
check "dots checkpoint: damage named" grep -q "damaged\|wrong length" "$dir/err"
"$GRUNDY" dots checkpoint "$dir/good.ckpt" --json >"$dir/ck.json"
check "dots checkpoint: board and bounds" \
  [ "$(field "$dir/ck.json" "(j['board'], j['drawn'], j['to_move'], j['lower'] <= j['upper'])")" = "('4x4', [], 1, True)" ]
check "dots checkpoint: entries by weight add up" \
  [ "$(field "$dir/ck.json" "j['entries'] == sum(w['entries'] for w in j['by_weight']) > 100")" = "True" ]
"$GRUNDY" dots checkpoint "$dir/good.ckpt" --keep 100 --out "$dir/small.ckpt" --json >"$dir/ck.json"
check "dots checkpoint --keep: at most 100 kept" \
  [ "$(field "$dir/ck.json" "0 < j['kept']['entries'] <= 100")" = "True" ]
check "dots checkpoint --keep: the file's size" \
  [ "$(stat -c %s "$dir/small.ckpt")" = $((25 + 60 + 16 + 15 * $(field "$dir/ck.json" "j['kept']['entries']"))) ]
check "dots checkpoint: version 3, this grundy's keys" \
  [ "$(field "$dir/ck.json" "(j['version'], len(j['keys']), j['keys_match'])")" = "(3, 16, True)" ]
# A checkpoint whose solver keyed positions differently (its fingerprint changed) is refused by
# a resume before any entry is read, and `dots checkpoint` says it cannot resume the run.
python3 -c "
d = bytearray(open('$dir/small.ckpt', 'rb').read()); d[25 + 52] ^= 1
h = 0xcbf29ce484222325
for b in d[:-8]: h = ((h ^ b) * 0x100000001b3) % 2**64
open('$dir/keys.ckpt', 'wb').write(d[:-8] + h.to_bytes(8, 'little'))"
"$GRUNDY" dots solve 4x4 --threads 1 --table-mb 64 --checkpoint "$dir/keys.ckpt" --resume \
  --seconds 1 >/dev/null 2>"$dir/err"
check "other keys refused" [ $? = 2 ]
check "other keys named" grep -q "keys positions differently (keys [0-9a-f]\{16\}, this grundy's [0-9a-f]\{16\})" "$dir/err"
"$GRUNDY" dots checkpoint "$dir/keys.ckpt" --json >"$dir/ck.json"
check "dots checkpoint: other keys said" [ "$(field "$dir/ck.json" "j['keys_match']")" = "False" ]
"$GRUNDY" dots checkpoint "$dir/keys.ckpt" >"$dir/ck.out"
check "dots checkpoint: other keys said in text" grep -q "not this grundy's, it cannot resume the run" "$dir/ck.out"
"$GRUNDY" dots checkpoint "$dir/small.ckpt" >"$dir/ck.out"
check "dots checkpoint: text names the position" grep -q "^Checkpoint .*: Dots and Boxes 4x4, 0 of 40 lines drawn, player 1 to move" "$dir/ck.out"
"$GRUNDY" dots solve 4x4 --threads 1 --table-mb 64 --checkpoint "$dir/small.ckpt" --resume \
  --seconds 1 --json >"$dir/s.json" 2>/dev/null
check "a shrunk checkpoint resumes" [ "$(field "$dir/s.json" "j['nodes_before_resume'] > 0")" = "True" ]
# --moves: what the table proves about each line of a position (the empty board here).
"$GRUNDY" dots checkpoint "$dir/good.ckpt" --moves '' >"$dir/ck.out" 2>"$dir/err"
check "dots checkpoint --moves '': a line for each of the 40" \
  [ "$(grep -cE '^  [a-e][1-5][a-e][1-5] +(exactly|at most|at least|in \[|unknown)' "$dir/ck.out")" = 40 ]
check "dots checkpoint --moves '': the count" \
  grep -qE '^[0-9]+ of 40 lines \([0-9]+ of 6 positions up to symmetry\) with a proven bound: [0-9]+ at most 0, [0-9]+ at least 0\.$' "$dir/ck.out"
"$GRUNDY" dots checkpoint "$dir/good.ckpt" --moves 'b2c2' --json >"$dir/ck.json"
check "dots checkpoint --moves --json: the position and 39 lines" \
  [ "$(field "$dir/ck.json" "(j['position'] == {'drawn': ['b2c2'], 'to_move': 2, 'open': 16}, len(j['lines']), j['board'])")" = "(True, 39, '4x4')" ]
"$GRUNDY" dots checkpoint "$dir/good.ckpt" --moves 'b2c2' --replies --json >"$dir/ck.json"
check "dots checkpoint --moves --replies: 38 replies to each of the 39 lines" \
  [ "$(field "$dir/ck.json" "(sorted(set(len(l['replies']) for l in j['lines'] if 'replies' in l)), len(j['lines']))")" = "([38], 39)" ]
"$GRUNDY" dots checkpoint "$dir/good.ckpt" --moves 'b2c2' --replies >"$dir/ck.out"
check "dots checkpoint --moves --replies: each line counts its replies" \
  [ "$(grep -cE '; then for player [12]: [0-9]+ of 38 lines' "$dir/ck.out")" = 39 ]
"$GRUNDY" dots checkpoint "$dir/good.ckpt" --replies >/dev/null 2>"$dir/err"
check "dots checkpoint --replies needs --moves" grep -q -- "--replies needs --moves LIST" "$dir/err"
for bad in "b2c2 b2c2" "zz" ; do
  "$GRUNDY" dots checkpoint "$dir/good.ckpt" --moves "$bad" >/dev/null 2>"$dir/err"
  check "dots checkpoint --moves '$bad' refused" [ $? = 2 ]
done
"$GRUNDY" dots checkpoint "$dir/good.ckpt" --moves '' --keep 10 --out "$dir/x.ckpt" >/dev/null 2>"$dir/err"
check "dots checkpoint --moves with --keep refused" grep -q "one at a time" "$dir/err"
"$GRUNDY" dots checkpoint "$dir/good.ckpt" --keep 10 >/dev/null 2>"$dir/err"
check "dots checkpoint: --keep needs --out" [ $? = 2 ]
check "dots checkpoint: --keep needs --out: the message" grep -q -- "--keep needs --out FILE" "$dir/err"
"$GRUNDY" dots checkpoint "$dir/good.ckpt" --keep 0 --out "$dir/x.ckpt" >/dev/null 2>"$dir/err"
check "dots checkpoint: --keep 0 refused" [ $? = 2 ]
check "dots checkpoint: --keep 0 refused: the message" grep -q -- "--keep '0' is below 1" "$dir/err"
"$GRUNDY" dots checkpoint "$dir/none.ckpt" >/dev/null 2>"$dir/err"
check "dots checkpoint: a missing file" [ $? = 2 ]
check "dots checkpoint: a missing file: the message" grep -q "cannot read checkpoint" "$dir/err"
head -c $((size - 5)) "$dir/good.ckpt" >"$ck"
"$GRUNDY" dots solve 4x4 --checkpoint "$ck" --resume --seconds 1 >/dev/null 2>"$dir/err"
check "cut checkpoint refused" [ $? = 2 ]
cat "$dir/good.ckpt" >"$ck"
printf 'x' >>"$ck"
"$GRUNDY" dots solve 4x4 --checkpoint "$ck" --resume --seconds 1 >/dev/null 2>"$dir/err"
check "appended checkpoint refused" [ $? = 2 ]
rm -f "$ck"
"$GRUNDY" dots solve 4x4 --threads 1 --table-mb 64 --checkpoint "$ck" --progress >/dev/null \
  2>"$dir/ctrlc.err" &
pid=$!
# Ctrl-C once the first progress line shows the search running with its handler in place.
for _ in $(seq 600); do [ -s "$dir/ctrlc.err" ] && break; sleep 0.1; done
kill -INT $pid
wait $pid
code=$?
check "Ctrl-C exits 130" [ "$code" = 130 ]
check "Ctrl-C saves a checkpoint" [ -s "$ck" ]
check "progress names the test under way and the moves at the top of the tree" \
  grep -qE "value in \\[-16, 16\\], testing value >= 0, at( [0-9]+/[0-9]+)+, table" \
  "$dir/ctrlc.err"

# A stop (SIGSTOP, Ctrl-Z) until SIGCONT is not solving time (core/run_clock.h): a solve with a
# 2-second budget, stopped for 3 seconds once running, takes 5 s or more of wall time and reports
# about 2 s of solving; counted as before, the budget ran out during the stop and the JSON said 5.
start=$(date +%s%N)
"$GRUNDY" dots solve 4x4 --threads 1 --table-mb 64 --seconds 2 --json --progress >"$dir/p.json" \
  2>"$dir/p.err" &
pid=$!
for _ in $(seq 600); do [ -s "$dir/p.err" ] && break; sleep 0.1; done
kill -STOP $pid
sleep 3
kill -CONT $pid
wait $pid
check "stopped solve exits 0" [ $? = 0 ]
wall=$(( ($(date +%s%N) - start) / 1000000 ))
check "a stop does not spend the --seconds budget (wall ${wall} ms)" [ "$wall" -ge 4500 ]
check "a stop is not solving time" [ "$(field "$dir/p.json" "1.5 < j['seconds'] < $wall / 1000 - 2.5")" = True ]
rm -f "$ck"
"$GRUNDY" dots solve 2x2 --checkpoint "$ck" --resume >/dev/null 2>"$dir/err"
check "resume without checkpoint starts afresh" grep -q "starting from the beginning" "$dir/err"
check "a finished solve leaves no checkpoint" [ ! -e "$ck" ]

# Seconds are decimals, as for uttt solve (issue 26): both take 0.5.
"$GRUNDY" dots solve 2x2 --seconds 0.5 --json >"$dir/s.json"
check "dots solve --seconds 0.5" [ $? = 0 ]
"$GRUNDY" uttt solve --moves e5 --seconds 0.5 --json >/dev/null
check "uttt solve --seconds 0.5" [ $? = 0 ]

# Beyond the solver's reach without --seconds and without a terminal: said up front; Ctrl-C
# prints the bounds it reached.
"$GRUNDY" dots solve 5x5 --table-mb 64 --threads 1 >"$dir/far.out" 2>"$dir/far.err" &
pid=$!
for _ in $(seq 100); do [ -s "$dir/far.err" ] && break; sleep 0.1; done
kill -INT $pid
wait $pid
check "5x5: interrupted" [ $? = 130 ]
check "5x5: out of reach, said up front" grep -q "beyond this solver's reach" "$dir/far.err"
check "5x5: the bounds it reached" grep -q "is between -25 and 25" "$dir/far.out"

# Post-game analysis of a whole 3x3 game (the contract keys of issue 26), in seconds.
game="a1b1 b1c1 c1d1 a4b4 b4c4 c4d4 a1a2 a2a3 a3a4 d1d2 d2d3 d3d4 b2c2 b3c3 b1b2 c1c2 b3b4 c3c4 a2b2 a3b3 c2d2 c3d3 b2b3 c2c3"
"$GRUNDY" dots analyze-game 3x3 --moves "$game" --json >"$dir/g.json"
check "analyze-game: every move" [ "$(field "$dir/g.json" "len(j['moves'])")" = 24 ]
check "analyze-game: contract keys" [ "$(field "$dir/g.json" "all({'move','value_before','value_after','best','mistake'} <= set(m) for m in j['moves'])")" = True ]
check "analyze-game: every position solved" [ "$(field "$dir/g.json" "j['solved']")" = 25 ]
check "analyze-game: the first value is the published -3" [ "$(field "$dir/g.json" "j['moves'][0]['value_before']")" = -3 ]
check "analyze-game: a mistake loses boxes" [ "$(field "$dir/g.json" "all((m['value_after'] < m['value_before']) == m['mistake'] for m in j['moves'])")" = True ]
check "analyze-game: each value after is the next value before" [ "$(field "$dir/g.json" "all(a['value_after'] == a['captured'] + (b['value_before'] if a['player'] == b['player'] else -b['value_before']) for a, b in zip(j['moves'], j['moves'][1:]))")" = True ]
check "analyze-game: in seconds" [ "$(field "$dir/g.json" "j['seconds'] < 30")" = True ]

echo "dots cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
