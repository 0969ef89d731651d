#!/bin/sh
# A fake bot for the arena's tests: answers the cell its opponent just took (occupied), or a
# cell off the grid when it moves first.
while read -r opponent; do
  read -r n
  i=0
  while [ "$i" -lt "$n" ]; do read -r action; i=$((i + 1)); done
  if [ "$opponent" = "-1 -1" ]; then echo "9 9"; else echo "$opponent"; fi
done
