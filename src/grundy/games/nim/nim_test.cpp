#include "grundy/games/nim/nim.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/solver.h"
#include "grundy/games/nim/nim_as_one_game.h"

namespace grundy::nim {
namespace {

std::vector<std::vector<std::uint64_t>> all_positions(std::size_t heaps, std::uint64_t max) {
  std::vector<std::vector<std::uint64_t>> out{{}};
  for (std::size_t i = 0; i < heaps; ++i) {
    std::vector<std::vector<std::uint64_t>> next;
    for (const auto& p : out)
      for (std::uint64_t h = 0; h <= max; ++h) {
        auto q = p;
        q.push_back(h);
        next.push_back(q);
      }
    out = next;
  }
  return out;
}

void check_against_solver(Rule rule) {
  NimAsOneGame g;
  Solver<NimAsOneGame> s(g, rule);
  for (std::size_t count = 1; count <= 3; ++count)
    for (const auto& p : all_positions(count, 6)) {
      const Analysis a = analyze(p, rule);
      ASSERT_EQ(a.winner, s.winner(p));
      std::vector<std::vector<std::uint64_t>> ours;
      for (const Move& m : a.winning_moves) {
        ASSERT_EQ(p[m.heap], m.from);
        auto q = p;
        q[m.heap] = m.to;
        ours.push_back(q);
      }
      auto expected = s.winning_moves(p);
      std::sort(ours.begin(), ours.end());
      std::sort(expected.begin(), expected.end());
      ASSERT_EQ(ours, expected);
    }
}

TEST(Nim, BoutonAndEveryWinningMoveAgainstGenericSolver) {
  check_against_solver(Rule::normal);
}
TEST(Nim, MisereRuleAndEveryWinningMoveAgainstGenericSolver) {
  check_against_solver(Rule::misere);
}

TEST(Nim, Example345) {
  const std::vector<std::uint64_t> heaps{3, 4, 5};
  const Analysis a = analyze(heaps);
  EXPECT_EQ(a.nim_sum, 2u);
  EXPECT_EQ(a.winner, Winner::first);
  ASSERT_EQ(a.winning_moves.size(), 1u);
  EXPECT_EQ(a.winning_moves[0], (Move{0, 3, 1}));
}

// BOJ 11868 (Nim game 2): koosaga moves first; print "koosaga" if the first player wins.
TEST(Nim, Boj11868Samples) {
  const auto judge = [](std::vector<std::uint64_t> heaps) {
    return analyze(heaps).winner == Winner::first ? "koosaga" : "cubelover";
  };
  EXPECT_STREQ(judge({1}), "koosaga");
  EXPECT_STREQ(judge({1, 1}), "cubelover");
  EXPECT_STREQ(judge({2, 3, 1}), "cubelover");
}

TEST(Nim, MisereAllSmallHeaps) {
  EXPECT_EQ(analyze(std::vector<std::uint64_t>{1, 1, 1}, Rule::misere).winner, Winner::second);
  EXPECT_EQ(analyze(std::vector<std::uint64_t>{1, 1}, Rule::misere).winner, Winner::first);
  EXPECT_EQ(analyze(std::vector<std::uint64_t>{0}, Rule::misere).winner, Winner::first);
}

TEST(Nim, LargestHeapsAreExact) {
  const std::vector<std::uint64_t> heaps{kMaxHeap, kMaxHeap - 1};
  const Analysis a = analyze(heaps);
  EXPECT_EQ(a.nim_sum, 1u);
  ASSERT_EQ(a.winning_moves.size(), 1u);
  EXPECT_EQ(a.winning_moves[0].to, kMaxHeap - 1);
  EXPECT_THROW(analyze(std::vector<std::uint64_t>{kMaxHeap + 1}), InputError);
}

TEST(Nim, ParseHeaps) {
  EXPECT_EQ(parse_heaps("3 4\n5 # comment 7\n\t6,7", "f"),
            (std::vector<std::uint64_t>{3, 4, 5, 6, 7}));
  EXPECT_EQ(parse_heaps("", "f"), std::vector<std::uint64_t>{});
  const auto message = [](std::string_view text) {
    try {
      parse_heaps(text, "heaps.txt");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("1 2\n-3"), "heaps.txt line 2 column 1: heap '-3' is negative");
  EXPECT_EQ(message("1 x2"), "heaps.txt line 1 column 3: heap 'x2' is not a whole number");
  EXPECT_EQ(message("12a"), "heaps.txt line 1 column 1: heap '12a' is not a whole number");
  EXPECT_EQ(message("9223372036854775808"),
            "heaps.txt line 1 column 1: heap '9223372036854775808' is above 2^63-1");
  EXPECT_EQ(message("99999999999999999999999"),
            "heaps.txt line 1 column 1: heap '99999999999999999999999' is above 2^63-1");
}

TEST(Nim, ParseManyHeapsMatchesAnalysisOfTheSameNumbers) {
  std::mt19937_64 rng(1);
  std::vector<std::uint64_t> heaps(10000);
  std::string text;
  for (auto& h : heaps) {
    h = rng() & kMaxHeap;
    text += std::to_string(h) + ((rng() & 1) ? " " : "\n");
  }
  EXPECT_EQ(parse_heaps(text, "t"), heaps);
}

}  // namespace
}  // namespace grundy::nim
