#!/bin/sh
# A fake bot for the arena's tests: plays its first turn at once, then answers every later turn
# after 2 seconds (too late for any time the tests give).
exec sh "$(dirname "$0")/first.sh" slow
