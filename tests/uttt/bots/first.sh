#!/bin/sh
# A fake bot for the arena's tests: answers the first valid action of every turn.
while read -r opponent; do
  read -r n
  i=0
  while [ "$i" -lt "$n" ]; do
    read -r action
    [ "$i" -eq 0 ] && first=$action
    i=$((i + 1))
  done
  echo "$first"
done
