#include "grundy/search/alpha_beta.h"

#include <unordered_map>

#include <gtest/gtest.h>

#include "grundy/search/match.h"
#include "grundy/search/random.h"
#include "grundy/search/testing/conformance.h"
#include "grundy/search/testing/toy_games.h"

namespace grundy::search {
namespace {

using testing::CoinRow;
using testing::TicTacToe;

CoinRow random_row(Rng& rng, std::size_t n) {
  std::vector<int> coins(n);
  for (auto& c : coins) c = static_cast<int>(rng.below(9)) + 1;
  return CoinRow(coins);
}

// The value of move m from `row` for the player to move there, by plain minimax.
int move_value(const CoinRow& row, CoinRow::Move m) {
  CoinRow child = row;
  const int me = child.to_move();
  child.play(m);
  const int delta = margin(child, me);
  return child.to_move() == me ? delta + testing::minimax(child) : delta - testing::minimax(child);
}

TEST(ToyGames, PassConformance) {
  testing::check_conformance(TicTacToe{}, {.games = 50, .max_plies = 9, .perft_depth = 4});
  Rng rng(1);
  testing::check_conformance(random_row(rng, 12), {.games = 50, .max_plies = 12});
}

TEST(ToyGames, TicTacToePerftIsTheKnownSequence) {
  // Sequences of exactly d plies, finished games not extended (OEIS A008907 ends in 255168).
  const std::uint64_t expected[] = {1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
  for (int d = 0; d <= 9; ++d) {
    TicTacToe t;
    EXPECT_EQ(perft(t, d), expected[d]) << "depth " << d;
  }
}

TEST(AlphaBeta, SolvesTicTacToeAsADrawAndFindsForcedWins) {
  TranspositionTable tt(1 << 14);
  AlphaBeta<TicTacToe> ab(tt);
  const auto r = ab.solve(TicTacToe{}, {});
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.value, 0);
  // Every position reached by random play: the solver equals plain minimax (computed once a
  // position: the hash of tic-tac-toe is the position itself, and every game starts alike).
  Rng rng(7);
  std::unordered_map<std::uint64_t, int> exact;
  for (int game = 0; game < 200; ++game) {
    TicTacToe t;
    while (!t.is_over()) {
      TicTacToe copy = t;
      const auto known = exact.try_emplace(t.hash(), 0);
      if (known.second) known.first->second = testing::minimax(copy);
      tt.clear();
      EXPECT_EQ(ab.solve(t, {}).value, known.first->second);
      MovesOf<TicTacToe> moves;
      t.legal_moves(moves);
      t.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
  }
}

// Progress during an exact solve says which test runs and where the main search is in it: the
// move it is on at each of the first plies, numbered from 1 of the moves there (tic-tac-toe: 9
// at the root, 8 below, ...). A table of one bucket keeps the search long enough to be seen at
// every poll.
TEST(AlphaBeta, ProgressNamesTheTestAndThePathOfTheSearch) {
  TranspositionTable tt(64);
  AlphaBeta<TicTacToe> ab(tt);
  std::vector<SearchProgress> seen;
  ab.set_progress([&](const SearchProgress& p) { seen.push_back(p); }, 0);
  const auto r = ab.solve(TicTacToe{}, {});
  ASSERT_TRUE(r.complete);
  int inside = 0, later_moves = 0, deep = 0;
  for (const auto& p : seen) {
    if (!p.testing) {
      EXPECT_EQ(p.path_length, 0);
      continue;
    }
    ++inside;
    EXPECT_GE(p.threshold, p.lower + 1);
    EXPECT_LE(p.threshold, p.upper);
    ASSERT_GE(p.path_length, 1);
    ASSERT_LE(p.path_length, SearchProgress::kProgressPlies);
    for (int i = 0; i < p.path_length; ++i) {
      EXPECT_EQ(p.path_moves[i], 9 - i) << "ply " << i;  // no capture rule: one less a ply
      EXPECT_GE(p.path_move[i], 1);
      EXPECT_LE(p.path_move[i], p.path_moves[i]);
    }
    if (p.path_move[0] > 1) ++later_moves;
    if (p.path_length >= 4) ++deep;
  }
  EXPECT_GT(inside, 10);
  EXPECT_GT(later_moves, 0);  // the numbers move on as the search does
  EXPECT_GT(deep, 0);
  // The reports after each test (the bound it proved) say no test runs.
  EXPECT_FALSE(seen.back().testing);
}

TEST(AlphaBeta, ExtraMovesAndScoresEqualPlainMinimaxWithOneOrTwoThreads) {
  Rng rng(11);
  for (int i = 0; i < 300; ++i) {
    CoinRow row = random_row(rng, 1 + rng.below(14));
    CoinRow copy = row;
    const int want = testing::minimax(copy);
    TranspositionTable tt(1 << 16);  // small: replacement is exercised
    AlphaBeta<CoinRow> ab(tt);
    const auto r = ab.solve(row, {.threads = 1 + i % 2});
    ASSERT_TRUE(r.complete);
    EXPECT_EQ(r.value, want) << "row " << i;
    // The stored best move achieves the value; every move's null-window test agrees with
    // minimax of the child.
    MovesOf<CoinRow> moves;
    row.legal_moves(moves);
    for (const auto m : moves) {
      const int v = move_value(row, m);
      EXPECT_EQ(ab.move_reaches(row, m, want, {}), v >= want);
      if (r.has_move && r.best == m) {
        EXPECT_EQ(v, want);
      }
    }
  }
}

// The same rows with the enhanced transposition cutoff at every node (at the root before any
// move, elsewhere after a first move that failed to cut off, across moves that keep the turn).
struct EtcRow : CoinRow {
  explicit EtcRow(const CoinRow& r) : CoinRow(r) {}
  bool use_etc() const { return true; }
};

TEST(AlphaBeta, TheEnhancedTranspositionCutoffKeepsTheExactValue) {
  Rng rng(12);
  for (int i = 0; i < 300; ++i) {
    const CoinRow start = random_row(rng, 1 + rng.below(16));
    CoinRow plain = start;
    const int want = testing::minimax(plain);
    TranspositionTable tt(1 << 12);  // tiny: entries are replaced between probes
    AlphaBeta<EtcRow> ab(tt);
    EtcRow row(start);
    const auto r = ab.solve(row, {.threads = 1 + i % 2});
    ASSERT_TRUE(r.complete);
    EXPECT_EQ(r.value, want) << "row " << i;
    MovesOf<CoinRow> moves;
    plain.legal_moves(moves);
    for (const auto m : moves) {
      const int v = move_value(start, m);
      for (int t = want - 3; t <= want + 3; ++t)  // null-window tests on both sides of it
        EXPECT_EQ(ab.move_reaches(row, m, t, {}), v >= t) << "row " << i << " move " << int(m);
    }
  }
}

// A row of coins taken from the left, one or two at a time, scoring their sum; an even sum
// keeps the turn. A position (the coins left) is reached after different numbers of moves, so
// in a search of limited depth a child's entry may come from a shallower ply of the same
// iteration: a bound that met the horizon although its depth suffices.
struct PrefixRow {
  using Move = std::uint8_t;  // 0: one coin, 1: two coins
  struct Undo {
    bool kept_turn;
  };
  static constexpr std::size_t kMaxMoves = 2;
  std::vector<int> coins;
  std::size_t left = 0;
  int turn = 0;
  std::array<int, 2> score{};

  int to_move() const { return turn; }
  bool is_over() const { return left == coins.size(); }
  void legal_moves(MoveList<Move, kMaxMoves>& out) const {
    out.clear();
    if (left < coins.size()) out.push_back(0);
    if (left + 1 < coins.size()) out.push_back(1);
  }
  Undo play(Move m) {
    int sum = 0;
    for (int k = 0; k <= m; ++k) sum += coins[left++];
    score[turn] += sum;
    const bool keep = sum % 2 == 0;
    if (!keep) turn ^= 1;
    return {keep};
  }
  void undo(Move m, Undo u) {
    if (!u.kept_turn) turn ^= 1;
    for (int k = 0; k <= m; ++k) score[turn] -= coins[--left];
  }
  std::uint64_t hash() const { return left * 0x9e3779b97f4a7c15ull + turn; }
  std::uint64_t tt_key() const { return left + 1; }
  int points(int player) const { return score[player]; }
  bool operator==(const PrefixRow&) const = default;
  bool use_etc() const { return true; }
  // A horizon that is far from the truth, so that a bound resting on it is wrong when called
  // exact.
  int evaluate() const { return static_cast<int>(left % 3) * 25 - 25; }
};

// Iterative deepening with the cutoff at every node: a child's entry proves a cutoff only if
// it is as deep as the node's search, and a cutoff resting on a bound that met the horizon is
// not exact. An iteration that claims the exact value has it, and every bound the table calls
// exact holds. (Fails when the cutoff ignores the entries' depth.)
TEST(AlphaBeta, TheCutoffInASearchOfLimitedDepthKeepsExactBoundsExact) {
  Rng rng(13);
  int exact_entries = 0;
  for (int i = 0; i < 300; ++i) {
    PrefixRow row;
    for (int k = 0, n = 6 + rng.below(14); k < n; ++k) row.coins.push_back(1 + rng.below(9));
    PrefixRow plain = row;
    const int want = testing::minimax(plain);
    TranspositionTable tt(1 << 16);
    AlphaBeta<PrefixRow> ab(tt);
    for (int depth = 1; depth <= 24; ++depth) {
      const auto r = ab.iterative_deepening(row, {.depth = depth});
      ASSERT_TRUE(r.complete);
      if (r.depth == kUnlimitedDepth) {
        EXPECT_EQ(r.value, want) << "row " << i << " depth " << depth;
      }
    }
    // Every suffix of the row: what the table calls exact holds.
    for (PrefixRow p = row; !p.is_over(); p.play(0)) {
      int lower = 0, upper = 0;
      if (!ab.stored_bounds(p, lower, upper)) continue;
      ++exact_entries;
      PrefixRow q = p;
      const int v = testing::minimax(q);
      EXPECT_LE(lower, v) << "row " << i << " from " << p.left;
      EXPECT_GE(upper, v) << "row " << i << " from " << p.left;
    }
  }
  EXPECT_GT(exact_entries, 100);
}

TEST(AlphaBeta, ANodeBudgetStopsTheSearchWithHonestBounds) {
  Rng rng(5);
  CoinRow row = random_row(rng, 300);
  TranspositionTable tt(1 << 12);
  AlphaBeta<CoinRow> ab(tt);
  const auto r = ab.solve(row, {.max_nodes = 5000});
  EXPECT_FALSE(r.complete);
  EXPECT_TRUE(ab.aborted());
  EXPECT_LE(r.lower, r.upper);
  EXPECT_LT(r.nodes, 5000u + 1024u);
  std::atomic<bool> stop{true};
  EXPECT_FALSE(ab.solve(row, {.stop = &stop}).complete);
}

TEST(AlphaBeta, IterativeDeepeningReachesTheExactValueWhenTheGameIsShort) {
  TranspositionTable tt(1 << 20);
  AlphaBeta<TicTacToe> ab(tt);
  TicTacToe t;
  t.play(0);
  t.play(1);  // X: corner, O: edge beside it: X wins
  const auto r = ab.iterative_deepening(t, {.depth = 20});
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.depth, kUnlimitedDepth);
  EXPECT_EQ(r.value, 1);
  EXPECT_TRUE(r.has_move);
  EXPECT_FALSE(ab.principal_variation(t).empty());
}

class PerfectTicTacToe : public Player<TicTacToe> {
 public:
  std::string name() const override { return "perfect"; }
  std::uint8_t choose(const TicTacToe& s) override {
    AlphaBeta<TicTacToe> ab(tt_);
    const auto r = ab.solve(s, {});
    return r.best;
  }

 private:
  TranspositionTable tt_{1 << 20};
};

TEST(Match, PerfectPlayNeverLosesAndTheIntervalCoversTheScore) {
  PerfectTicTacToe perfect;
  RandomPlayer<TicTacToe> random;
  const auto r = play_match<TicTacToe>(perfect, random, TicTacToe{}, 100, 42, 9);
  EXPECT_EQ(r.games, 100);
  EXPECT_EQ(r.losses, 0);
  EXPECT_GT(r.wins, 70);
  EXPECT_EQ(r.games_first, 50);
  const auto ci = r.score_interval();
  EXPECT_LE(ci.low, r.score());
  EXPECT_GE(ci.high, r.score());
  const auto w = wilson_interval(0, 10);
  EXPECT_EQ(w.low, 0.0);
  EXPECT_NEAR(w.high, 0.2775, 1e-3);  // the textbook Wilson bound for 0 of 10
}

}  // namespace
}  // namespace grundy::search
