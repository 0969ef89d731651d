#!/bin/sh
# A fake bot for the arena's tests: plays its first turn, then says "boom" on stderr and exits
# with status 3.
exec sh "$(dirname "$0")/first.sh" crash
