#pragma once
// Post-game analysis of a whole Ultimate Tic-Tac-Toe game ("analyse this game"). The game is
// unsolved, so each position gets the engine's evaluation from a fixed budget (reproducible: a
// number of MCTS playouts and a seed): the mover's win rate before each move and after it
// (one minus the opponent's win rate in the position it left; exact at the end of the game),
// the engine's best move, and the moves that lost much of the mover's chances marked.
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/games/uttt/board.h"

namespace grundy::uttt {

// A move is a mistake when it lowers the mover's win rate by this much (a draw counts half), or
// turns a proved win into anything less.
inline constexpr double kMistakeDrop = 0.15;

struct MoveReview {
  Board::Move move = 0;
  int player = 0;                                  // 0 = X, 1 = O
  double value_before = 0.5, value_after = 0.5;    // the mover's win rate
  std::optional<int> result_before, result_after;  // proved: +1 win, 0 draw, -1 loss (mover)
  Board::Move best = 0;
  bool mistake = false;
};

struct GameReview {
  Rules rules = Rules::standard;
  std::vector<MoveReview> moves;
  std::uint64_t iterations = 0;  // per position
  std::uint64_t seed = 1;
  std::uint64_t playouts = 0;  // in all
  double seconds = 0;
};

struct ReviewOptions {
  std::uint64_t iterations = 10000;  // MCTS playouts per position
  std::uint64_t seed = 1;
  const std::atomic<bool>* stop = nullptr;  // a server's deadline
};

// The moves from the empty board under `rules` (InputError for an illegal one, as play_moves).
GameReview review_game(std::string_view moves, Rules rules, const ReviewOptions& options = {});

}  // namespace grundy::uttt
