#pragma once
// Balanced openings for matches (`grundy uttt arena --openings K --seed S`): short random move
// sequences whose positions the mcts engine finds close to even, so that playing each twice with
// colours swapped measures the bots rather than the openings.
#include <cstdint>
#include <vector>

#include "grundy/games/uttt/board.h"

namespace grundy::uttt {

struct OpeningOptions {
  int count = 50;
  int plies = 4;  // moves in each opening
  std::uint64_t seed = 1;
  std::uint64_t iterations = 4000;  // mcts playouts to judge a position (one thread: reproducible)
  double tolerance = 0.1;           // kept when the mover's win rate is within 0.5 +- tolerance
};

// `count` distinct openings of `plies` uniformly random legal moves each, none of which ends the
// game, judged balanced; the same list for the same options on every machine.
std::vector<std::vector<Board::Move>> balanced_openings(Rules rules, const OpeningOptions& o);

}  // namespace grundy::uttt
