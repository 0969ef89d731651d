#!/bin/sh
# A fake bot for the arena's tests: plays its first turn, then says "boom" on stderr and exits
# with status 3.
turn=0
while read -r opponent; do
  read -r n
  i=0
  while [ "$i" -lt "$n" ]; do
    read -r action
    [ "$i" -eq 0 ] && first=$action
    i=$((i + 1))
  done
  if [ "$turn" -gt 0 ]; then echo boom >&2; exit 3; fi
  echo "$first"
  turn=$((turn + 1))
done
