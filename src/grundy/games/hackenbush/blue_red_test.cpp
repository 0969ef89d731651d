#include "grundy/games/hackenbush/blue_red.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <numeric>
#include <ostream>
#include <random>
#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/hackenbush/blue_red_tree.h"
#include "grundy/games/hackenbush/parts.h"
#include "grundy/testing/sanitized.h"

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

// The value of the alternating stalk B R B R ... of n edges, by its closed form.
Dyadic alternating_stalk(std::uint32_t n) {
  // 3 * value * 2^(n-1) = 2^n - (-1)^n: build 2^n - (-1)^n, then divide by 3 exactly by
  // taking the sum of (-2)^i, i < n, which is (1 - (-2)^n) / 3 = (-1)^(n-1) (2^n - (-1)^n) / 3.
  Dyadic sum;  // sum over i < n of (-2)^i
  Dyadic power = Dyadic::integer(1);
  for (std::uint32_t i = 0; i < n; ++i) sum = sum + power, power = -power.shifted(1);
  const Dyadic num = n % 2 ? sum : -sum;
  return num.shifted(-static_cast<std::int64_t>(n - 1));
}

TEST(BlueRedHackenbush, LongStalksAreExactAndBounded) {
  Graph g;
  for (std::uint64_t i = 0; i < 1000; ++i) g.add_edge(i, i + 1, Colour::blue);
  EXPECT_EQ(analyze_blue_red(g).value, Dyadic::integer(1000));
  // B R B R ... of n edges is worth 1 - 1/2 + 1/4 - ... = (2/3)(1 - (-1/2)^n)
  // = ((2^n - (-1)^n) / 3) / 2^(n-1), exactly (no longer a LimitError at 2^-99).
  for (const std::uint32_t n : {1u, 2u, 3u, 4u, 61u, 62u, 63u, 64u, 65u, 70u, 100u, 1000u}) {
    Graph h;
    for (std::uint64_t i = 0; i < n; ++i) h.add_edge(i, i + 1, i % 2 ? Colour::red : Colour::blue);
    EXPECT_EQ(analyze_blue_red(h).value, alternating_stalk(n)) << n;
  }
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

const Colour B = Colour::blue, R = Colour::red;

// The graph without edge `cut` (what stood only on it falls by itself).
Graph without(const Graph& g, std::uint32_t cut) {
  Graph h;
  for (std::uint32_t i = 0; i < g.edge_count(); ++i)
    if (i != cut) h.add_edge(g.label(g.edge(i).u), g.label(g.edge(i).v), g.edge(i).colour);
  return h;
}

// A random tree of m edges hanging from the ground, of one of several shapes, with vertex
// labels, edge order and edge orientation shuffled. Shapes: 0 bushy (uniform parent), 1 deep
// (mostly the previous vertex), 2 many edges on the ground, 3 caterpillar (a spine with
// leaves). `blue` is the probability of a blue edge.
Graph random_tree(std::mt19937_64& rng, int m, int shape, double blue) {
  std::vector<int> parent(static_cast<std::size_t>(m) + 1, 0);
  std::bernoulli_distribution coin(0.5), often(0.8), is_blue(blue);
  for (int v = 1; v <= m; ++v) {
    std::uniform_int_distribution<int> any(0, v - 1);
    int p = any(rng);
    if (shape == 1 && often(rng)) p = v - 1;
    if (shape == 2 && coin(rng)) p = 0;
    if (shape == 3) p = coin(rng) ? v - 1 : std::max(0, v - 2);
    parent[static_cast<std::size_t>(v)] = p;
  }
  std::vector<std::uint64_t> label(static_cast<std::size_t>(m) + 1);
  std::iota(label.begin(), label.end(), 0);
  std::shuffle(label.begin() + 1, label.end(), rng);
  std::vector<std::tuple<std::uint64_t, std::uint64_t, Colour>> edges;
  for (std::size_t v = 1; v < label.size(); ++v) {
    std::uint64_t a = label[static_cast<std::size_t>(parent[v])], b = label[v];
    if (coin(rng)) std::swap(a, b);
    edges.emplace_back(a, b, is_blue(rng) ? B : R);
  }
  std::shuffle(edges.begin(), edges.end(), rng);
  Graph g;
  for (const auto& [a, b, c] : edges) g.add_edge(a, b, c);
  return g;
}

TEST(BlueRedTree, EdgeOnByHand) {
  const Dyadic zero, one = Dyadic::integer(1);
  EXPECT_EQ(edge_on(B, zero), one);
  EXPECT_EQ(edge_on(R, zero), -one);
  EXPECT_EQ(edge_on(B, Dyadic::integer(-1)), Dyadic::make(1, 1));  // blue on red: 1/2
  EXPECT_EQ(edge_on(B, Dyadic::integer(-2)), Dyadic::make(1, 2));  // on two reds: 1/4
  EXPECT_EQ(edge_on(B, Dyadic::make(-1, 1)), Dyadic::make(3, 2));  // on red-blue: 3/4
  EXPECT_EQ(edge_on(B, Dyadic::make(-3, 1)), Dyadic::make(3, 3));  // on -3/2: 3/8
  EXPECT_EQ(edge_on(B, Dyadic::make(3, 2)), Dyadic::make(7, 2));   // on 3/4: 7/4
  EXPECT_EQ(edge_on(R, Dyadic::integer(1)), Dyadic::make(-1, 1));  // red on blue: -1/2
  EXPECT_EQ(edge_on(B, Dyadic::integer(-60)), Dyadic::make(1, 60));
  EXPECT_EQ(edge_on(B, Dyadic::integer(-61)), Dyadic::make(1, 61));  // beyond the old 60 bits
  EXPECT_EQ(edge_on(B, Dyadic::integer(-100000)), Dyadic::make(1, 100000));
  EXPECT_EQ(edge_on(R, Dyadic::make(1, 200)), Dyadic::make(1, 201) - Dyadic::integer(1));
  // Only the resource bound (2^26 bits) remains.
  EXPECT_THROW(edge_on(B, Dyadic::integer(-(std::int64_t{1} << 40))), LimitError);
  EXPECT_THROW(edge_on(Colour::green, zero), InputError);
}

TEST(BlueRedTree, SmallTreesByHand) {
  const auto value = [](std::string_view s) {
    return evaluate_blue_red_tree(whole_graph_part(parse_string_notation(s)))->value;
  };
  EXPECT_EQ(value("lr"), Dyadic::make(1, 1));          // blue on red
  EXPECT_EQ(value("l(r;r)"), Dyadic::make(1, 2));      // blue on two reds
  EXPECT_EQ(value("lrl"), Dyadic::make(3, 2));         // blue on (red on blue)
  EXPECT_EQ(value("llrl"), Dyadic::make(7, 2));        // Berlekamp's B B R B
  EXPECT_EQ(value("l(rl;r)"), Dyadic::make(3, 3));     // blue on -3/2: 3/8
  EXPECT_EQ(value("r(l;l;l)"), Dyadic::make(-1, 3));   // red on three blues
  EXPECT_EQ(value("l(r;r);rl"), Dyadic::make(-1, 2));  // two edges on the ground: 1/4 - 1/2
  // Not trees: a cycle, a loop, a multi-edge, an edge off the ground.
  Graph cycle, loop, twice, fallen;
  cycle.add_edge(0, 1, B), cycle.add_edge(1, 2, R), cycle.add_edge(2, 0, B);
  loop.add_edge(0, 1, B), loop.add_edge(1, 1, R);
  twice.add_edge(0, 1, B), twice.add_edge(0, 1, R);
  fallen.add_edge(0, 1, B), fallen.add_edge(2, 3, R);
  for (const Graph* g : {&cycle, &loop, &twice, &fallen})
    EXPECT_FALSE(evaluate_blue_red_tree(whole_graph_part(*g)));
}

TEST(BlueRedTree, TreeRuleMatchesSearchOnRandomTrees) {
  std::mt19937_64 rng(2026);
  const int trials = sanitized() ? 600 : 3000;
  int tree_parts = 0, several_on_ground = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const int m = 1 + static_cast<int>(rng() % 14), shape = static_cast<int>(rng() % 4);
    const double blue = std::array{0.5, 0.25, 0.75}[rng() % 3];
    const Graph g = random_tree(rng, m, shape, blue);
    // The whole forest as one part (several edges may stand on the ground) against search.
    const Part whole = whole_graph_part(g);
    const auto tree = evaluate_blue_red_tree(whole);
    ASSERT_TRUE(tree) << trial;
    const PartValues searched = evaluate_blue_red_part_by_search(whole);
    ASSERT_EQ(tree->value, searched.value) << trial;
    ASSERT_EQ(tree->after_cut, searched.after_cut) << trial;
    ASSERT_EQ(tree->method, PartMethod::tree);
    several_on_ground += std::count_if(whole.local.begin(), whole.local.end(),
                                       [](const Edge& e) { return e.u == 0 || e.v == 0; }) > 1;
    // Part by part, as analyze_blue_red does it.
    for (const Part& p : split_parts(g, std::vector<std::uint8_t>(g.edge_count(), 1))) {
      const PartValues got = evaluate_blue_red_part(p), want = evaluate_blue_red_part_by_search(p);
      ASSERT_EQ(got.value, want.value) << trial;
      ASSERT_EQ(got.all_after(), want.all_after()) << trial;
      tree_parts += got.method == PartMethod::tree;
    }
  }
  EXPECT_GT(tree_parts, trials / 2);  // the tree rule, not the stalk rule, did most of the work
  EXPECT_GT(several_on_ground, trials / 4);
}

TEST(BlueRedTree, WinningCutsMatchPerEdgeSearch) {
  std::mt19937_64 rng(77);
  const int trials = sanitized() ? 150 : 600;
  for (int trial = 0; trial < trials; ++trial) {
    const int m = 1 + static_cast<int>(rng() % 12), shape = static_cast<int>(rng() % 4);
    const Graph g = random_tree(rng, m, shape, 0.5);
    const BlueRedAnalysis a = analyze_blue_red(g);
    ASSERT_EQ(a.value, blue_red_by_search(g)) << trial;
    ASSERT_EQ(a.searched_parts, 0u);
    std::vector<std::uint32_t> blue_wins, red_wins;
    for (std::uint32_t i = 0; i < g.edge_count(); ++i) {
      const Dyadic left = blue_red_by_search(without(g, i));
      if (g.edge(i).colour == B && left >= Dyadic{}) blue_wins.push_back(i);
      if (g.edge(i).colour == R && left <= Dyadic{}) red_wins.push_back(i);
    }
    ASSERT_EQ(a.blue_wins, blue_wins) << trial;
    ASSERT_EQ(a.red_wins, red_wins) << trial;
  }
}

// Bigger trees, beyond search: the fast after-cut values against re-evaluating the tree rule
// from scratch once per edge.
TEST(BlueRedTree, AfterCutsMatchReevaluation) {
  std::mt19937_64 rng(5);
  const int trials = sanitized() ? 40 : 200;
  int compared = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const int m = 20 + static_cast<int>(rng() % 400), shape = static_cast<int>(rng() % 4);
    const double blue = std::array{0.5, 0.7, 0.3}[rng() % 3];
    const Part p = whole_graph_part(random_tree(rng, m, shape, blue));
    const std::vector<Dyadic> want = tree_after_cuts_by_reevaluation(p);  // exact at any size
    const auto got = evaluate_blue_red_tree(p);
    ASSERT_TRUE(got);
    ASSERT_EQ(got->after_cut, want) << trial;
    ++compared;
  }
  EXPECT_GT(compared, trials / 2);
}

// Deep trees of a few thousand edges whose values all fit: a blue trunk (each vertex hangs 1-8
// vertices back) with twigs, each a blue edge carrying a small random tree of random colours.
TEST(BlueRedTree, DeepTrunkWithTwigsMatchesReevaluation) {
  std::mt19937_64 rng(9);
  const std::uint64_t trunk = sanitized() ? 150 : 400;
  for (int trial = 0; trial < (sanitized() ? 2 : 6); ++trial) {
    Graph g;
    std::uint64_t fresh = trunk;
    for (std::uint64_t v = 1; v < trunk; ++v) {
      const std::uint64_t back = 1 + rng() % 8;
      g.add_edge(v > back ? v - back : 0, v, B);
      for (std::uint64_t twigs = rng() % 3; twigs > 0; --twigs) {
        const std::uint64_t size = 1 + rng() % 12, first = fresh;
        g.add_edge(v, fresh++, B);
        for (std::uint64_t k = 1; k < size; ++k)
          g.add_edge(first + rng() % k, fresh++, rng() % 2 ? B : R);
      }
    }
    const Part p = whole_graph_part(g);
    const auto got = evaluate_blue_red_tree(p);
    ASSERT_TRUE(got);
    ASSERT_EQ(got->after_cut, tree_after_cuts_by_reevaluation(p)) << trial;
  }
}

// A blue stalk of 10^6 edges (2*10^5 under sanitizers) with alternating colours at the top,
// through the tree rule: every after-cut value must be Berlekamp's value of the stalk below.
TEST(BlueRedTree, DeepStalkMatchesBerlekamp) {
  const std::uint64_t n = sanitized() ? 200000 : 1000000;
  Graph g;
  for (std::uint64_t i = 0; i < n; ++i) g.add_edge(i, i + 1, i + 38 < n || i % 2 ? B : R);
  const Part p = whole_graph_part(g);
  const PartValues stalk = evaluate_blue_red_part(p);
  ASSERT_EQ(stalk.method, PartMethod::stalk);
  const auto tree = evaluate_blue_red_tree(p);
  ASSERT_TRUE(tree);
  EXPECT_EQ(tree->value, stalk.value);
  EXPECT_EQ(tree->after_cut, stalk.all_after());
}

// A blue path of 999,000 edges (199,000 under sanitizers) with a red leaf on every 1000th vertex
// and two on the top one: no recursion on depth, and every value checked against its closed form.
TEST(BlueRedTree, DeepTreeMatchesClosedForm) {
  const std::uint64_t n = sanitized() ? 199000 : 999000;  // spine edges; spine vertices 1..n
  Graph g;
  std::vector<std::uint32_t> spine(n + 1), leaf_at;  // spine[d]: the edge into vertex d
  std::uint64_t next = n + 1;
  for (std::uint64_t d = 1; d <= n; ++d) spine[d] = g.add_edge(d - 1, d, B);
  for (std::uint64_t d = 1000; d < n; d += 1000) leaf_at.push_back(g.add_edge(d, next++, R));
  const std::uint32_t top1 = g.add_edge(n, next++, R), top2 = g.add_edge(n, next++, R);
  const Part p = whole_graph_part(g);
  const auto t = evaluate_blue_red_tree(p);
  ASSERT_TRUE(t);
  // Top: a blue edge on two reds, 1/4; below it each spine edge adds 1 and each leaf takes 1.
  const auto leaves_below = [](std::uint64_t d) {
    return Dyadic::integer(static_cast<std::int64_t>(d / 1000));
  };
  const Dyadic quarter = Dyadic::make(1, 2), half = Dyadic::make(1, 1), one = Dyadic::integer(1);
  const Dyadic value =
      quarter + Dyadic::integer(static_cast<std::int64_t>(n - 1)) - leaves_below(n - 1);
  EXPECT_EQ(t->value, value);
  EXPECT_EQ(analyze_blue_red(g).value, value);
  for (const std::uint32_t e : leaf_at) ASSERT_EQ(t->after_cut[e], value + one) << e;
  EXPECT_EQ(t->after_cut[top1], value + quarter);  // the top edge is now on one red: 1/2
  EXPECT_EQ(t->after_cut[top2], value + quarter);
  // Cutting the spine edge into vertex d leaves the spine below d: its top edge is worth 1/2 if
  // it carries a leaf, else 1; each spine edge below adds 1, each leaf below takes 1.
  for (std::uint64_t d = 2; d <= n; ++d) {
    const std::uint64_t below = d - 1;  // top vertex of what is left
    const Dyadic top = below % 1000 == 0 ? half : one;
    const Dyadic want =
        top + Dyadic::integer(static_cast<std::int64_t>(below - 1)) - leaves_below(below - 1);
    ASSERT_EQ(t->after_cut[spine[d]], want) << d;
  }
  EXPECT_EQ(t->after_cut[spine[1]], Dyadic{});
}

TEST(BlueRedTree, PrecisionIsUnbounded) {
  // A blue edge carrying 100 red edges is worth 2^-100, exactly.
  Graph g;
  g.add_edge(0, 1, B);
  for (std::uint64_t i = 0; i < 100; ++i) g.add_edge(1, 2 + i, R);
  EXPECT_EQ(analyze_blue_red(g).value, Dyadic::make(1, 100));
  EXPECT_EQ(analyze_blue_red(g).value.to_string(), "1/2^100");
  // Worth 1 (a blue edge on a blue stalk of 100 beside 100 red edges); cutting the stalk's
  // bottom edge leaves a blue edge on 100 reds.
  Graph h;
  h.add_edge(0, 1, B);
  for (std::uint64_t i = 0; i < 100; ++i) h.add_edge(1, 2 + i, R);
  const std::uint32_t stalk = h.add_edge(1, 200, B);
  for (std::uint64_t i = 200; i < 299; ++i) h.add_edge(i, i + 1, B);
  const Part p = whole_graph_part(h);
  const auto t = evaluate_blue_red_tree(p);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->value, Dyadic::integer(1));
  EXPECT_EQ(t->after_cut[stalk], Dyadic::make(1, 100));
  EXPECT_EQ(t->after_cut, tree_after_cuts_by_reevaluation(p));
  Graph ok;
  ok.add_edge(0, 1, B);
  for (std::uint64_t i = 0; i < 100; ++i) ok.add_edge(1, 2 + i, R), ok.add_edge(1, 200 + i, B);
  EXPECT_EQ(analyze_blue_red(ok).value, Dyadic::integer(1));
}

// Random colours everywhere: values need hundreds or thousands of bits (LimitErrors before).
TEST(BlueRedTree, RandomColoursAtHighPrecision) {
  std::mt19937_64 rng(11);
  const int trials = sanitized() ? 3 : 6;
  for (int trial = 0; trial < trials; ++trial) {
    const int m = sanitized() ? 300 : 1000;
    const Part p = whole_graph_part(random_tree(rng, m, trial % 4, 0.5));
    const auto got = evaluate_blue_red_tree(p);
    ASSERT_TRUE(got);
    ASSERT_EQ(got->after_cut, tree_after_cuts_by_reevaluation(p)) << trial;
  }
}

TEST(BlueRedTree, HugeRandomColourTree) {
  // A uniformly random tree of 10^5 edges (10^4 under sanitizers) with random colours.
  std::mt19937_64 rng(3);
  const std::uint64_t n = sanitized() ? 10000 : 100000;
  Graph g;
  for (std::uint64_t v = 1; v <= n; ++v) g.add_edge(rng() % v, v, rng() % 2 ? B : R);
  const Part p = whole_graph_part(g);
  const auto t = evaluate_blue_red_tree(p);
  ASSERT_TRUE(t);
  // The value once more from the leaves, and every after-cut value consistent with cutting the
  // same edge in a re-built graph for a sample of edges.
  for (int k = 0; k < 4; ++k) {
    const std::uint32_t e = static_cast<std::uint32_t>(rng() % n);
    Graph h;
    std::vector<std::uint8_t> gone(n + 1, 0);
    // Edge e joins its parent to vertex e + 1; everything above e + 1 goes with it.
    gone[e + 1] = 1;
    for (std::uint32_t i = 0; i < n; ++i) {
      const Edge& d = g.edge(i);
      const std::uint64_t u = g.label(d.u), v = g.label(d.v);
      if (gone[u]) gone[v] = 1;  // parents come first
      if (!gone[v]) h.add_edge(u, v, d.colour);
    }
    const Dyadic want = h.edge_count() == 0 ? Dyadic{} : analyze_blue_red(h).value;
    ASSERT_EQ(t->after_cut[e], want) << e;
  }
}

TEST(BlueRedTree, TreesBeyondTheSearchLimit) {
  // A blue edge carrying ten red-blue stalks (each -1/2): 21 edges, worth 1/32.
  Graph g;
  g.add_edge(0, 1, B);
  std::vector<std::uint32_t> reds, blues;
  for (std::uint64_t i = 0; i < 10; ++i) {
    reds.push_back(g.add_edge(1, 10 + 2 * i, R));
    blues.push_back(g.add_edge(10 + 2 * i, 11 + 2 * i, B));
  }
  const BlueRedAnalysis a = analyze_blue_red(g);
  EXPECT_EQ(a.value, Dyadic::make(1, 5));
  EXPECT_EQ(a.tree_parts, 1u);
  EXPECT_EQ(a.searched_parts, 0u);
  const PartValues v = evaluate_blue_red_part(whole_graph_part(g));
  EXPECT_EQ(v.after_cut[0], Dyadic{});
  for (auto e : reds) EXPECT_EQ(v.after_cut[e], Dyadic::make(3, 6));   // on -9/2: 3/64
  for (auto e : blues) EXPECT_EQ(v.after_cut[e], Dyadic::make(3, 7));  // on -11/2: 3/128
  blues.insert(blues.begin(), 0);  // cutting the trunk leaves 0: a win for Blue too
  EXPECT_EQ(a.blue_wins, blues);
  EXPECT_TRUE(a.red_wins.empty());
}

}  // namespace
}  // namespace grundy::hackenbush
