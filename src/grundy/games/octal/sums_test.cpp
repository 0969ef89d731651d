// Sums of heaps, normal and misère, against brute force over the multi-heap game.
#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/core/solver.h"
#include "grundy/games/octal/multi_heap.h"
#include "grundy/games/octal/plain.h"
#include "grundy/games/octal/sums.h"
#include "grundy/testing/sanitized.h"

namespace grundy::octal {
namespace {

Heaps after_move(const std::vector<std::uint64_t>& heaps, std::size_t i, const Move& m) {
  Heaps h;
  for (std::size_t j = 0; j < heaps.size(); ++j)
    if (j != i && heaps[j] > 0) h.push_back(heaps[j]);
  for (const auto part : {m.a, m.b, m.c})
    if (part > 0) h.push_back(part);
  std::sort(h.begin(), h.end());
  return h;
}

using MoveKey = std::tuple<std::size_t, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t>;

// The winning moves by brute force: every move of every heap, tested on the whole sum.
std::set<MoveKey> brute_winning_moves(const OctalCode& code, Solver<MultiHeapGame>& solver,
                                      const std::vector<std::uint64_t>& heaps) {
  std::set<MoveKey> out;
  for (std::size_t i = 0; i < heaps.size(); ++i)
    for_each_move(code, heaps[i], [&](const Move& m) {
      if (solver.value(after_move(heaps, i, m)) == 0) out.insert({i, m.take, m.a, m.b, m.c});
    });
  return out;
}

std::set<MoveKey> listed(const SumAnalysis& s) {
  std::set<MoveKey> out;
  for (const auto& m : s.winning_moves)
    out.insert({m.heap, m.move.take, m.move.a, m.move.b, m.move.c});
  return out;
}

Heaps sorted_heaps(std::vector<std::uint64_t> h) {
  h.erase(std::remove(h.begin(), h.end(), 0u), h.end());
  std::sort(h.begin(), h.end());
  return h;
}

TEST(Sums, NormalAndMisereAgreeWithBruteForce) {
  std::mt19937 rng(2024);
  const int rounds = sanitized() ? 6 : 25;
  for (const char* text : {"0.77", "0.07", "0.137", "0.75", "4.07", "grundy", "0.8f"}) {
    const auto code = OctalCode::parse(text);
    const MultiHeapGame game{&code};
    Solver<MultiHeapGame> normal(game, Rule::normal), misere(game, Rule::misere);
    const auto q = misere_quotient(code, [] {
      QuotientRequest r;
      r.max_heap = 11;
      return r;
    }());
    for (int round = 0; round < rounds; ++round) {
      std::vector<std::uint64_t> heaps(1 + rng() % 3);
      for (auto& h : heaps) h = rng() % 12;
      SCOPED_TRACE(std::string(text) + " round " + std::to_string(round));
      const auto s = analyze_sum(code, heaps);
      EXPECT_EQ(s.winner, winner_from_value(normal.value(sorted_heaps(heaps))));
      EXPECT_TRUE(s.winning_moves_complete);
      EXPECT_EQ(listed(s), brute_winning_moves(code, normal, heaps));
      EXPECT_EQ(s.winning_moves_total, s.winning_moves.size());
      const auto m = analyze_misere_sum(code, heaps, q);
      EXPECT_EQ(m.winner, winner_from_value(misere.value(sorted_heaps(heaps))));
      EXPECT_EQ(listed(m), brute_winning_moves(code, misere, heaps));
    }
  }
}

// Heaps up to 2^62 from the proven period: the values, and every listed winning move leaves a sum
// of value 0 (checked with the period, split families counted in full).
TEST(Sums, HugeHeapsFromThePeriod) {
  const auto code = OctalCode::parse("0.07");
  const std::vector<std::uint64_t> heaps{1000000000000000000ull, 5, std::uint64_t{1} << 62};
  const auto s = analyze_sum(code, heaps);
  ASSERT_TRUE(s.proof.has_value());
  EXPECT_TRUE(s.from_period);
  const Values v = values_through(code, heaps[0], kDefaultProofLimit);
  ASSERT_TRUE(v.proof.has_value());
  std::uint64_t x = 0;
  for (const auto h : heaps) x ^= v.at(h);
  EXPECT_EQ(s.value, x);
  ASSERT_EQ(s.winner, winner_from_value(x));
  for (const auto& m : s.winning_moves) {
    std::uint64_t after = v.at(m.move.a) ^ v.at(m.move.b) ^ v.at(m.move.c);
    for (std::size_t j = 0; j < heaps.size(); ++j)
      if (j != m.heap) after ^= v.at(heaps[j]);
    EXPECT_EQ(after, 0u);
  }
  if (s.winner == Winner::first) {
    EXPECT_FALSE(s.winning_moves.empty());
    EXPECT_GE(s.winning_moves_total, s.winning_moves.size());
  }
  // Misère, Kayles, through the proven quotient: the same rule read from the period.
  const auto kayles = OctalCode::parse("0.77");
  const std::vector<std::uint64_t> big{1000000000000000000ull, 3};
  const auto qk = quotient_for_sum(kayles, big);
  ASSERT_TRUE(qk.proven());
  const auto ms = analyze_misere_sum(kayles, big, qk);
  const auto& p = qk.run.quotient;
  const quotient::Multiplier mult(p.monoid);
  for (const auto& mv : ms.winning_moves) {
    quotient::Element e = ms.elements[1 - mv.heap];
    for (const auto part : {mv.move.a, mv.move.b, mv.move.c})
      if (part > 0) e = mult.times(e, *qk.run.element(part));
    EXPECT_TRUE(p.monoid.is_p(e));
  }
  EXPECT_EQ(ms.winner == Winner::first, !ms.winning_moves.empty());
}

TEST(Sums, BadInput) {
  const auto code = OctalCode::parse("0.77");
  EXPECT_THROW(analyze_sum(code, std::vector<std::uint64_t>{}), InputError);
  // Grundy's game has no period: a heap past the direct limit is refused.
  EXPECT_THROW(
      analyze_sum(OctalCode::parse("grundy"), std::vector<std::uint64_t>{kMaxDirectHeap + 5}),
      LimitError);
  // Dawson's Kayles' quotient is not known for large heaps (no proof, limits).
  EXPECT_THROW(quotient_for_sum(OctalCode::parse("grundy"), std::vector<std::uint64_t>{1u << 21}),
               LimitError);
}

}  // namespace
}  // namespace grundy::octal
