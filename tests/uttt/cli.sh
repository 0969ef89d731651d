#!/usr/bin/env bash
# Command-line checks of `grundy uttt` whose output includes timings (solve, playouts), so they
# are checked field by field rather than against a golden file.
set -u
: "${GRUNDY:?set GRUNDY to the grundy binary}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
expect() {  # name, python expression over j (the JSON document)
  if python3 -c "import json,sys; j=json.load(open('$dir/out')); sys.exit(0 if ($2) else 1)"; then
    echo "ok $1"
  else
    echo "FAIL $1: $2"
    cat "$dir/out"
    fail=1
  fi
}
win52="e5 d4 c1 h3 e7 e1 f2 g5 c5 h4 d2 b4 e3 f9 g7 a1 c2 i4 h1 f1 g3 c8 i5 g6 a8 b6 f8 i6 i8 h6 e9 d8 a5 b5 d5 a4 c3 g9 a7 b1 e2 f5 g4 b3 d9 b9 d7 a2 c4 i2 h5 e6"
"$GRUNDY" uttt solve --rules orlin --moves "$win52" --memory 16 --json >"$dir/out"
expect solve_win "j['result'] == 'win' and j['to_move'] == 'X' and j['first_move'] and j['proof_size'] > 0 and j['nodes'] > 0"
"$GRUNDY" uttt solve --rules orlin --moves "${win52% h5 e6}" --memory 16 --json >"$dir/out"
expect solve_not_win "j['result'] in ('draw', 'loss') and j['to_move'] == 'X'"
"$GRUNDY" uttt solve --rules orlin --nodes 10 --memory 16 --json >"$dir/out"
expect solve_unknown "j['result'] == 'unknown' and j['first_move'] is None"
# A checkpoint: a small budget saves the table; a second run resumes from it and finishes.
opening="e5 d4 b2 e4 e2 f4 h2 d5 b5 f5 h5 d6 b8 e6 e8 f6"
"$GRUNDY" uttt solve --rules orlin --moves "$opening" --memory 64 --nodes 20000 \
  --checkpoint "$dir/ckpt" --json >"$dir/out"
expect checkpoint_saved "j['result'] == 'unknown' and j['checkpoint'].endswith('ckpt')"
"$GRUNDY" uttt solve --rules orlin --moves "$opening" --memory 64 --nodes 200000 \
  --checkpoint "$dir/ckpt" --json --no-proof-size >"$dir/out"
expect checkpoint_resumed "j['resumed'] is True"
"$GRUNDY" uttt solve --rules orlin --moves "$opening i9" --memory 64 --nodes 10 \
  --checkpoint "$dir/ckpt" >"$dir/out" 2>&1
if grep -q "checkpoint of another search" "$dir/out"; then echo "ok checkpoint_other"; else
  echo "FAIL checkpoint_other"; cat "$dir/out"; fail=1; fi
"$GRUNDY" uttt playouts 2000 --seed 7 --json >"$dir/out"
expect playouts "j['playouts'] == 2000 and j['x_wins'] + j['o_wins'] + j['draws'] == 2000 and j['per_second'] > 0"
cp "$dir/out" "$dir/first"
"$GRUNDY" uttt playouts 2000 --seed 7 --json >"$dir/out"
expect playouts_seeded "j['x_wins'] == json.load(open('$dir/first'))['x_wins']"
"$GRUNDY" uttt show --moves 'e5 e4 d2' --svg "$dir/board.svg" >/dev/null
if head -c 4 "$dir/board.svg" | grep -q '<svg'; then echo "ok svg"; else echo "FAIL svg"; fail=1; fi
# Post-game analysis (issue 26): the contract keys, win rates in [0, 1], the end exact.
"$GRUNDY" uttt analyze-game --moves 'd4 a2 c5 g5 b5 e5 f4 i2 g6 a8 a5 i5 h5 d5 h4 e2 e4 f3 g7 c2 i4' --iterations 500 --json >"$dir/out"
expect analyze_game_keys "all({'move','value_before','value_after','best','mistake'} <= set(m) for m in j['moves'])"
expect analyze_game_rates "all(0 <= m['value_before'] <= 1 and 0 <= m['value_after'] <= 1 for m in j['moves'])"
expect analyze_game_end "j['moves'][-1]['value_after'] == 1.0 and j['moves'][-1]['result_after'] == 'win'"
expect analyze_game_chain "all(abs(a['value_after'] - (1 - b['value_before'])) < 1e-3 for a, b in zip(j['moves'], j['moves'][1:]))"
expect analyze_game_mistakes "all(m['mistake'] == (m['value_before'] - m['value_after'] >= j['mistake_drop'] - 1e-4 or (m.get('result_before') == 'win' and m.get('result_after') != 'win')) for m in j['moves'])"
if [ "$fail" = 0 ]; then echo "uttt cli: passed"; fi
exit "$fail"
