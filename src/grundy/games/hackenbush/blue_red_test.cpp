#include "grundy/games/hackenbush/blue_red.h"

#include <random>

#include <gtest/gtest.h>

#include "grundy/core/error.h"

namespace grundy::hackenbush {
namespace {

Dyadic stalk(std::string_view s) {
  std::vector<Colour> c;
  for (char ch : s) c.push_back(ch == 'B' ? Colour::blue : Colour::red);
  return stalk_value(c);
}

TEST(BlueRedHackenbush, StalksFromTheLiterature) {
  EXPECT_EQ(stalk("BBRB"), Dyadic::make(7, 2));  // Berlekamp's example: 7/4
  EXPECT_EQ(stalk("B"), Dyadic::integer(1));
  EXPECT_EQ(stalk("R"), Dyadic::integer(-1));
  EXPECT_EQ(stalk("BR"), Dyadic::make(1, 1));
  EXPECT_EQ(stalk("BRR"), Dyadic::make(1, 2));
  EXPECT_EQ(stalk("RB"), Dyadic::make(-1, 1));
  EXPECT_EQ(stalk("BBB"), Dyadic::integer(3));
  EXPECT_EQ(stalk(""), Dyadic{});
}

TEST(BlueRedHackenbush, StalkRuleMatchesSearch) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = static_cast<int>(rng() % 13);
    Graph g;
    std::vector<Colour> cs;
    for (int i = 0; i < n; ++i) {
      const Colour c = rng() % 2 ? Colour::blue : Colour::red;
      cs.push_back(c);
      g.add_edge(static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(i + 1), c);
    }
    ASSERT_EQ(stalk_value(cs), blue_red_by_search(g)) << trial;
  }
}

TEST(BlueRedHackenbush, SmallTree) {
  // A blue edge carrying two red edges: {0 | 1/2} = 1/4.
  Graph g = parse_string_notation("l(r;r)");
  const auto a = analyze_blue_red(g);
  EXPECT_EQ(a.value, Dyadic::make(1, 2));
  EXPECT_EQ(a.blue_wins, (std::vector<std::uint32_t>{0}));
  EXPECT_TRUE(a.red_wins.empty());
}

TEST(BlueRedHackenbush, SumOfPartsMatchesWholeSearch) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 6), m = static_cast<int>(rng() % 11);
    Graph g;
    for (int i = 0; i < m; ++i) {
      const auto u = rng() % static_cast<std::uint64_t>(n + 1);
      const auto v = rng() % 10 == 0 ? u : rng() % static_cast<std::uint64_t>(n + 1);
      g.add_edge(u, v, rng() % 2 ? Colour::blue : Colour::red);
    }
    const auto a = analyze_blue_red(g);
    ASSERT_EQ(a.value, blue_red_by_search(g)) << trial;
    // Each listed winning cut really leaves the right sign.
    for (const std::uint32_t e : a.blue_wins) {
      Graph h;
      for (std::uint32_t i = 0; i < g.edge_count(); ++i)
        if (i != e) h.add_edge(g.label(g.edge(i).u), g.label(g.edge(i).v), g.edge(i).colour);
      ASSERT_GE(blue_red_by_search(h), Dyadic{}) << trial;
    }
  }
}

TEST(BlueRedHackenbush, LongStalksAreExactAndBounded) {
  Graph g;
  for (std::uint64_t i = 0; i < 1000; ++i) g.add_edge(i, i + 1, Colour::blue);
  EXPECT_EQ(analyze_blue_red(g).value, Dyadic::integer(1000));
  Graph h;
  for (std::uint64_t i = 0; i < 100; ++i) h.add_edge(i, i + 1, i % 2 ? Colour::red : Colour::blue);
  EXPECT_THROW(analyze_blue_red(h), LimitError);  // 2^-99 does not fit
}

TEST(BlueRedHackenbush, LimitsAndGreen) {
  Graph g;  // a blue cycle of 30 edges: not a stalk, too big to search
  for (std::uint64_t i = 0; i < 30; ++i) g.add_edge(i, (i + 1) % 30, Colour::blue);
  EXPECT_THROW(analyze_blue_red(g), LimitError);
  Graph mixed;
  mixed.add_edge(0, 1, Colour::blue);
  mixed.add_edge(1, 2, Colour::green);
  EXPECT_THROW(analyze_blue_red(mixed), InputError);
}

}  // namespace
}  // namespace grundy::hackenbush
