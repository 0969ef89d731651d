#pragma once
// Random games to the end: `grundy uttt playouts` and the playout benchmark.
#include <cstdint>

#include "grundy/games/uttt/board.h"

namespace grundy::uttt {

struct PlayoutStats {
  std::uint64_t games = 0;
  std::uint64_t x_wins = 0, o_wins = 0, draws = 0;
  std::uint64_t plies = 0;  // moves played in all games
};

// Plays `games` games from `start` (which must not be over), every move uniform over the legal
// moves, on the calling thread. Deterministic for a seed. Two games are played side by side,
// interleaved move by move, so that the processor overlaps their dependency chains.
PlayoutStats random_playouts(const Board& start, std::uint64_t games, std::uint64_t seed);

}  // namespace grundy::uttt
