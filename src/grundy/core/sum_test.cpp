#include "grundy/core/sum.h"

#include <gtest/gtest.h>

#include <random>
#include <utility>
#include <vector>

namespace grundy {
namespace {

// A small random DAG on vertices 0..n-1 with edges only from higher to lower numbers.
struct RandomDag {
  std::vector<std::vector<int>> out;
  using Position = int;
  void moves(Position v, std::vector<Position>& o) const {
    o.insert(o.end(), out[v].begin(), out[v].end());
  }
};

// The sum of two tokens on the same DAG, as one game, for brute force.
struct TwoTokens {
  const RandomDag* dag;
  using Position = std::pair<int, int>;
  void moves(const Position& p, std::vector<Position>& o) const {
    for (int w : dag->out[p.first]) o.push_back({w, p.second});
    for (int w : dag->out[p.second]) o.push_back({p.first, w});
  }
};

RandomDag random_dag(std::mt19937& rng, int n) {
  RandomDag d;
  d.out.resize(n);
  for (int v = 1; v < n; ++v)
    for (int w = 0; w < v; ++w)
      if (rng() % 3 == 0) d.out[v].push_back(w);
  return d;
}

TEST(Sum, ValueIsXorOfPartsAgainstBruteForce) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    const RandomDag d = random_dag(rng, 12);
    Solver<RandomDag> single(d);
    TwoTokens pair{&d};
    Solver<TwoTokens> brute(pair);
    for (int a = 0; a < 12; ++a)
      for (int b = 0; b < 12; ++b)
        ASSERT_EQ(brute.value({a, b}), single.value(a) ^ single.value(b)) << trial;
  }
}

TEST(Sum, WinningMovesAreExactlyTheMovesToZero) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 40; ++trial) {
    const RandomDag d = random_dag(rng, 10);
    Solver<RandomDag> single(d);
    TwoTokens pair{&d};
    Solver<TwoTokens> brute(pair);
    for (int a = 0; a < 10; ++a)
      for (int b = 0; b < 10; ++b) {
        const std::vector<int> parts{a, b};
        const auto sum = analyze_sum(single, std::span<const int>(parts));
        std::vector<std::pair<int, int>> ours;
        for (const auto& m : sum.winning_moves)
          ours.push_back(m.component == 0 ? std::pair{m.to, b} : std::pair{a, m.to});
        auto expected = brute.winning_moves({a, b});
        std::sort(ours.begin(), ours.end());
        std::sort(expected.begin(), expected.end());
        ASSERT_EQ(ours, expected) << trial << ": " << a << "+" << b;
        ASSERT_EQ(sum.winner, brute.winner({a, b}));
      }
  }
}

}  // namespace
}  // namespace grundy
