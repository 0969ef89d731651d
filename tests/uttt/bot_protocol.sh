#!/usr/bin/env bash
# `grundy uttt bot` over a pipe, driven by a scripted opponent (tests/uttt/bot_protocol.py):
#   - golden: with a fixed search budget and seed, the bot's answers to a scripted game as O and
#     as X are exactly tests/uttt/bot_protocol.golden;
#   - on the clock: every answer is a legal move, each turn's search is given at most the turn's
#     time less the margin (the first turn's longer time on the first), and the bot exits with
#     status 0 at the end of its input;
#   - a turn that does not fit the game ends the bot with status 2 and a one-line message.
set -u
: "${GRUNDY:?set GRUNDY to the grundy binary}"
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
driver() { python3 "$here/bot_protocol.py" "$@"; }

if driver golden "$GRUNDY uttt bot --iterations 400 --seed 7" >"$dir/golden"; then
  if [ "${UPDATE:-0}" = 1 ]; then cp "$dir/golden" "$here/bot_protocol.golden"; fi
  if diff -u "$here/bot_protocol.golden" "$dir/golden"; then echo "ok golden"; else
    echo "FAIL golden: the transcript differs"; fail=1; fi
else
  echo "FAIL golden: the game did not finish"; fail=1
fi

if driver clock "$GRUNDY uttt bot --ms 100 --first-ms 300 --margin-ms 10 --verbose" 100 300 10; then
  echo "ok clock"; else echo "FAIL clock"; fail=1; fi

printf -- '-1 -1\n2\n4 4\n0 0\n' | "$GRUNDY" uttt bot --iterations 10 >"$dir/out" 2>"$dir/err"
code=$?
if [ "$code" = 2 ] && grep -q "valid actions are not the 81 legal moves" "$dir/err"; then
  echo "ok refuses_other_rules"; else echo "FAIL refuses_other_rules ($code)"; cat "$dir/err"; fail=1; fi
printf -- '-1 -1\n1\n4 4\n4 4\n1\n3 3\n' | "$GRUNDY" uttt bot --iterations 10 >"$dir/out" 2>"$dir/err"
code=$?
if [ "$code" = 2 ] && grep -q "the opponent's move 4 4 is illegal here" "$dir/err" &&
   [ "$(cat "$dir/out")" = "4 4" ]; then
  echo "ok refuses_illegal_opponent"; else echo "FAIL refuses_illegal_opponent ($code)"; fail=1; fi
printf -- '-1 -1\n81\n0 0\n' | "$GRUNDY" uttt bot --iterations 10 >"$dir/out" 2>"$dir/err"
code=$?
if [ "$code" = 2 ] && grep -q "the turn ends after 1 of 81 valid actions" "$dir/err"; then
  echo "ok refuses_short_turn"; else echo "FAIL refuses_short_turn ($code)"; fail=1; fi
"$GRUNDY" uttt bot </dev/null >"$dir/out" 2>"$dir/err"
code=$?
if [ "$code" = 0 ] && [ ! -s "$dir/out" ]; then echo "ok empty_input"; else
  echo "FAIL empty_input ($code)"; fail=1; fi
exit $fail
