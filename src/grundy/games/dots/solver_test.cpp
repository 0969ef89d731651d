#include "grundy/games/dots/solver.h"

#include <cstdlib>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/games/dots/solver_graph.h"
#include "grundy/games/dots/solver_state.h"
#include "grundy/games/dots/testing/brute.h"
#include "grundy/search/random.h"
#include "grundy/search/testing/conformance.h"
#include "grundy/testing/sanitized.h"

namespace grundy::dots {
namespace {

DotsState state_of(const Board& b, std::uint64_t drawn) {
  std::vector<int> lines;
  for (int l = 0; l < b.lines(); ++l)
    if ((drawn >> l) & 1) lines.push_back(l);
  return DotsState::after(b, lines);
}

std::uint64_t random_drawn(const Board& b, search::Rng& rng, int undrawn) {
  std::uint64_t drawn = b.all_lines().lo;
  for (int k = 0; k < undrawn; ++k) {
    int l;
    do l = static_cast<int>(rng.below(static_cast<std::uint32_t>(b.lines())));
    while (!((drawn >> l) & 1));
    drawn &= ~(std::uint64_t{1} << l);
  }
  return drawn;
}

// Value and every best line of `drawn` against the exhaustive reference; adds to `deferred` the
// moves the search threads put off (defer_busy).
void expect_solved(const Board& b, testing::BruteDots& brute, std::uint64_t drawn, bool symmetry,
                   int threads = 1, std::uint64_t* deferred = nullptr) {
  const DotsState s = state_of(b, drawn);
  SolveOptions o;
  o.table_bytes = 1 << 16;
  o.symmetry = symmetry;
  o.threads = threads;
  const auto r = solve(s, o);
  if (deferred) *deferred += r.deferred;
  ASSERT_TRUE(r.complete);
  ASSERT_TRUE(r.best_complete);
  ASSERT_EQ(r.value, brute.value(drawn)) << b.size_name() << " drawn " << drawn;
  auto best = r.best;
  std::sort(best.begin(), best.end());
  ASSERT_EQ(best, brute.best(drawn)) << b.size_name() << " drawn " << drawn;
}

TEST(DotsSolver, EveryPositionOfSmallBoardsEqualsExhaustiveSearch) {
  for (auto [r, c] : {std::pair{1, 1}, {1, 2}, {1, 3}, {2, 2}}) {
    const Board& b = Board::get(r, c);
    testing::BruteDots brute(b);
    for (std::uint64_t drawn = 0; drawn < b.all_lines().lo; ++drawn)
      expect_solved(b, brute, drawn, (drawn & 1) != 0);
  }
}

TEST(DotsSolver, RandomPositionsOfLargerBoardsEqualExhaustiveSearch) {
  search::Rng rng(2024);
  struct Case {
    int rows, cols, count, most_undrawn;
  };
  const bool big = !sanitized();
  for (const Case k : {Case{2, 3, big ? 1500 : 500, 17}, Case{1, 5, big ? 300 : 100, 16},
                       Case{2, 4, big ? 400 : 40, 18}, Case{3, 3, big ? 300 : 30, 17}}) {
    const Board& b = Board::get(k.rows, k.cols);
    testing::BruteDots brute(b);
    for (int i = 0; i < k.count; ++i) {
      const int undrawn =
          1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(k.most_undrawn)));
      expect_solved(b, brute, random_drawn(b, rng, std::min(undrawn, b.lines())), i % 2 == 0);
    }
  }
}

// Two threads put off the moves the other is searching at a node (defer_busy, from 16 strings):
// every answer stays the exhaustive search's, and the threads did share moves (else this would
// test nothing: one thread's answers are tested above).
TEST(DotsSolver, TwoThreadsThatShareANodesMovesKeepEveryAnswer) {
  search::Rng rng(77);
  std::uint64_t deferred = 0;
  const Board& b = Board::get(2, 4);
  testing::BruteDots brute(b);
  const int count = sanitized() ? 8 : 30;
  for (int i = 0; i < count; ++i) {
    const int undrawn = b.lines() - static_cast<int>(rng.below(5));
    expect_solved(b, brute, random_drawn(b, rng, undrawn), i % 2 == 0, 2, &deferred);
  }
  EXPECT_GT(deferred, 0u);
}

// A caller's table (players keep one between moves and games; the hint's counting keeps one per
// thread, for every board it is asked about) serves solves on boards of different sizes, with
// and without symmetries, one after another: every answer is still the board's own.
TEST(DotsSolver, ATableSharedByDifferentBoardsNeverMixesThem) {
  search::Rng rng(77);
  search::TranspositionTable table(std::size_t{1} << 20);
  std::vector<std::pair<const Board*, testing::BruteDots>> boards;
  for (auto [r, c] : {std::pair{2, 3}, {3, 2}, {1, 5}, {2, 2}})
    boards.emplace_back(&Board::get(r, c), testing::BruteDots(Board::get(r, c)));
  for (int i = 0; i < (sanitized() ? 150 : 600); ++i) {
    auto& [b, brute] = boards[rng.below(static_cast<std::uint32_t>(boards.size()))];
    const int undrawn = 4 + static_cast<int>(rng.below(10));
    const std::uint64_t drawn = random_drawn(*b, rng, std::min(undrawn, b->lines()));
    SolveOptions o;
    o.table = &table;
    o.symmetry = rng.below(2) == 0;
    const auto r = solve(state_of(*b, drawn), o);
    ASSERT_TRUE(r.complete);
    ASSERT_EQ(r.value, brute.value(drawn))
        << b->size_name() << " drawn " << drawn << ", solve " << i;
    auto best = r.best;
    std::sort(best.begin(), best.end());
    ASSERT_EQ(best, brute.best(drawn)) << b->size_name() << " drawn " << drawn << ", solve " << i;
  }
}

TEST(DotsSolver, PublishedValuesFromTheEmptyBoard) {
  // 1 x n: -1 for odd n, 0 for even n (DESIGN.md).
  for (int n = 1; n <= (sanitized() ? 5 : 8); ++n) {
    const auto r = solve(DotsState(Board::get(1, n)), {.best_moves = false});
    EXPECT_EQ(r.value, n % 2 ? -1 : 0) << "1x" << n;
  }
  const auto r22 = solve(DotsState(Board::get(2, 2)));
  testing::BruteDots brute(Board::get(2, 2));
  EXPECT_EQ(r22.value, brute.value(0));
  if (sanitized()) return;
  // 3 x 3: the second player wins 6-3.
  const auto r33 = solve(DotsState(Board::get(3, 3)), {.best_moves = false});
  EXPECT_EQ(r33.value, -3);
}

TEST(DotsSolver, SolverStatePassesConformanceAndItsKeyIsSymmetric) {
  const Board& b = Board::get(3, 3);
  const SolverGraph g = SolverGraph::of(DotsState(b));
  EXPECT_EQ(g.symmetries.size(), 7u);
  EXPECT_EQ(g.parallel.size(), 4u);  // the corner boxes
  SolverState s(g, g.present_of(DotsState(b)), 0);
  search::testing::check_conformance(s, {.games = 30, .max_plies = 24, .perft_depth = 2});
  // The 8 images of a position share one key.
  search::Rng rng(9);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t present = ~random_drawn(b, rng, 12) & b.all_lines().lo;
    const std::uint64_t key = g.canonical(present);
    for (std::size_t k = 0; k < g.symmetries.size(); ++k)
      EXPECT_EQ(g.canonical(g.apply(k, present)), key);
  }
}

// normalise() (pairs of parallel strings by word operations, wider classes by count) against
// the plain rule on every class: keep the lowest strings, as many as are undrawn.
TEST(DotsSolver, NormaliseKeepsTheLowestStringsOfEachClass) {
  search::Rng rng(5);
  for (const auto& [rows, cols] : {std::pair{1, 1}, std::pair{1, 4}, std::pair{2, 2},
                                   std::pair{3, 3}, std::pair{4, 5}, std::pair{2, 7}}) {
    const Board& b = Board::get(rows, cols);
    const SolverGraph g = SolverGraph::of(DotsState(b));
    ASSERT_FALSE(g.parallel.empty());
    for (int i = 0; i < 2000; ++i) {
      const std::uint64_t present =
          ~random_drawn(b, rng,
                        static_cast<int>(rng.below(static_cast<std::uint32_t>(b.lines()) + 1))) &
          b.all_lines().lo;
      std::uint64_t expected = present;
      for (const auto& p : g.parallel)
        expected = (expected & ~p.mask) | p.lowest[grundy::popcount(present & p.mask)];
      ASSERT_EQ(g.normalise(present), expected) << rows << "x" << cols << " " << present;
    }
  }
}

// The state keeps its images under the symmetries as it plays and undoes (tt_key reads them):
// along random games, with undos, its key is the graph's canonical form of what is present.
TEST(DotsSolver, TheStatesKeptImagesGiveTheCanonicalKey) {
  for (const auto& [rows, cols] : {std::pair{3, 3}, std::pair{2, 4}, std::pair{4, 5}}) {
    const Board& b = Board::get(rows, cols);
    const SolverGraph g = SolverGraph::of(DotsState(b));
    ASSERT_EQ(g.symmetries.size(), rows == cols ? 7u : 3u);
    search::Rng rng(static_cast<std::uint64_t>(10 * rows + cols));
    int checked = 0;
    for (int game = 0; game < 40; ++game) {
      SolverState s(g, g.present_of(DotsState(b)), 0);
      std::vector<std::pair<SolverState::Move, SolverState::Undo>> played;
      while (!s.is_over()) {
        ASSERT_EQ(s.tt_key(), g.canonical(s.present()));
        ++checked;
        if (!played.empty() && rng.below(4) == 0) {  // undo one move now and then
          s.undo(played.back().first, played.back().second);
          played.pop_back();
          continue;
        }
        SolverState::Moves moves;
        s.legal_moves(moves);
        const auto m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
        played.push_back({m, s.play(m)});
      }
      EXPECT_EQ(s.tt_key(), g.canonical(0));
    }
    EXPECT_GE(checked, 40 * b.lines());
  }
}
TEST(DotsSolver, TheCompactGraphOfBigBoardsGivesTheSameValues) {
  // Boards over 64 lines are solved on the graph of their undrawn lines only: check that form
  // against the exhaustive reference on a small board, then run it on a 5x6 endgame.
  const Board& b = Board::get(3, 3);
  testing::BruteDots brute(b);
  search::Rng rng(5);
  for (int i = 0; i < (sanitized() ? 20 : 200); ++i) {
    const std::uint64_t drawn = random_drawn(b, rng, 4 + static_cast<int>(rng.below(12)));
    const DotsState s = state_of(b, drawn);
    const SolverGraph g = SolverGraph::of(s, false, true);
    search::TranspositionTable tt(1 << 16);
    search::AlphaBeta<SolverState> ab(tt);
    SolverState root(g, g.present_of(s), s.to_move());
    root.set_symmetry(false);
    ASSERT_EQ(ab.solve(root, {}).value, brute.value(drawn));
  }
  const Board& big = Board::get(5, 6);  // 71 lines
  std::vector<int> lines;
  for (int l = 0; l < big.lines(); ++l)
    if (l % 7 != 3 && l % 5 != 1) lines.push_back(l);
  DotsState s(big);
  for (int l : lines)
    if (!s.is_over()) s.play(static_cast<DotsState::Move>(l));
  const auto r = solve(s, {.table_bytes = 1 << 22, .seconds = 60});
  ASSERT_TRUE(r.complete);
  EXPECT_LE(std::abs(r.value), s.boxes_left());
  EXPECT_EQ((r.value - s.boxes_left()) % 2, 0);
  for (int l : r.best) EXPECT_FALSE(s.drawn(l));
  EXPECT_FALSE(r.best.empty());
}

TEST(DotsSolver, ABudgetStopsItWithHonestBounds) {
  const auto r = solve(DotsState(Board::get(4, 4)), {.table_bytes = 1 << 20, .max_nodes = 20000});
  EXPECT_FALSE(r.complete);
  EXPECT_LE(r.lower, r.upper);
  EXPECT_GE(r.lower, -16);
  EXPECT_LE(r.upper, 16);
}

// The default table grows with the undrawn lines (the work), and a time budget caps it.
TEST(DotsSolver, TheDefaultTableFollowsTheWork) {
  EXPECT_EQ(default_table_mib(12, 0), 64u);
  EXPECT_EQ(default_table_mib(32, 0), 64u);
  EXPECT_EQ(default_table_mib(33, 0), 256u);
  EXPECT_EQ(default_table_mib(35, 0), 256u);
  EXPECT_EQ(default_table_mib(36, 0), 1024u);
  EXPECT_EQ(default_table_mib(40, 0), 1024u);
  EXPECT_EQ(default_table_mib(49, 0), 4096u);
  EXPECT_EQ(default_table_mib(49, 10), 640u);
  EXPECT_EQ(default_table_mib(49, 0.001), 64u);
  EXPECT_EQ(default_table_mib(20, 1000), 64u);
}

}  // namespace
}  // namespace grundy::dots
