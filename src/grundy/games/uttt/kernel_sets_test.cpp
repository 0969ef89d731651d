// Ultimate Tic-Tac-Toe under every kernel set the CPU runs (core/kernel_set.h): the playouts and
// the MCTS iterations run code compiled for each set, and must give the same games and the same
// trees, bit for bit.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/games/uttt/board.h"
#include "grundy/games/uttt/playout.h"
#include "grundy/search/mcts.h"
#include "grundy/search/random.h"
#include "grundy/testing/kernel_sets.h"
#include "grundy/testing/sanitized.h"

namespace grundy::uttt {
namespace {

TEST(UtttKernelSets, SelectBitEqualsThePlainLoop) {
  search::Rng rng(3);
  for (KernelSet set : supported_kernel_sets()) {
    ScopedKernelSet use(set);
    for (int trial = 0; trial < 20000; ++trial) {
      const std::uint64_t x = rng() & rng() >> (trial % 7);
      if (x == 0) continue;
      const auto k = static_cast<unsigned>(rng.below(static_cast<std::uint32_t>(std::popcount(x))));
      std::uint64_t y = x;
      for (unsigned i = 0; i < k; ++i) y &= y - 1;
      ASSERT_EQ(select_bit(x, k), std::countr_zero(y)) << kernel_set_name(set) << " " << x;
    }
  }
}

TEST(UtttKernelSets, PlayoutsAndSearchesAreTheSameUnderEverySet) {
  const std::uint64_t games = sanitized() ? 2000 : 30000;
  const std::uint64_t iterations = sanitized() ? 3000 : 40000;
  std::vector<std::uint64_t> want_games, want_tree;
  for (KernelSet set : supported_kernel_sets()) {
    ScopedKernelSet use(set);
    const PlayoutStats p = random_playouts(Board(), games, 11);
    const std::vector<std::uint64_t> got_games = {p.x_wins, p.o_wins, p.draws, p.plies};
    search::Mcts<Board> mcts(Board(), search::MctsOptions{.seed = 5});
    const auto r = mcts.search(search::MctsLimits{.iterations = iterations});
    std::vector<std::uint64_t> got_tree = {r.best, r.nodes};
    for (const auto& m : r.moves) got_tree.insert(got_tree.end(), {m.move, m.visits});
    if (want_games.empty()) {
      want_games = got_games;
      want_tree = got_tree;
      continue;
    }
    EXPECT_EQ(got_games, want_games) << kernel_set_name(set);
    EXPECT_EQ(got_tree, want_tree) << kernel_set_name(set);
  }
}

}  // namespace
}  // namespace grundy::uttt
