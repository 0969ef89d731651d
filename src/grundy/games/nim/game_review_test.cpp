// The post-game analysis, the engine and the game records of Nim (issue 26): every move's value
// and verdict checked against the generic solver on random games.
#include "grundy/games/nim/game_review.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/solver.h"
#include "grundy/core/strength.h"
#include "grundy/games/nim/engine.h"
#include "grundy/games/nim/nim_as_one_game.h"
#include "grundy/games/nim/record.h"

namespace grundy::nim {
namespace {

// A random game played to the end from random heaps (a random legal move each turn).
struct RandomNimGame {
  std::vector<std::uint64_t> start;
  std::vector<Take> moves;
};
RandomNimGame random_nim_game(std::mt19937_64& rng) {
  RandomNimGame g;
  const std::size_t n = 1 + rng() % 4;
  for (std::size_t i = 0; i < n; ++i) g.start.push_back(rng() % 7);
  auto heaps = g.start;
  while (std::any_of(heaps.begin(), heaps.end(), [](std::uint64_t h) { return h > 0; })) {
    std::size_t i;
    do i = rng() % n;
    while (heaps[i] == 0);
    const std::uint64_t take = 1 + rng() % heaps[i];
    heaps[i] -= take;
    g.moves.push_back({i, take});
  }
  return g;
}

void check_nim_reviews(Rule rule) {
  NimAsOneGame game;
  Solver<NimAsOneGame> s(game, rule);
  std::mt19937_64 rng(rule == Rule::normal ? 1 : 2);
  int mistakes = 0, good = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const auto g = random_nim_game(rng);
    const GameReview r = review_game(g.start, g.moves, rule);
    ASSERT_EQ(r.moves.size(), g.moves.size());
    auto heaps = g.start;
    for (std::size_t k = 0; k < g.moves.size(); ++k) {
      const MoveReview& m = r.moves[k];
      ASSERT_EQ(m.move, g.moves[k]);
      ASSERT_EQ(m.player, static_cast<int>(k % 2));
      const bool won_before = s.winner(heaps) == Winner::first;
      ASSERT_EQ(m.value_before != 0, won_before) << trial << " move " << k;
      if (rule == Rule::normal) {
        ASSERT_EQ(m.value_before, s.value(heaps)) << trial << " move " << k;
      }
      auto after = heaps;
      after[m.move.heap] -= m.move.take;
      const bool opponent_wins = s.winner(after) == Winner::first;
      ASSERT_EQ(m.value_after != 0, opponent_wins);
      ASSERT_EQ(m.mistake, won_before && opponent_wins) << trial << " move " << k;
      // The better moves: winning ones, all of them (up to kMaxBest), none from a lost position.
      auto expected = s.winning_moves(heaps);
      ASSERT_EQ(m.best.size(), std::min(expected.size(), kMaxBest));
      for (const Move& b : m.best) {
        auto q = heaps;
        ASSERT_EQ(q[b.heap], b.from);
        q[b.heap] = b.to;
        ASSERT_NE(s.winner(q), Winner::first);
      }
      mistakes += m.mistake;
      good += won_before && !m.mistake;
      heaps = after;
    }
  }
  // Both verdicts occur often, so the check can fail either way.
  EXPECT_GT(mistakes, 100);
  EXPECT_GT(good, 100);
}

TEST(NimGameReview, EveryMoveAgainstTheGenericSolver) {
  check_nim_reviews(Rule::normal);
}
TEST(NimGameReview, EveryMisereMoveAgainstTheGenericSolver) {
  check_nim_reviews(Rule::misere);
}

TEST(NimGameReview, AnExample) {
  const std::vector<std::uint64_t> heaps{3, 4, 5};
  const auto r = review_game(heaps, parse_moves(heaps, "h1-1 h2-3 h3-2"), Rule::normal);
  ASSERT_EQ(r.moves.size(), 3u);
  EXPECT_EQ(r.moves[0].value_before, 2u);
  EXPECT_EQ(r.moves[0].value_after, 3u);
  EXPECT_TRUE(r.moves[0].mistake);
  ASSERT_EQ(r.moves[0].best.size(), 1u);
  EXPECT_EQ(r.moves[0].best[0], (Move{0, 3, 1}));
  EXPECT_TRUE(r.moves[1].mistake);
  EXPECT_FALSE(r.moves[2].mistake);
  EXPECT_EQ(r.moves[2].value_after, 0u);
}

TEST(NimGameReview, HugeGamesAreALimitNotAHang) {
  const std::vector<std::uint64_t> heaps(1'000'000, 1);
  std::vector<Take> moves(200, Take{0, 1});
  EXPECT_THROW(review_game(heaps, moves, Rule::normal), LimitError);
}

TEST(NimEngine, PerfectAlwaysWinsWhenItCanAndEveryStrengthPlaysLegally) {
  NimAsOneGame game;
  Solver<NimAsOneGame> normal(game, Rule::normal), misere(game, Rule::misere);
  std::mt19937_64 gen(3);
  search::Rng rng(4);
  int random_heaps = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<std::uint64_t> heaps(1 + gen() % 4);
    for (auto& h : heaps) h = gen() % 7;
    if (std::all_of(heaps.begin(), heaps.end(), [](std::uint64_t h) { return h == 0; })) {
      EXPECT_THROW(choose_move(heaps, Rule::normal, Strength::perfect, rng), InputError);
      continue;
    }
    for (const Rule rule : {Rule::normal, Rule::misere}) {
      auto& s = rule == Rule::normal ? normal : misere;
      for (const Strength st : {Strength::perfect, Strength::good, Strength::beginner}) {
        const Take t = choose_move(heaps, rule, st, rng);
        ASSERT_LT(t.heap, heaps.size());
        ASSERT_GE(t.take, 1u);
        ASSERT_LE(t.take, heaps[t.heap]);
        auto after = heaps;
        after[t.heap] -= t.take;
        if (st == Strength::perfect && s.winner(heaps) == Winner::first) {
          ASSERT_NE(s.winner(after), Winner::first) << trial;
        }
        if (st == Strength::beginner && t.heap != 0) ++random_heaps;
      }
    }
  }
  EXPECT_GT(random_heaps, 500);  // the beginner does not always take from the first heap
}

TEST(NimEngine, GoodErrsSometimesAndNotAlways) {
  // In 3 4 5 exactly one move wins (h1-2): good plays it about three times in four.
  const std::vector<std::uint64_t> heaps{3, 4, 5};
  search::Rng rng(9);
  int winning = 0;
  for (int i = 0; i < 4000; ++i)
    winning += choose_move(heaps, Rule::normal, Strength::good, rng) == Take{0, 2};
  EXPECT_GT(winning, 2800);
  EXPECT_LT(winning, 3400);
}

TEST(NimEngine, StrengthNames) {
  EXPECT_EQ(parse_strength("Perfect"), Strength::perfect);
  EXPECT_EQ(parse_strength("good"), Strength::good);
  EXPECT_EQ(parse_strength("BEGINNER"), Strength::beginner);
  EXPECT_THROW(parse_strength("expert"), InputError);
  EXPECT_THROW(parse_strength(""), InputError);
}

TEST(NimRecord, HeaderLinesAndTheirErrors) {
  const auto h = read_record_header(
      "# grundy game record\n# Game: Nim, misère play\n# heaps: 3 4 5\n#Rule: misère\nh1-1\n", "r");
  ASSERT_TRUE(h.heaps.has_value());
  EXPECT_EQ(*h.heaps, (std::vector<std::uint64_t>{3, 4, 5}));
  ASSERT_TRUE(h.rule.has_value());
  EXPECT_EQ(*h.rule, Rule::misere);
  const auto none = read_record_header("h1-1 h2-2", "r");
  EXPECT_FALSE(none.heaps.has_value());
  EXPECT_FALSE(none.rule.has_value());
  EXPECT_THROW(read_record_header("# Heaps: 3 x\n", "r"), InputError);
  EXPECT_THROW(read_record_header("# Heaps:\n", "r"), InputError);
  EXPECT_THROW(read_record_header("# Heaps: 9223372036854775808\n", "r"), InputError);
  EXPECT_THROW(read_record_header("# Heaps: 1\n# Heaps: 2\n", "r"), InputError);
  EXPECT_THROW(read_record_header("# Rule: mis\n", "r"), InputError);
}

TEST(NimRecord, MovesReadBackAsTheyWereWritten) {
  const std::vector<std::uint64_t> heaps{3, 4, 5};
  const std::vector<Take> moves{{0, 1}, {1, 3}, {2, 2}};
  std::string text;
  for (const auto& t : moves) text += move_name(t) + " ";
  EXPECT_EQ(parse_moves(heaps, text), moves);
  EXPECT_THROW(parse_moves(heaps, "h1-4"), InputError);
  EXPECT_THROW(parse_moves(heaps, "h4-1"), InputError);
  EXPECT_THROW(parse_moves(heaps, "h1-1 h1-3"), InputError);
}

}  // namespace
}  // namespace grundy::nim
