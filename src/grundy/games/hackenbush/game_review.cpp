#include "grundy/games/hackenbush/game_review.h"

#include <algorithm>

#include "grundy/core/error.h"
#include "grundy/games/hackenbush/record.h"

namespace grundy::hackenbush {

GameReview review_game(const Graph& picture, const std::vector<std::uint32_t>& cuts, Side first,
                       const std::atomic<bool>* stop) {
  if (!cuts.empty() && picture.edge_count() > kMaxReviewWork / cuts.size())
    throw LimitError("analysing " + std::to_string(cuts.size()) + " cuts of a picture of " +
                     std::to_string(picture.edge_count()) + " edges is beyond the bound of " +
                     std::to_string(kMaxReviewWork) + " edge-positions");
  {
    Graph check = picture;
    play_cuts(check, cuts, first);
  }
  GameReview review;
  review.kind = position_kind(picture);
  Graph g = picture;
  Valuation before = evaluate(g);
  for (std::size_t k = 0; k < cuts.size(); ++k) {
    if (stop && stop->load(std::memory_order_relaxed)) {
      review.complete = false;
      break;
    }
    const Side s = k % 2 == 0 ? first : other(first);
    g.cut(cuts[k]);
    Valuation after = evaluate(g);
    CutReview c;
    c.edge = cuts[k];
    c.side = s;
    c.value_before = before.value;
    c.value_after = after.value;
    c.wins_before = wins_moving_first(before.outcome, s);
    c.wins_after = !wins_moving_first(after.outcome, other(s));
    c.mistake = c.wins_before && !c.wins_after;
    if (c.wins_before) {
      auto& wins = before.wins[static_cast<int>(s)];
      c.best.assign(wins.begin(),
                    wins.begin() + static_cast<std::ptrdiff_t>(std::min(wins.size(), kMaxBest)));
    }
    review.moves.push_back(std::move(c));
    before = std::move(after);
  }
  return review;
}

}  // namespace grundy::hackenbush
