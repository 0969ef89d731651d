#!/usr/bin/env bash
# tools/uttt_train (scripts/train_uttt_net.sh's steps) on a small scale: self-play is the same
# for the same seed and differs for another; training writes the float, 16-bit and compiled-in
# forms of a network, which `grundy uttt bot --weights` loads and plays with;
# --init continues from a network; bad numbers and options are refused with status 2, and a file
# that cannot be written (a full disk) fails with status 1.
set -u
: "${TRAIN:?set TRAIN to the uttt_train binary}" "${GRUNDY:?set GRUNDY to the grundy binary}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../check.sh"  # check NAME COMMAND..., pass, fail
play() {  # play SEED OUT
  "$TRAIN" selfplay --engine mcts --games 6 --iterations 60 --seed "$1" --threads 2 \
    --out "$2" 2>/dev/null
}
play 1 "$tmp/a.games"
check "self-play runs" [ $? = 0 ]
play 1 "$tmp/b.games"
check "self-play: the same seed, the same games" cmp -s "$tmp/a.games" "$tmp/b.games"
play 2 "$tmp/c.games"
differ() { ! cmp -s "$1" "$2"; }
check "self-play: another seed, other games" differ "$tmp/a.games" "$tmp/c.games"
check "self-play: six games, each a result and its moves" \
  [ "$(grep -cE '^[XOD]( [a-i][1-9])+ \| -?[0-9]' "$tmp/a.games")" = 6 ]

"$TRAIN" train --data "$tmp/a.games" --data "$tmp/c.games" --epochs 2 --seed 1 \
  --out "$tmp/net" 2>"$tmp/train.err"
check "training runs" [ $? = 0 ]
check "training reports its losses" grep -q "^epoch 2: training loss" "$tmp/train.err"
weights_bytes=$(stat -c %s "$tmp/net.bin" 2>/dev/null)
check "training writes the float network" [ -n "$weights_bytes" ] && [ "$weights_bytes" -gt 0 ]
check "training writes the 16-bit network, as large" \
  [ "$(stat -c %s "$tmp/net.q.bin" 2>/dev/null)" = "$weights_bytes" ]
check "training writes the compiled-in form" grep -q "[0-9]" "$tmp/net.inc"
# The bot's first turn of the CodinGame protocol (no move yet, the 81 cells), with each network.
python3 -c "
print('-1 -1'); print(81)
for r in range(9):
    for c in range(9): print(r, c)" >"$tmp/turn"
for w in net.bin net.q.bin; do
  move=$("$GRUNDY" uttt bot --weights "$tmp/$w" --iterations 300 --seed 1 <"$tmp/turn" 2>&1)
  check "grundy's bot plays with the trained $w ('$move')" \
    grep -qxE "[0-8] [0-8]" <<<"$move"
done
"$TRAIN" train --init "$tmp/net.bin" --data "$tmp/a.games" --epochs 1 --seed 1 --lr 0.0005 \
  --out "$tmp/net2" 2>/dev/null
check "--init continues from a trained network" [ -s "$tmp/net2.bin" ]

ended() {  # ended STATUS NAME MESSAGE ARGS...: that exit status and the message on stderr
  local want=$1 name=$2 message=$3 code ok=0
  shift 3
  "$TRAIN" "$@" >/dev/null 2>"$tmp/err"
  code=$?
  [ $code = "$want" ] && grep -qF -- "$message" "$tmp/err" || ok=1
  check "$name (status $code: $(head -c 200 "$tmp/err"))" [ $ok = 0 ]
}
refused() { ended 2 "$@"; }  # bad input
refused "a negative count" "--games '-1' is negative" selfplay --games -1 --out "$tmp/x"
refused "a count above its range" "--threads '4294967297' is above 256" selfplay --games 1 \
  --threads 4294967297 --out "$tmp/x"
refused "no iterations" "--iterations '0' is below 1" selfplay --iterations 0 --out "$tmp/x"
refused "a rate that is not finite" "--lr 'nan' is not a finite number" train \
  --data "$tmp/a.games" --lr nan --out "$tmp/x"
refused "a misspelt option" "unknown option '--game'" selfplay --game 2 --out "$tmp/x"
refused "an option without its value" "--games needs a value" selfplay --games
refused "a missing data file" "cannot read" train --data "$tmp/none.games" --out "$tmp/x"
refused "weights of the wrong size" "not a network of" train --init "$tmp/a.games" \
  --data "$tmp/a.games" --out "$tmp/x"
refused "an unknown mode" "unknown mode 'play'" play
# A game file is checked line by line (src/grundy/games/uttt/training_game.h): the line named.
{ head -n 2 "$tmp/a.games"; echo "X e5 e5 e5 | 0.5 0.5 0.5"; } >"$tmp/illegal.games"
refused "an illegal move in a game file" \
  "illegal.games line 3: move 2 'e5' (O) is illegal: the cell is occupied" \
  train --data "$tmp/illegal.games" --out "$tmp/x"
echo "W e5 e4" >"$tmp/result.games"
refused "a result that is not X, O or D" "result.games line 1: result 'W' is not X, O or D" \
  train --data "$tmp/result.games" --out "$tmp/x"
echo "X e5 e4 | 0.5 7" >"$tmp/value.games"
refused "a value out of range" "value.games line 1: value 2 '7' is above 1" \
  train --data "$tmp/value.games" --out "$tmp/x"
check "no game file was written by a refused command" [ ! -e "$tmp/x" ]

# A file that cannot be written is the environment's failure: status 1, the reason named.
failed_write() { ended 1 "$@"; }
failed_write "games to a full disk" "cannot write /dev/full: No space left on device" \
  selfplay --games 1 --iterations 20 --seed 1 --out /dev/full
ln -s /dev/full "$tmp/full.bin"
failed_write "weights to a full disk" "No space left on device" \
  train --data "$tmp/a.games" --epochs 1 --out "$tmp/full"

echo "uttt train: $pass passed, $fail failed"
[ "$fail" = 0 ]
