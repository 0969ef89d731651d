#pragma once
// Post-game analysis of a Nim game ("analyse this game"): for each move, the exact value of the
// position before it (for the player who moved) and after it (for the opponent, now to move),
// the winning moves there were, and whether the move gave a won game away. Exact by Bouton's
// theorem (and its misère form), so every position has its value.
#include <cstdint>
#include <span>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/games/nim/nim.h"

namespace grundy::nim {

struct MoveReview {
  Take move;
  int player = 0;  // 0: the player who moved first in the game, 1: the other
  // The value of the position (analyze(): the xor, or the misère value): before the move for
  // the player making it, after it for the opponent. 0 means the player to move loses.
  std::uint64_t value_before = 0, value_after = 0;
  std::vector<Move> best;  // the winning moves before it, the first kMaxBest (none: lost)
  bool mistake = false;    // a won position (value_before != 0) left won for the opponent
};

struct GameReview {
  Rule rule = Rule::normal;
  std::vector<MoveReview> moves;
};

// Winning moves kept per position (a position may have one per heap).
inline constexpr std::size_t kMaxBest = 10;

// Bound on moves x heaps (each position costs one pass over the heaps): beyond it a LimitError.
inline constexpr std::uint64_t kMaxReviewWork = 100'000'000;

// `moves` from parse_moves(heaps, ...).
GameReview review_game(std::span<const std::uint64_t> heaps, const std::vector<Take>& moves,
                       Rule rule);

}  // namespace grundy::nim
