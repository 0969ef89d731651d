#!/usr/bin/env bash
# Makes the Ultimate Tic-Tac-Toe evaluation network compiled into grundy
# (src/grundy/games/uttt/network_weights.inc) again, from nothing, with tools/uttt_train:
#
#   1. 30,000 games of rollout-MCTS self-play (1,000 playouts a move), seed 1      -> gen0.games
#   2. a network fitted to their results, 12 epochs, seed 1                        -> net0
#   3. 40,000 games of self-play by the network search with net0 (600 expansions
#      a move, exploration 0.4, the search's constant when these games were made),
#      seed 2                                                                      -> gen1.games
#   4. a network fitted to the results of both sets, 12 epochs, seed 1            -> net1
#      (the compiled-in network from 2026-11-25 to 2026-11-28; net0 was the compiled-in network
#      of commit 43b790c, weaker against TomAlard's bot: docs/uttt.md)
#   5. 40,000 games of the network search with net1 (600 expansions a move, the search's
#      defaults: exploration 0.15, minimax weight 0.6), seed 3                   -> gen2.games
#   6. a network fitted to gen2 alone, 12 epochs, seed 1                         -> net2
#   7. 40,000 games of the same search with net2, seed 4                          -> gen3.games
#   8. a network fitted to gen2 and gen3 with targets half the games' results and half the
#      search's values (--result-weight 0.5), 12 epochs, seed 1                   -> net3
#      (net3.inc is the committed network_weights.inc)
#
# Every step is deterministic for its seed (one generator per game, a fixed budget, one training
# thread), whatever THREADS is. The self-play takes 35-40 minutes per step on 2 cores and each
# training a few minutes: about 3 hours in all (four self-play steps).
#
#   BUILD=build OUT=/tmp/uttt-net THREADS=2 scripts/train_uttt_net.sh
#   cmp "$OUT/net3.inc" src/grundy/games/uttt/network_weights.inc
set -eu
build=${BUILD:-build}
out=${OUT:-/tmp/uttt-net}
threads=${THREADS:-2}
train="$build/uttt_train"
[ -x "$train" ] || { echo "no $train: build it first (make build)" >&2; exit 2; }
mkdir -p "$out"
"$train" selfplay --engine mcts --games 30000 --iterations 1000 --seed 1 --threads "$threads" \
  --out "$out/gen0.games"
"$train" train --data "$out/gen0.games" --epochs 12 --seed 1 --out "$out/net0"
"$train" selfplay --engine net --weights "$out/net0.bin" --exploration 0.4 --games 40000 \
  --iterations 600 --seed 2 --threads "$threads" --out "$out/gen1.games"
"$train" train --data "$out/gen0.games" --data "$out/gen1.games" --epochs 12 --seed 1 \
  --out "$out/net1"
"$train" selfplay --engine net --weights "$out/net1.q.bin" --games 40000 --iterations 600 \
  --seed 3 --threads "$threads" --out "$out/gen2.games"
"$train" train --data "$out/gen2.games" --epochs 12 --seed 1 --out "$out/net2"
"$train" selfplay --engine net --weights "$out/net2.bin" --games 40000 --iterations 600 \
  --seed 4 --threads "$threads" --out "$out/gen3.games"
"$train" train --data "$out/gen2.games" --data "$out/gen3.games" --epochs 12 --seed 1 \
  --result-weight 0.5 --out "$out/net3"
echo "wrote $out/net3.inc (compare it with src/grundy/games/uttt/network_weights.inc)"
