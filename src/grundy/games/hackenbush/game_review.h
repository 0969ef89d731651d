#pragma once
// Post-game analysis of a Hackenbush game ("analyse this game"): for each cut, the exact value of
// the position before and after it (evaluate(): a nimber, a number or a canonical form, from
// Blue's side as values always are), whether the side that cut was winning before it and still
// is after it, the winning cuts it had, and whether the cut gave a won game away.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/games/hackenbush/graph.h"
#include "grundy/games/hackenbush/play.h"

namespace grundy::hackenbush {

struct CutReview {
  std::uint32_t edge = 0;
  Side side = Side::blue;  // who cut it
  std::string value_before, value_after;
  // The side that cut, moving first before the cut, wins with perfect play; after the cut (the
  // opponent to move) it still does.
  bool wins_before = false, wins_after = false;
  std::vector<std::uint32_t> best;  // its winning cuts before, the first kMaxBest (none: lost)
  bool mistake = false;             // wins_before && !wins_after
};

struct GameReview {
  std::vector<CutReview> moves;
  PositionKind kind = PositionKind::green;  // of the picture the game started from
  bool complete = true;  // false: stopped early by `stop` (the moves reviewed so far)
};

// Winning cuts kept per position.
inline constexpr std::size_t kMaxBest = 10;

// Bound on cuts x edges (each position is valued once, at least linear in the edges).
inline constexpr std::uint64_t kMaxReviewWork = 50'000'000;

// The cuts were checked by play_cuts (InputError otherwise). `stop`, when set, ends the review.
GameReview review_game(const Graph& picture, const std::vector<std::uint32_t>& cuts, Side first,
                       const std::atomic<bool>* stop = nullptr);

}  // namespace grundy::hackenbush
