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
#      (the compiled-in network on 2026-11-28 until net4)
#   9. 14,784 games of the same search with net3, seed 5, and 30,000 more, seed 6
#                                                                  -> gen4a.games, gen4b.games
#  10. a network fitted to gen2, gen3, gen4a and gen4b with targets a quarter the games'
#      results and three quarters the search's values (--result-weight 0.25), 12 epochs,
#      seed 1                                                                      -> net4
#      (the compiled-in network on 2026-11-28 until net6)
#  11. 30,000 games of the same search with net4, seed 7                          -> gen5.games
#  12. net4 trained on (--init) with gen4a, gen4b and gen5, a quarter results, 6 epochs at a
#      third of the learning rate (--lr 0.0003), seed 1                            -> net5
#  13. 30,000 games of the same search with net5, 1,000 expansions a move, seed 8 -> gen6.games
#  14. net5 trained on with gen4b, gen5 and gen6 the same way                     -> net6
#      (the compiled-in network on 2026-11-28 until net7)
#  15. a network of 512 hidden units (network.h's kHidden since 2026-11-28, evening; 256
#      before: the networks of steps 1-14 were made by a tool of 256 units) fitted from
#      nothing to gen2, gen3, gen4a, gen4b, gen5 and gen6, a quarter results, 12 epochs,
#      seed 1                                                                     -> net7
#      (the compiled-in network on 2026-11-28 until net8)
#  16. 30,000 games of the same search with net7, 600 expansions a move, seed 9   -> gen7.games
#  17. net7 trained on with gen5, gen6 and gen7, a quarter results, 6 epochs at --lr 0.0003,
#      seed 1                                                                     -> net8
#      (the compiled-in network on 2026-11-28 until net10)
#  18. 30,000 games of the same search with net8, 1,000 expansions a move, seed 10 -> gen8.games
#  19. 36 threat features (network.h's kInputs 235 since 2026-11-28, night; 199 before: the
#      networks of steps 1-17 were made by a tool of 199 features): net8 trained on (--init; the
#      new features' rows start at zero) with gen5, gen6, gen7 and gen8, a quarter results,
#      6 epochs at --lr 0.0005, seed 1                                            -> net10
#      (the compiled-in network on 2026-11-28 until net11)
#  20. 30,000 games of the same search with net10 (its 16-bit weights, as compiled in), 1,000
#      expansions a move, seed 11                                                -> gen9.games
#  21. 20 features of the big board (network.h's kInputs 255 since 2026-11-29; 235 before):
#      net10's 16-bit weights trained on (--init; the new rows start at zero) with gen9, a
#      quarter results, 6 epochs at --lr 0.0005, seed 1                           -> net11
#      (net11.inc is the committed network_weights.inc)
#
# Every step is deterministic for its seed (one generator per game, a fixed budget, one training
# thread), whatever THREADS is. But the network search has evaluated in 16-bit integers since
# 2026-11-28 (network_eval.h), and the self-play games of steps 3, 5, 7 and of gen4a were made
# with the float evaluation of the time (gen4a was a run of 40,000 games stopped after 14,784):
# today's tool plays other games of the same recipe there, so the networks it makes are of the
# same kind, not the same files. Steps 1-2, gen4b, gen5 and gen6 are the committed ones' games. The
# self-play takes 10-15 minutes per step on 2 cores with the 16-bit search, each training 5-25
# minutes (step 15, 512 units on 185,000 games: 32; step 19: 14): about 4.5 hours in all.
#
#   BUILD=build OUT=/tmp/uttt-net THREADS=2 scripts/train_uttt_net.sh
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
"$train" selfplay --engine net --weights "$out/net3.bin" --games 14784 --iterations 600 \
  --seed 5 --threads "$threads" --out "$out/gen4a.games"
"$train" selfplay --engine net --weights "$out/net3.bin" --games 30000 --iterations 600 \
  --seed 6 --threads "$threads" --out "$out/gen4b.games"
"$train" train --data "$out/gen2.games" --data "$out/gen3.games" --data "$out/gen4a.games" \
  --data "$out/gen4b.games" --epochs 12 --seed 1 --result-weight 0.25 --out "$out/net4"
"$train" selfplay --engine net --weights "$out/net4.bin" --games 30000 --iterations 600 \
  --seed 7 --threads "$threads" --out "$out/gen5.games"
"$train" train --init "$out/net4.bin" --data "$out/gen4a.games" --data "$out/gen4b.games" \
  --data "$out/gen5.games" --epochs 6 --lr 0.0003 --seed 1 --result-weight 0.25 --out "$out/net5"
"$train" selfplay --engine net --weights "$out/net5.bin" --games 30000 --iterations 1000 \
  --seed 8 --threads "$threads" --out "$out/gen6.games"
"$train" train --init "$out/net5.bin" --data "$out/gen4b.games" --data "$out/gen5.games" \
  --data "$out/gen6.games" --epochs 6 --lr 0.0003 --seed 1 --result-weight 0.25 --out "$out/net6"
"$train" train --data "$out/gen2.games" --data "$out/gen3.games" --data "$out/gen4a.games" \
  --data "$out/gen4b.games" --data "$out/gen5.games" --data "$out/gen6.games" --epochs 12 \
  --seed 1 --result-weight 0.25 --out "$out/net7"
"$train" selfplay --engine net --weights "$out/net7.bin" --games 30000 --iterations 600 \
  --seed 9 --threads "$threads" --out "$out/gen7.games"
"$train" train --init "$out/net7.bin" --data "$out/gen5.games" --data "$out/gen6.games" \
  --data "$out/gen7.games" --epochs 6 --lr 0.0003 --seed 1 --result-weight 0.25 --out "$out/net8"
"$train" selfplay --engine net --weights "$out/net8.bin" --games 30000 --iterations 1000 \
  --seed 10 --threads "$threads" --out "$out/gen8.games"
"$train" train --init "$out/net8.bin" --data "$out/gen5.games" --data "$out/gen6.games" \
  --data "$out/gen7.games" --data "$out/gen8.games" --epochs 6 --lr 0.0005 --seed 1 \
  --result-weight 0.25 --out "$out/net10"
"$train" selfplay --engine net --weights "$out/net10.q.bin" --games 30000 --iterations 1000 \
  --seed 11 --threads "$threads" --out "$out/gen9.games"
"$train" train --init "$out/net10.q.bin" --data "$out/gen9.games" --epochs 6 --lr 0.0005 \
  --seed 1 --result-weight 0.25 --out "$out/net11"
echo "wrote $out/net11.inc (the committed src/grundy/games/uttt/network_weights.inc is net11)"
