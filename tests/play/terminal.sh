#!/usr/bin/env bash
# `grundy dots|uttt|nim|hackenbush play` as a player types at them (standard input a script
# of commands, as in a terminal): takeback, resign, the game-over message that ends the game
# (no hint after it), a new game from the position, the game record (which --moves reads back
# to the same position), and the post-game analysis of every move. Issue 26.
set -u
: "${GRUNDY:?set GRUNDY to the grundy binary}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/../check.sh"  # check NAME COMMAND..., pass, fail
record_of() {  # the last game record in a play transcript
  awk '/^(> |Score .*: |Your move[^:]*: )?# grundy game record/{buf=""; on=1} on{sub(/^(> |Score [^:]*: |Your move[^:]*: )/, ""); buf=buf $0 "\n"; if ($0 !~ /^#/) on=0} END{printf "%s", buf}' "$1"
}

# Dots and Boxes: a line, undo (back to the empty board), two lines, the record, resign.
printf '%s\n' a1b1 undo b2c2 record resign '?' b1c1 record analyze q |
  "$GRUNDY" dots play 2x2 --engine greedy --seed 3 >"$dir/dots.out" 2>&1
check "dots play exits 0" [ $? = 0 ]
check "dots undo" grep -q "Taken back\.$" "$dir/dots.out"
check "dots resign ends the game" grep -q "^Game over: you resigned at 0–0\.$" "$dir/dots.out"
check "dots: no hint after the end" grep -q "The game is over: no hints" "$dir/dots.out"
check "dots: no move after the end" grep -q "The game is over: type record" "$dir/dots.out"
check "dots record header" grep -q "^# Game: Dots and Boxes 2x2$" "$dir/dots.out"
check "dots record result" grep -q "^# Result: player 1 resigned at 0–0: player 2 wins$" "$dir/dots.out"
record_of "$dir/dots.out" >"$dir/dots.rec"
check "dots record moves (the undone line is gone)" [ "$(tail -n 1 "$dir/dots.rec")" = "b2c2 a1b1" ]
# The record, given to --moves, is the position at the end of the game.
"$GRUNDY" dots show 2x2 --moves "$(cat "$dir/dots.rec")" >"$dir/show.out"
check "dots record reproduces the position" grep -q "2 of 12 lines drawn" "$dir/show.out"
check "dots analysis in play" grep -q "^   1. player 1 b2c2" "$dir/dots.out"

# Play to the end; the game-over message; new game from a position; undo after the end.
lines="a1b1 b1c1 a2b2 b2c2 a3b3 b3c3 a1a2 b1b2 c1c2 a2a3 b2b3 c2c3"
printf '%s\n' $lines '?' undo record q |
  "$GRUNDY" dots play 2x2 --engine random --seed 5 >"$dir/end.out" 2>&1
check "dots game over" grep -q "^Game over: \(you win\|a tie\|the engine wins\) [0-4]–[0-4]\.$" "$dir/end.out"
check "dots undo after the end" [ "$(grep -c '^Game over' "$dir/end.out")" -ge 1 ]
printf '%s\n' new record q |
  "$GRUNDY" dots play 2x2 --moves 'a1b1 b1c1' --engine greedy >"$dir/new.out" 2>&1
check "dots new game from a position" grep -q "A new game from this position (2 lines drawn)" "$dir/new.out"

# Ultimate Tic-Tac-Toe: a move, a hint, undo, resign, the end message, the record.
printf '%s\n' e5 '?' undo e5 record resign '?' d4 record q |
  "$GRUNDY" uttt play --engine random --seed 2 >"$dir/uttt.out" 2>&1
check "uttt play exits 0" [ $? = 0 ]
check "uttt hint during the game" grep -q "^Your move (X): Hint: " "$dir/uttt.out"
check "uttt undo" grep -q "Taken back\.$" "$dir/uttt.out"
check "uttt resign" grep -q "Game over: you resigned: the engine wins\.$" "$dir/uttt.out"
check "uttt: no hint after the end" grep -q "The game is over: no hints" "$dir/uttt.out"
check "uttt: no move after the end" grep -q "The game is over: type record" "$dir/uttt.out"
check "uttt record header" grep -q "^# Game: Ultimate Tic-Tac-Toe, standard rules$" "$dir/uttt.out"
check "uttt record result" grep -q "^# Result: X resigned: O wins$" "$dir/uttt.out"
record_of "$dir/uttt.out" >"$dir/uttt.rec"
moves=$(tail -n 1 "$dir/uttt.rec")
check "uttt record: two moves after the takeback" [ "$(echo "$moves" | wc -w)" = 2 ]
check "uttt record starts with e5" [ "${moves%% *}" = "e5" ]
"$GRUNDY" uttt show --moves "$(cat "$dir/uttt.rec")" --json >"$dir/show.json"
check "uttt record reproduces the position" \
  python3 -c "import json,sys; j=json.load(open(sys.argv[1])); sys.exit(0 if j['moves']==2 else 1)" "$dir/show.json"
printf '%s\n' analyze q | "$GRUNDY" uttt play --moves 'e5 e4' --engine random >"$dir/an.out" 2>&1
check "uttt analysis in play" grep -q "^   2. O e4" "$dir/an.out"

# Nim: a hint while the game is on, a move, the engine's move marked, undo, the record (which
# `nim --moves` reads back, heaps and all), resign, no hint after the end, the analysis.
printf '%s\n' '?' h1-1 undo h1-2 record resign '?' h2-1 analyze q |
  "$GRUNDY" nim play 3 4 5 --engine perfect >"$dir/nim.out" 2>&1
check "nim play exits 0" [ $? = 0 ]
check "nim hint during the game" grep -q "Hint: h1-2 (take 2 from heap 1, leaving 1)\.$" "$dir/nim.out"
check "nim undo" grep -q "Taken back\.$" "$dir/nim.out"
check "nim: the engine's last move marked" grep -q "<- the engine took" "$dir/nim.out"
check "nim resign ends the game" grep -q "^Game over: you resigned: the engine wins\.$" "$dir/nim.out"
check "nim: no hint after the end" grep -q "The game is over: no hints" "$dir/nim.out"
check "nim: no move after the end" grep -q "The game is over: type record" "$dir/nim.out"
check "nim record header" grep -q "^# Heaps: 3 4 5$" "$dir/nim.out"
check "nim record engine" grep -q "^# Engine: perfect$" "$dir/nim.out"
record_of "$dir/nim.out" >"$dir/nim.rec"
check "nim record: the undone move is gone" [ "$(tail -n 1 "$dir/nim.rec" | cut -d' ' -f1)" = "h1-2" ]
"$GRUNDY" nim --moves "$(cat "$dir/nim.rec")" --json >"$dir/nim.json"
check "nim record reproduces the position (h1-2 then the engine's h3-1 from 3 4 5: 1 4 4)" \
  python3 -c "import json,sys; j=json.load(open(sys.argv[1])); sys.exit(0 if j['heaps']==3 and j['nim_sum']==1 else 1)" "$dir/nim.json"
"$GRUNDY" nim analyze-game --moves "$(cat "$dir/nim.rec")" >"$dir/nim.an"
check "nim record analysed from the command line" grep -q "^   1. player 1 h1-2 " "$dir/nim.an"
check "nim analysis in play" grep -q "^   1\. you *h1-2 " "$dir/nim.out"
# Play to the end (misère, the engine a beginner); new game from a position; a record after.
printf '%s\n' h1-1 h2-1 h3-1 h1-1 h2-1 h3-1 q |
  "$GRUNDY" nim play 1 1 1 --misere --engine beginner >"$dir/nim_end.out" 2>&1
check "nim game over" grep -q "^Game over: \(you win\|the engine wins\) (.* took the last token, which loses in misère play)\.$" "$dir/nim_end.out"
printf '%s\n' new record q | "$GRUNDY" nim play 3 4 5 --moves 'h1-2' --first engine >"$dir/nim_new.out" 2>&1
check "nim new game from a position" grep -q "A new game from this position (2 moves played)" "$dir/nim_new.out"
check "nim --first engine" grep -q "You are player 1 (the engine moves first)" "$dir/nim_new.out"
printf '%s\n' new q | "$GRUNDY" nim play 1 --moves h1-1 --first engine >"$dir/nim_over.out" 2>&1
check "nim: nothing to play from an empty position" grep -q "every heap is empty" "$dir/nim_over.out"

# Hackenbush: a hint, a cut, the engine's cut and what fell, undo, the record (a FILE and
# --moves read it back), resign, no hint after the end, the analysis.
pic=$(cd "$(dirname "$0")/../.." && pwd)/examples/hackenbush/green_blue_red.txt
printf '%s\n' '?' e1 undo e3 record resign '?' e0 analyze q |
  "$GRUNDY" hackenbush play "$pic" --engine perfect >"$dir/hb.out" 2>&1
check "hackenbush play exits 0" [ $? = 0 ]
check "hackenbush hint during the game" grep -q "Hint: cut e0 (0-1) (5 winning cuts)\.$" "$dir/hb.out"
check "hackenbush: your cut and what fell" grep -q "^Your move (Blue): You cut e3 (0-4 b); e4, e5 fall with it\.$" "$dir/hb.out"
check "hackenbush: the engine's cut shown" grep -q "^The engine (Red) cut e" "$dir/hb.out"
check "hackenbush undo" grep -q "Taken back\.$" "$dir/hb.out"
check "hackenbush resign" grep -q "^Game over: you resigned: the engine wins\.$" "$dir/hb.out"
check "hackenbush: no hint after the end" grep -q "The game is over: no hints" "$dir/hb.out"
check "hackenbush record picture" grep -q "^# edge 4 6 r$" "$dir/hb.out"
check "hackenbush record result" grep -q "^# Result: unfinished$" "$dir/hb.out"
record_of "$dir/hb.out" >"$dir/hb.rec"
check "hackenbush record: two cuts, the first e3" [ "$(tail -n 1 "$dir/hb.rec" | cut -d' ' -f1)" = "e3" ]
"$GRUNDY" hackenbush "$dir/hb.rec" --json >"$dir/hb.json"
check "hackenbush record reproduces the position" \
  python3 -c "import json,sys; j=json.load(open(sys.argv[1])); sys.exit(0 if len(j['cuts'])==2 and j['to_move']=='blue' else 1)" "$dir/hb.json"
"$GRUNDY" hackenbush --moves "$(cat "$dir/hb.rec")" --json >"$dir/hb2.json"
check "hackenbush record as --moves" cmp -s "$dir/hb.json" "$dir/hb2.json"
check "hackenbush analysis in play" grep -q "^   1\. you (Blue) *e3 " "$dir/hb.out"
# To the end (the engine cuts first, you are Red), then new from a position.
printf '%s\n' e0 e1 e2 e3 e4 e5 q |
  "$GRUNDY" hackenbush play --string 'ee;e' --side red --first engine --engine beginner >"$dir/hb_end.out" 2>&1
check "hackenbush game over" grep -q "^Game over: \(you win\|the engine wins\) — \(you have\|the engine has\) no edge left to cut\.$" "$dir/hb_end.out"
check "hackenbush: you are Red" grep -q "You are Red (you may cut red and green edges), the engine cuts first" "$dir/hb_end.out"
printf '%s\n' new q | "$GRUNDY" hackenbush play --string 'eee' --moves e2 >"$dir/hb_new.out" 2>&1
check "hackenbush new game from a position" grep -q "A new game from this position (1 cut made)" "$dir/hb_new.out"

echo "play in the terminal: $pass passed, $fail failed"
[ "$fail" = 0 ]
