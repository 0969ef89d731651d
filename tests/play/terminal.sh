#!/usr/bin/env bash
# `grundy dots play` and `grundy uttt play` as a player types at them (standard input a script
# of commands, as in a terminal): takeback, resign, the game-over message that ends the game
# (no hint after it), a new game from the position, the game record (which --moves reads back
# to the same position), and the post-game analysis of every move. Issue 26.
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
record_of() {  # the last game record in a play transcript
  awk '/^(> |Score .*: |Your move .*: )?# grundy game record/{buf=""; on=1} on{sub(/^(> |Score [^:]*: |Your move [^:]*: )/, ""); buf=buf $0 "\n"; if ($0 !~ /^#/) on=0} END{printf "%s", buf}' "$1"
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

echo "play in the terminal: $pass passed, $fail failed"
[ "$fail" = 0 ]
