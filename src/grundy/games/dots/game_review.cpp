#include "grundy/games/dots/game_review.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include "grundy/games/dots/solver.h"
#include "grundy/search/transposition_table.h"

namespace grundy::dots {

GameReview review_game(const Board& board, const std::vector<int>& moves,
                       const ReviewOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  DotsState::after(board, moves);  // InputError naming a line drawn twice
  // Every position of the game, from the empty board to the last.
  std::vector<DotsState> positions{DotsState(board)};
  for (const int m : moves) {
    positions.push_back(positions.back());
    positions.back().play(static_cast<DotsState::Move>(m));
  }
  // One table for the whole game: what the solver learns near the end, the earlier (harder)
  // positions find. Solved from the last position back for that reason. Compact (keys below
  // 2^lines, values within the boxes) on the boards of at most 63 lines where the solver uses it.
  search::TranspositionTable table(options.table_bytes, std::min(board.lines(), 64), board.boxes());
  std::vector<SolveResult> solved(positions.size());
  GameReview review;
  for (std::size_t i = positions.size(); i-- > 0;) {
    if (options.stop && options.stop->load()) break;
    SolveOptions so;
    if (options.seconds > 0) {
      so.seconds = options.seconds -
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (so.seconds <= 0) break;
    }
    so.stop = options.stop;
    so.table = &table;
    so.threads = 1;
    solved[i] = solve(positions[i], so);
    review.nodes += solved[i].nodes;
    review.solved += solved[i].complete;
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const DotsState& before = positions[i];
    const DotsState& after = positions[i + 1];
    MoveReview r;
    r.line = moves[i];
    r.player = before.to_move();
    r.captured = after.points(r.player) - before.points(r.player);
    if (solved[i].complete) {
      r.value_before = solved[i].value;
      r.best = solved[i].best;
    }
    if (solved[i + 1].complete) {
      const int rest = solved[i + 1].value;
      r.value_after = r.captured + (after.is_over()               ? 0
                                    : after.to_move() == r.player ? rest
                                                                  : -rest);
    }
    r.mistake = r.value_before && r.value_after && *r.value_after < *r.value_before;
    review.moves.push_back(std::move(r));
  }
  review.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return review;
}

}  // namespace grundy::dots
