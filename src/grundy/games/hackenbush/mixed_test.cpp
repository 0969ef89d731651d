#include "grundy/games/hackenbush/mixed.h"

#include <algorithm>
#include <random>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/core/partizan_names.h"
#include "grundy/games/hackenbush/blue_red.h"
#include "grundy/games/hackenbush/green.h"
#include "grundy/games/hackenbush/random_graph.h"
#include "grundy/testing/sanitized.h"

namespace grundy::hackenbush {
namespace {

std::string value_of(std::string_view notation) {
  return analyze_mixed(parse_string_notation(notation)).value;
}

// The slow side: who wins when a given player starts, by playing every line out on the whole
// graph (no parts, no canonical forms).
class PlayItOut {
 public:
  explicit PlayItOut(const Graph& g) : part_(whole_graph_part(g)), masks_(part_) {}

  PartMasks::Mask full() const { return masks_.full(); }
  PartMasks::Mask cut(PartMasks::Mask m, std::size_t i) const { return masks_.cut(m, i); }

  bool mover_wins(PartMasks::Mask m, bool left) {
    const std::uint64_t key = m * 2 + (left ? 1 : 0);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool wins = false;
    for (std::size_t i = 0; i < masks_.size() && !wins; ++i) {
      if (!(m >> i & 1)) continue;
      const Colour c = masks_.colour(i);
      if (c == (left ? Colour::red : Colour::blue)) continue;
      wins = !mover_wins(masks_.cut(m, i), !left);
    }
    memo_.emplace(key, wins);
    return wins;
  }

 private:
  Part part_;
  PartMasks masks_;
  absl::flat_hash_map<std::uint64_t, bool> memo_;
};

TEST(MixedHackenbush, ValuesFromTheLiterature) {
  EXPECT_EQ(value_of("el"), "^*");   // blue on green: {0,*|0}
  EXPECT_EQ(value_of("el;e"), "^");  // and a green edge beside it
  EXPECT_EQ(value_of("er"), "v*");
  EXPECT_EQ(value_of("le"), "1*");  // green on blue: {0,1|1}
  EXPECT_EQ(value_of("re"), "-1*");
  EXPECT_EQ(value_of("ell"), "{0,^*|0}");  // two blue on green: {0,*,^*|0}, * dominated
  EXPECT_EQ(value_of("el;er"), "0");       // up-star and down-star cancel
  EXPECT_EQ(value_of("lr;e"), "1/2*");
  EXPECT_EQ(value_of("e(l;r)"), "*");  // {0, -1* ... } both sides symmetric
}

TEST(MixedHackenbush, OutcomeAndCutsOfUpStar) {
  const MixedAnalysis a = analyze_mixed(parse_string_notation("el"));  // ^*: first player wins
  EXPECT_EQ(a.outcome, Outcome::first);
  EXPECT_EQ(a.value_kind, "number+ups+star");
  // Left wins by cutting the green edge (to 0)... or not: ^* = {0,*|0}: Left moves to 0.
  EXPECT_EQ(a.left_wins, (std::vector<std::uint32_t>{0}));
  EXPECT_EQ(a.right_wins, (std::vector<std::uint32_t>{0}));
}

TEST(MixedHackenbush, PartsAgreeWithSearchingTheWholeGraph) {
  std::mt19937_64 rng(41);
  const int trials = sanitized() ? 500 : 1500;  // (7 s there)
  for (int trial = 0; trial < trials; ++trial) {
    const Graph g = random_graph(rng, 7, 10, trial % 2 == 0);
    GameStore s;
    ASSERT_EQ(mixed_value(s, g), mixed_value_by_search(s, g)) << trial;
    if (g.all_green()) {
      ASSERT_EQ(mixed_value(s, g), s.nimber(green_value(g))) << trial;
    }
    if (!g.has_green()) {
      ASSERT_EQ(mixed_value(s, g), s.number(analyze_blue_red(g).value)) << trial;
    }
  }
}

TEST(MixedHackenbush, OutcomesAndCutsAgreeWithPlayingItOut) {
  std::mt19937_64 rng(5);
  int first = 0, second = 0, left = 0, right = 0;
  const int trials = sanitized() ? 1000 : 3000;  // (14 s there)
  for (int trial = 0; trial < trials; ++trial) {
    const Graph g = random_graph(rng, 7, 11, trial % 3 == 0);
    const MixedAnalysis a = analyze_mixed(g);
    PlayItOut slow(g);
    const auto full = slow.full();
    const bool l = slow.mover_wins(full, true), r = slow.mover_wins(full, false);
    const Outcome expected = l && r ? Outcome::first
                             : l    ? Outcome::left
                             : r    ? Outcome::right
                                    : Outcome::second;
    ASSERT_EQ(a.outcome, expected) << trial;
    first += expected == Outcome::first, second += expected == Outcome::second;
    left += expected == Outcome::left, right += expected == Outcome::right;
    std::vector<std::uint32_t> lw, rw;
    for (std::uint32_t i = 0; i < g.edge_count(); ++i) {
      if (!(full >> i & 1)) continue;
      const auto after = slow.cut(full, i);
      if (g.edge(i).colour != Colour::red && !slow.mover_wins(after, false)) lw.push_back(i);
      if (g.edge(i).colour != Colour::blue && !slow.mover_wins(after, true)) rw.push_back(i);
    }
    ASSERT_EQ(a.left_wins, lw) << trial;
    ASSERT_EQ(a.right_wins, rw) << trial;
  }
  // Every outcome class occurs many times, so the check can fail in every direction.
  EXPECT_GT(first, trials / 15);
  EXPECT_GT(second, trials / 15);
  EXPECT_GT(left, trials / 15);
  EXPECT_GT(right, trials / 15);
}

TEST(MixedHackenbush, BigGreenAndBlueRedPartsBesideASmallMixedOne) {
  // Green paths of 700 and 3 edges (*700 + *3 = *703, never built as a game), a blue stalk of
  // 1000 edges, and a green edge carrying a red one (v*).
  Graph g;
  for (std::uint64_t i = 0; i < 700; ++i) g.add_edge(i == 0 ? 0 : 100000 + i, 100001 + i);
  for (std::uint64_t i = 0; i < 3; ++i) g.add_edge(i == 0 ? 0 : 200000 + i, 200001 + i);
  for (std::uint64_t i = 0; i < 1000; ++i)
    g.add_edge(i == 0 ? 0 : 300000 + i, 300001 + i, Colour::blue);
  g.add_edge(0, 1);
  g.add_edge(1, 2, Colour::red);
  const MixedAnalysis a = analyze_mixed(g);
  EXPECT_EQ(a.value, "1000v*702");  // 1000 + *703 + v*
  EXPECT_EQ(a.value_kind, "number+ups+star");
  EXPECT_EQ(a.outcome, Outcome::left);
  EXPECT_EQ(a.parts.size(), 4u);
  // Every Blue or green cut leaves at least 1 + an infinitesimal, so it wins for Blue, except
  // cutting the blue stalk at the ground (edge 703): v + *702 < 0.
  EXPECT_EQ(a.left_wins.size(), 700u + 3u + 1000u + 1u - 1u);
  EXPECT_FALSE(std::binary_search(a.left_wins.begin(), a.left_wins.end(), 703u));
  EXPECT_TRUE(a.right_wins.empty());
}

TEST(MixedHackenbush, StalksByTheirPrefixes) {
  std::mt19937_64 rng(8);
  const Colour colours[] = {Colour::green, Colour::blue, Colour::red};
  for (int trial = 0; trial < 400; ++trial) {
    Graph g;
    const std::uint64_t n = 1 + rng() % 14;
    for (std::uint64_t i = 0; i < n; ++i) g.add_edge(i, i + 1, colours[rng() % 3]);
    if (!g.has_green()) continue;
    GameStore s;
    ASSERT_EQ(mixed_value(s, g), mixed_value_by_search(s, g)) << trial;
  }
  // A blue stalk of 470 edges carrying 30 green ones: 470 : *30 = 470 + *30.
  Graph g;
  for (std::uint64_t i = 0; i < 500; ++i)
    g.add_edge(i, i + 1, i < 470 ? Colour::blue : Colour::green);
  const MixedAnalysis a = analyze_mixed(g);
  EXPECT_EQ(a.value, "470*30");
  EXPECT_EQ(a.parts.at(0).method, "stalk (501 positions)");
  // Blue wins moving first by any cut but those of the green edges that leave 470 + *0... all
  // of its cuts leave a positive number plus a nimber: every blue and green cut wins.
  EXPECT_EQ(a.left_wins.size(), 500u);
  EXPECT_TRUE(a.right_wins.empty());
}

TEST(MixedHackenbush, LimitsAreClear) {
  // A star of 70 mixed edges on one green edge: more edges than a search mask holds. (The
  // positions limit, kMaxMixedPositions, takes seconds to reach and is checked by hand.)
  Graph g;
  g.add_edge(0, 1);
  for (std::uint64_t i = 0; i < 70; ++i) g.add_edge(1, 2 + i, i % 2 ? Colour::blue : Colour::red);
  EXPECT_THROW(analyze_mixed(g), LimitError);
  Graph h;  // a mixed stalk longer than kMaxMixedStalk
  for (std::uint64_t i = 0; i <= kMaxMixedStalk; ++i)
    h.add_edge(i, i + 1, i % 2 ? Colour::green : Colour::blue);
  EXPECT_THROW(analyze_mixed(h), LimitError);
}

// A name past GameNamer::kDefaultMaxChars is shortened, and says so; the form then carries the
// whole game: written out again from the form, it is exactly the full name.
std::string expand(const std::vector<GameNamer::FormNode>& form, std::uint32_t i) {
  const auto& n = form[i];
  if (!n.name.empty()) return n.name;
  std::string out = "{";
  for (std::size_t k = 0; k < n.left.size(); ++k) out += (k ? "," : "") + expand(form, n.left[k]);
  out += "|";
  for (std::size_t k = 0; k < n.right.size(); ++k) out += (k ? "," : "") + expand(form, n.right[k]);
  return out + "}";
}

TEST(MixedHackenbush, LongNamesAreShortenedAndTheFormIsWhole) {
  const Graph g = parse_string_notation("eeellelrereerell");
  const MixedAnalysis a = analyze_mixed(g);
  EXPECT_TRUE(a.value_elided);
  EXPECT_NE(a.value.find("..."), std::string::npos);
  ASSERT_FALSE(a.value_form.empty());
  EXPECT_EQ(a.value_form_star, 0u);
  GameStore store;
  GameNamer namer(store);
  const GameId v = mixed_value(store, g);
  bool elided = true;
  const std::string full = namer.name(v, std::size_t{1} << 26, &elided);
  EXPECT_FALSE(elided);
  EXPECT_GT(full.size(), GameNamer::kDefaultMaxChars);
  EXPECT_EQ(expand(a.value_form, 0), full);
  // Short names are whole, with no form.
  const MixedAnalysis b = analyze_mixed(parse_string_notation("ell"));
  EXPECT_FALSE(b.value_elided);
  EXPECT_TRUE(b.value_form.empty());
}

}  // namespace
}  // namespace grundy::hackenbush
