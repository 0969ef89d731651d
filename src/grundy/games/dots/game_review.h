#pragma once
// Post-game analysis of a whole Dots and Boxes game ("analyse this game"): for each move of the
// record, the exact value before and after it from the mover's point of view, the best lines,
// and whether the move gave boxes away. Values are the solver's margins (solver.h); a position
// the solver does not finish within its time slice is left without a value, never guessed.
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/games/dots/state.h"

namespace grundy::dots {

struct MoveReview {
  int line = -1;
  int player = 0;    // 0 or 1: who drew the line
  int captured = 0;  // boxes the line completed (0, 1 or 2)
  // The best final margin of the boxes still to be won when the move was made, for the mover:
  // before the move (best play from there) and after it (the boxes it took, plus the value of
  // the position it left, negated when the turn passed). after <= before; the difference is
  // what the move gave away.
  std::optional<int> value_before, value_after;
  std::vector<int> best;  // lines that keep value_before (every one, when the solver finished)
  bool mistake = false;   // it gave boxes away (value_after < value_before)
};

struct GameReview {
  std::vector<MoveReview> moves;
  int solved = 0;  // positions the solver finished (of moves.size() + 1)
  std::uint64_t nodes = 0;
  double seconds = 0;
};

struct ReviewOptions {
  // The budget of the whole review (0: none). Positions are solved from the last back to the
  // first, each with the time left, so a short budget leaves the hardest (earliest) ones out.
  double seconds = 60;
  std::size_t table_bytes = std::size_t{64} << 20;
  const std::atomic<bool>* stop = nullptr;  // ends the review at once (values left out)
};

// `moves` are line indices from the empty board (InputError for a line drawn twice).
GameReview review_game(const Board& board, const std::vector<int>& moves,
                       const ReviewOptions& options = {});

}  // namespace grundy::dots
