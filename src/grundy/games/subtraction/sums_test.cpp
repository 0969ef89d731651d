// Sums of subtraction-game heaps, normal and misère, against brute force over the sums.
#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/core/solver.h"
#include "grundy/games/subtraction/sums.h"
#include "grundy/testing/sanitized.h"

namespace grundy::subtraction {
namespace {

// Several heaps of one subtraction game, as one game for the generic solver.
struct SumGame {
  const SubtractionSet* set;
  using Position = std::vector<std::uint64_t>;  // ascending, no empty heap
  void moves(const Position& p, std::vector<Position>& out) const {
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (i > 0 && p[i] == p[i - 1]) continue;
      for (std::uint64_t k = 1; k <= p[i]; ++k) {
        if (!set->contains(k)) continue;
        Position q = p;
        q[i] -= k;
        q.erase(std::remove(q.begin(), q.end(), 0u), q.end());
        std::sort(q.begin(), q.end());
        out.push_back(std::move(q));
      }
    }
  }
};

std::set<std::pair<std::size_t, std::uint64_t>> brute_moves(const SubtractionSet& s,
                                                            Solver<SumGame>& solver,
                                                            const std::vector<std::uint64_t>& h) {
  std::set<std::pair<std::size_t, std::uint64_t>> out;
  for (std::size_t i = 0; i < h.size(); ++i)
    for (std::uint64_t k = 1; k <= h[i]; ++k) {
      if (!s.contains(k)) continue;
      std::vector<std::uint64_t> q = h;
      q[i] -= k;
      q.erase(std::remove(q.begin(), q.end(), 0u), q.end());
      std::sort(q.begin(), q.end());
      if (solver.value(q) == 0) out.insert({i, k});
    }
  return out;
}

std::set<std::pair<std::size_t, std::uint64_t>> listed(const SumAnalysis& a) {
  std::set<std::pair<std::size_t, std::uint64_t>> out;
  for (const auto& m : a.winning_moves) out.insert({m.heap, m.take});
  return out;
}

TEST(SubtractionSums, AgreeWithBruteForce) {
  std::mt19937 rng(7);
  const int rounds = sanitized() ? 5 : 20;
  for (const char* spec : {"1,3,4", "2,3,7", "squares", "allbut:2,3", "fibonacci", "1,2"}) {
    const auto s = SubtractionSet::parse(spec);
    const SumGame game{&s};
    Solver<SumGame> normal(game, Rule::normal), misere(game, Rule::misere);
    for (int round = 0; round < rounds; ++round) {
      std::vector<std::uint64_t> heaps(1 + rng() % 3);
      for (auto& h : heaps) h = rng() % 21;
      SCOPED_TRACE(std::string(spec) + " round " + std::to_string(round));
      auto sorted = heaps;
      sorted.erase(std::remove(sorted.begin(), sorted.end(), 0u), sorted.end());
      std::sort(sorted.begin(), sorted.end());
      const auto a = analyze_sum(s, heaps);
      EXPECT_EQ(a.winner, winner_from_value(normal.value(sorted)));
      EXPECT_EQ(listed(a), brute_moves(s, normal, heaps));
      const auto q = quotient_for_sum(s, heaps);
      const auto m = analyze_misere_sum(s, heaps, q);
      EXPECT_EQ(m.winner, winner_from_value(misere.value(sorted)));
      EXPECT_EQ(listed(m), brute_moves(s, misere, heaps));
    }
  }
}

TEST(SubtractionSums, HugeHeapsOfFiniteSets) {
  const auto s = SubtractionSet::parse("1,3,4");
  const std::vector<std::uint64_t> heaps{1000000000000000000ull, 7, 3};
  const auto a = analyze_sum(s, heaps);
  EXPECT_TRUE(a.from_period);
  // G(n) has period 7 (0,1,0,1,2,3,2): 10^18 mod 7 = 1 gives 1; 7 gives 0; 3 gives 1.
  EXPECT_EQ(a.values, (std::vector<std::uint64_t>{1, 0, 1}));
  const auto q = quotient_for_sum(s, heaps);
  ASSERT_TRUE(q.run.proof.has_value());
  const auto m = analyze_misere_sum(s, heaps, q);
  EXPECT_TRUE(m.from_period);
  EXPECT_EQ(m.winner == Winner::first, !m.winning_moves.empty());
  EXPECT_THROW(quotient_for_sum(SubtractionSet::parse("squares"),
                                std::vector<std::uint64_t>{kMaxQuotientHeap + 1}),
               LimitError);
}

}  // namespace
}  // namespace grundy::subtraction
