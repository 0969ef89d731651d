#include "grundy/games/dots/game_review.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/dots/testing/brute.h"
#include "grundy/search/random.h"
#include "grundy/testing/sanitized.h"

namespace grundy::dots {
namespace {

// Random whole games on small boards, reviewed with one table for the game: every move's value
// before it and its best lines are the exhaustive search's, and a move is a mistake exactly when
// it is not among them.
TEST(DotsGameReview, EveryMoveOfRandomGamesMatchesExhaustiveSearch) {
  search::Rng rng(12);
  for (auto [r, c] : {std::pair{2, 2}, {2, 3}, {1, 5}}) {
    const Board& b = Board::get(r, c);
    testing::BruteDots brute(b);
    for (int g = 0; g < (sanitized() ? 2 : 10); ++g) {
      std::vector<int> moves;
      DotsState s(b);
      while (!s.is_over()) {
        int l;
        do l = static_cast<int>(rng.below(static_cast<std::uint32_t>(b.lines())));
        while (s.drawn(l));
        s.play(static_cast<DotsState::Move>(l));
        moves.push_back(l);
      }
      const GameReview review = review_game(b, moves, {.seconds = 0});
      ASSERT_EQ(review.moves.size(), moves.size());
      EXPECT_EQ(review.solved, static_cast<int>(moves.size()) + 1);  // and the end
      std::uint64_t drawn = 0;
      for (std::size_t i = 0; i < moves.size(); ++i) {
        const MoveReview& m = review.moves[i];
        ASSERT_TRUE(m.value_before.has_value()) << b.size_name() << " move " << i;
        EXPECT_EQ(*m.value_before, brute.value(drawn)) << b.size_name() << " move " << i;
        auto best = m.best;
        std::sort(best.begin(), best.end());
        EXPECT_EQ(best, brute.best(drawn)) << b.size_name() << " move " << i;
        const auto& all = brute.best(drawn);
        EXPECT_EQ(m.mistake, std::find(all.begin(), all.end(), moves[i]) == all.end())
            << b.size_name() << " move " << i;
        drawn |= std::uint64_t{1} << moves[i];
      }
    }
  }
  EXPECT_THROW(review_game(Board::get(2, 2), {0, 0}), InputError);
}

}  // namespace
}  // namespace grundy::dots
