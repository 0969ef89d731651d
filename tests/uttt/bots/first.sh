#!/bin/sh
# A fake bot for the arena's tests: answers the first valid action of every turn. With an
# argument, after its first turn: "crash" says "boom" on stderr and exits with status 3; "slow"
# answers every later turn after 2 seconds (too late for any time the tests give).
turn=0
while read -r opponent; do
  read -r n
  i=0
  while [ "$i" -lt "$n" ]; do
    read -r action
    [ "$i" -eq 0 ] && first=$action
    i=$((i + 1))
  done
  if [ "$turn" -gt 0 ] && [ "${1:-}" = crash ]; then echo boom >&2; exit 3; fi
  if [ "$turn" -gt 0 ] && [ "${1:-}" = slow ]; then sleep 2; fi
  echo "$first"
  turn=$((turn + 1))
done
