#include "grundy/search/mcts.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <unordered_map>

#include "grundy/search/random.h"
#include "grundy/search/testing/toy_games.h"

namespace grundy::search {
namespace {

using testing::CoinRow;
using testing::TicTacToe;

int sign(int v) {
  return (v > 0) - (v < 0);
}

// The game result for the player to move with perfect play: the sign of the final margin.
template <class S>
int perfect_result(const S& s) {
  S copy = s;
  return sign(margin(s, s.to_move()) + testing::minimax(copy));
}

// The same for tic-tac-toe, remembered by position: its hash (the two players' cells times an odd
// constant, plus the turn) differs between positions (the plain minimax from the empty board is
// half a million nodes, slow under the sanitizers when asked again for every move of 40 games).
int perfect_ttt(const TicTacToe& t) {
  static std::unordered_map<std::uint64_t, int> known;
  if (const auto it = known.find(t.hash()); it != known.end()) return it->second;
  const int result = perfect_result(t);
  known.emplace(t.hash(), result);
  return result;
}

TEST(Mcts, TheSolverProvesTicTacToeADraw) {
  Mcts<TicTacToe> mcts(TicTacToe{});
  const auto r = mcts.search({.iterations = 200000});
  EXPECT_EQ(r.proven, 0);
  EXPECT_LT(r.iterations, 200000u) << "a proven root ends the search";
  EXPECT_TRUE(r.has_move);
  EXPECT_FALSE(r.principal_variation.empty());
}

TEST(Mcts, ProvenResultsEqualMinimaxAndProvenWinsArePlayed) {
  Rng rng(3);
  int proven = 0;
  for (int game = 0; game < 40; ++game) {
    TicTacToe t;
    while (!t.is_over()) {
      // 3,000 iterations add at most 27,000 nodes: a small tree (the default reserves 2^24
      // nodes per tree, which the sanitizers pay for on every tree of every move).
      Mcts<TicTacToe> mcts(t, {.max_nodes = 1u << 16, .seed = static_cast<std::uint64_t>(game)});
      const auto r = mcts.search({.iterations = 3000, .threads = 1 + game % 2});
      ASSERT_TRUE(r.has_move);
      const int want = perfect_ttt(t);
      if (r.proven != kUnproven) {
        EXPECT_EQ(r.proven, want);
        ++proven;
      }
      for (const auto& m : r.moves)
        if (m.proven != kUnproven) {
          TicTacToe c = t;
          c.play(m.move);
          EXPECT_EQ(m.proven, -perfect_ttt(c));
        }
      if (want == 1) {  // the chosen move keeps the win
        TicTacToe c = t;
        c.play(r.best);
        EXPECT_EQ(perfect_ttt(c), -1);
      }
      MovesOf<TicTacToe> moves;
      t.legal_moves(moves);
      t.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
  }
  EXPECT_GT(proven, 100);
}

TEST(Mcts, ExtraMovesAndScoresAreProvenCorrectly) {
  Rng rng(8);
  int proven = 0;
  for (int i = 0; i < 200; ++i) {
    std::vector<int> coins(1 + rng.below(9));
    for (auto& c : coins) c = static_cast<int>(rng.below(9)) + 1;
    CoinRow row(coins);
    Mcts<CoinRow> mcts(row, {.max_nodes = 1u << 18});  // room for 20,000 iterations
    const auto r = mcts.search({.iterations = 20000});
    if (r.proven == kUnproven) continue;
    ++proven;
    EXPECT_EQ(r.proven, perfect_result(row)) << "row " << i;
  }
  EXPECT_GT(proven, 150);
}

TEST(Mcts, TreeReuseKeepsTheSubtreeAndAStopFlagEndsTheSearch) {
  TicTacToe t;
  Mcts<TicTacToe> mcts(t);
  auto r = mcts.search({.iterations = 2000});
  const auto nodes_before = r.nodes;
  mcts.advance(r.best);
  t.play(r.best);
  EXPECT_TRUE(mcts.root() == t);
  r = mcts.search({.iterations = 1});
  EXPECT_GT(r.nodes, 1u);
  EXPECT_LT(r.nodes, nodes_before);
  std::atomic<bool> stop{true};
  r = mcts.search({.stop = &stop});
  EXPECT_EQ(r.iterations, 0u);
  EXPECT_TRUE(r.has_move);
}

}  // namespace
}  // namespace grundy::search

namespace grundy::search {
namespace {

struct Cell {
  std::uint64_t a, b;
};

TEST(NodePool, PrefaultBacksTheMemoryInStepsAndLeavesTheNodesAlone) {
  NodePool<Cell> pool(1 << 20);
  for (std::uint64_t i = 0; i < 1000; ++i) pool.push_back({i, ~i});
  const std::size_t nodes = 100000, step = 64 << 10;  // 1.6 MB in 64 KiB steps
  int calls = 1;
  while (pool.prefault(nodes, step)) ++calls;
  EXPECT_EQ(calls, static_cast<int>((nodes * sizeof(Cell) + step - 1) / step));
  EXPECT_FALSE(pool.prefault(nodes, step));         // done: nothing left
  EXPECT_TRUE(pool.prefault(nodes + 10000, 4096));  // more nodes: more to back
  EXPECT_FALSE(pool.prefault(std::size_t{1} << 40, std::size_t{1} << 40));  // up to capacity
  for (std::uint64_t i = 0; i < 1000; ++i) {
    ASSERT_EQ(pool[i].a, i);
    ASSERT_EQ(pool[i].b, ~i);
  }
}

}  // namespace
}  // namespace grundy::search
