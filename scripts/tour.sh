#!/usr/bin/env bash
# `make tour`: a short tour of what grundy answers, each step a command you can run yourself.
set -euo pipefail
cd "$(dirname "$0")/.."
GRUNDY=${GRUNDY:-build/grundy}
step() {
  echo
  echo "\$ grundy $*"
  "$GRUNDY" "$@"
}
echo "grundy: who wins a combinatorial game with perfect play, and which move wins."
step nim 3 4 5
step nim 1 1 2 --misere
step subtraction --set 1,3,4 --values 21
step subtraction --set 1,3,4 --at 1000000000000000000
step subtraction --set powers:4 --values 30
step octal 0.77 --values 24
step octal .07 --at 1000000000000000000
step hackenbush examples/hackenbush/seed_tree.txt
step hackenbush examples/hackenbush/bbrb.txt
step hackenbush --string 'el;e'
step dots show 3x3 --moves 'a1b1 b1c1 a1a2 b1b2 a2b2'
step dots solve 3x3
step dag examples/dag.txt --start a,b
echo
echo "More: grundy --help, grundy SUBCOMMAND --help, make test, make bench."
