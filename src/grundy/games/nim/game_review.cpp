#include "grundy/games/nim/game_review.h"

#include <string>

#include "grundy/core/error.h"

namespace grundy::nim {

GameReview review_game(std::span<const std::uint64_t> start, const std::vector<Take>& moves,
                       Rule rule) {
  if (!moves.empty() && start.size() > kMaxReviewWork / moves.size())
    throw LimitError("analysing " + std::to_string(moves.size()) + " moves on " +
                     std::to_string(start.size()) + " heaps is beyond the bound of " +
                     std::to_string(kMaxReviewWork) + " heap-positions");
  GameReview review;
  review.rule = rule;
  std::vector<std::uint64_t> heaps(start.begin(), start.end());
  Analysis before = analyze(heaps, rule);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Take& t = moves[i];
    if (t.heap >= heaps.size() || t.take == 0 || t.take > heaps[t.heap])
      throw InputError("move " + std::to_string(i + 1) + " '" + move_name(t) +
                       "' does not fit the heaps");
    heaps[t.heap] -= t.take;
    Analysis after = analyze(heaps, rule);
    MoveReview m;
    m.move = t;
    m.player = static_cast<int>(i % 2);
    m.value_before = before.value;
    m.value_after = after.value;
    m.mistake = before.winner == Winner::first && after.winner == Winner::first;
    if (before.winning_moves.size() > kMaxBest) before.winning_moves.resize(kMaxBest);
    m.best = std::move(before.winning_moves);
    review.moves.push_back(std::move(m));
    before = std::move(after);
  }
  return review;
}

}  // namespace grundy::nim
