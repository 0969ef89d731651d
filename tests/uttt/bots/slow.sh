#!/bin/sh
# A fake bot for the arena's tests: plays its first turn at once, then answers every later turn
# after 2 seconds (too late for any time the tests give).
turn=0
while read -r opponent; do
  read -r n
  i=0
  while [ "$i" -lt "$n" ]; do
    read -r action
    [ "$i" -eq 0 ] && first=$action
    i=$((i + 1))
  done
  [ "$turn" -gt 0 ] && sleep 2
  echo "$first"
  turn=$((turn + 1))
done
