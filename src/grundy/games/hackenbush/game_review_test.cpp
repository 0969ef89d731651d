// The post-game analysis, the engine and the game records of Hackenbush (issue 26): every cut's
// value checked against the analysis of the picture drawn afresh with only the edges still
// standing, and every verdict against playing the position out.
#include "grundy/games/hackenbush/game_review.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "grundy/core/error.h"
#include "grundy/games/hackenbush/play.h"
#include "grundy/games/hackenbush/random_graph.h"
#include "grundy/games/hackenbush/record.h"
#include "grundy/testing/sanitized.h"

namespace grundy::hackenbush {
namespace {

// Who wins moving first, by playing every line out on the edge masks of a small picture (the
// slow side: no parts, no values, no Graph::cut).
class CutItOut {
 public:
  explicit CutItOut(const Graph& g) : g_(g) {}

  // The edges of `mask` still joined to the ground.
  std::uint64_t prune(std::uint64_t mask) const {
    std::vector<char> reached(g_.vertex_count(), 0);
    reached[0] = 1;
    for (bool grew = true; grew;) {
      grew = false;
      for (std::size_t i = 0; i < g_.edge_count(); ++i) {
        const Edge& e = g_.edge(i);
        if ((mask >> i & 1) && reached[e.u] != reached[e.v])
          reached[e.u] = reached[e.v] = 1, grew = true;
      }
    }
    std::uint64_t live = 0;
    for (std::size_t i = 0; i < g_.edge_count(); ++i)
      if ((mask >> i & 1) && reached[g_.edge(i).u]) live |= std::uint64_t{1} << i;
    return live;
  }
  std::uint64_t cut(std::uint64_t mask, std::uint32_t e) const {
    return prune(mask & ~(std::uint64_t{1} << e));
  }
  bool mover_wins(std::uint64_t mask, Side s) {
    const std::uint64_t key = mask * 2 + (s == Side::blue ? 1 : 0);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool wins = false;
    for (std::uint32_t i = 0; i < g_.edge_count() && !wins; ++i)
      if ((mask >> i & 1) && may_cut(g_.edge(i).colour, s))
        wins = !mover_wins(cut(mask, i), other(s));
    memo_.emplace(key, wins);
    return wins;
  }

 private:
  const Graph& g_;
  absl::flat_hash_map<std::uint64_t, bool> memo_;
};

// The picture drawn afresh with only the edges of `mask` (the same vertex numbers).
Graph standing_only(const Graph& g, std::uint64_t mask) {
  Graph out;
  for (std::uint32_t i = 0; i < g.edge_count(); ++i)
    if (mask >> i & 1) out.add_edge(g.label(g.edge(i).u), g.label(g.edge(i).v), g.edge(i).colour);
  return out;
}

TEST(HackenbushGameReview, EveryCutAgainstTheFreshPictureAndPlayingItOut) {
  std::mt19937_64 rng(11);
  int mistakes = 0, kept = 0, lost = 0, games = 0;
  const int trials = sanitized() ? 500 : 1500;  // (17 s there)
  for (int trial = 0; trial < trials; ++trial) {
    const Graph g = random_graph(rng, 7, 10, trial % 3 == 0);
    CutItOut slow(g);
    std::uint64_t mask = slow.prune((std::uint64_t{1} << g.edge_count()) - 1);
    const Side first = trial % 2 == 0 ? Side::blue : Side::red;
    // A random game: random legal cuts until the side to move has none.
    std::vector<std::uint32_t> cuts;
    std::vector<std::uint64_t> masks{mask};
    for (Side s = first;; s = other(s)) {
      std::vector<std::uint32_t> legal;
      for (std::uint32_t i = 0; i < g.edge_count(); ++i)
        if ((mask >> i & 1) && may_cut(g.edge(i).colour, s)) legal.push_back(i);
      if (legal.empty()) break;
      cuts.push_back(legal[rng() % legal.size()]);
      mask = slow.cut(mask, cuts.back());
      masks.push_back(mask);
    }
    if (cuts.empty()) continue;
    ++games;
    const GameReview r = review_game(g, cuts, first);
    ASSERT_TRUE(r.complete);
    ASSERT_EQ(r.moves.size(), cuts.size());
    for (std::size_t k = 0; k < cuts.size(); ++k) {
      const CutReview& c = r.moves[k];
      const Side s = k % 2 == 0 ? first : other(first);
      ASSERT_EQ(c.edge, cuts[k]);
      ASSERT_EQ(c.side, s);
      ASSERT_EQ(c.value_before, evaluate(standing_only(g, masks[k])).value)
          << trial << " cut " << k;
      ASSERT_EQ(c.value_after, evaluate(standing_only(g, masks[k + 1])).value)
          << trial << " cut " << k;
      const bool won = slow.mover_wins(masks[k], s);
      const bool still = !slow.mover_wins(masks[k + 1], other(s));
      ASSERT_EQ(c.wins_before, won) << trial << " cut " << k;
      ASSERT_EQ(c.wins_after, still) << trial << " cut " << k;
      ASSERT_EQ(c.mistake, won && !still);
      ASSERT_EQ(c.best.empty(), !won);
      for (const std::uint32_t b : c.best) {
        ASSERT_TRUE(masks[k] >> b & 1);
        ASSERT_TRUE(may_cut(g.edge(b).colour, s));
        ASSERT_FALSE(slow.mover_wins(slow.cut(masks[k], b), other(s))) << trial << " cut " << k;
      }
      mistakes += c.mistake, kept += won && !c.mistake, lost += !won;
    }
  }
  EXPECT_GT(games, trials * 2 / 3);
  EXPECT_GT(mistakes, trials / 5);
  EXPECT_GT(kept, trials / 5);
  EXPECT_GT(lost, trials / 5);
}

TEST(HackenbushGameReview, IllegalCutsAreInputErrors) {
  const Graph g = parse_string_notation("lr;e", "s");            // e0 blue, e1 red on it, e2 green
  EXPECT_THROW(review_game(g, {1}, Side::blue), InputError);     // Blue may not cut red
  EXPECT_THROW(review_game(g, {0, 1}, Side::blue), InputError);  // e1 fell with e0
  EXPECT_THROW(review_game(g, {2, 2}, Side::blue), InputError);  // cut twice
  EXPECT_THROW(review_game(g, {3}, Side::blue), InputError);     // no such edge
  EXPECT_NO_THROW(review_game(g, {1, 0}, Side::red));
}

TEST(HackenbushEngine, PerfectAlwaysWinsWhenItCanAndEveryStrengthCutsLegally) {
  std::mt19937_64 gen(12);
  search::Rng rng(13);
  int wins = 0;
  const int trials = sanitized() ? 500 : 1500;  // (11 s there)
  for (int trial = 0; trial < trials; ++trial) {
    const Graph g = random_graph(gen, 7, 10, trial % 2 == 0);
    CutItOut slow(g);
    const std::uint64_t full = slow.prune((std::uint64_t{1} << g.edge_count()) - 1);
    for (const Side s : {Side::blue, Side::red}) {
      const auto legal = legal_cuts(g, s);
      for (const Strength st : {Strength::perfect, Strength::good, Strength::beginner}) {
        if (legal.empty()) {
          EXPECT_THROW(choose_cut(g, s, st, rng), InputError);
          continue;
        }
        const std::uint32_t e = choose_cut(g, s, st, rng);
        ASSERT_TRUE(full >> e & 1);
        ASSERT_TRUE(may_cut(g.edge(e).colour, s));
        if (st == Strength::perfect && slow.mover_wins(full, s)) {
          ASSERT_FALSE(slow.mover_wins(slow.cut(full, e), other(s))) << trial;
          ++wins;
        }
      }
    }
  }
  EXPECT_GT(wins, trials / 3);
}

TEST(HackenbushRecord, ReadsWhatPlayWritesAndPlaysTheCuts) {
  const std::string text =
      "# grundy game record\n# Game: Hackenbush (blue, green, red)\n# Engine: perfect\n"
      "# Result: unfinished\n# Date: 2026-11-25\n# First: red\n# You: blue\n"
      "# edge 0 1 g\n# edge 1 2 b\n# edge 0 3 g\n# edge 0 4 b\n# edge 4 5 g\n# edge 4 6 r\n"
      "e5 e1\ne0\n";
  ASSERT_TRUE(is_game_record(text));
  ASSERT_TRUE(is_game_record("\n  # Grundy game record\n"));
  EXPECT_FALSE(is_game_record("0 1 g\n"));
  const GameRecord r = parse_game_record(text, "r");
  EXPECT_EQ(to_edge_list(r.picture), "0 1 g\n1 2 b\n0 3 g\n0 4 b\n4 5 g\n4 6 r\n");
  EXPECT_EQ(r.cuts, (std::vector<std::uint32_t>{5, 1, 0}));
  EXPECT_EQ(r.first, Side::red);
  EXPECT_EQ(r.you, Side::blue);
  Graph g = r.picture;
  EXPECT_EQ(play_cuts(g, r.cuts, *r.first), Side::blue);
  EXPECT_EQ(legal_cuts(g, Side::blue), (std::vector<std::uint32_t>{2, 3, 4}));
  EXPECT_TRUE(g.is_cut(0));
  EXPECT_FALSE(is_standing(g, 0));
  EXPECT_FALSE(is_standing(g, 5));
  EXPECT_TRUE(is_standing(g, 4));
}

TEST(HackenbushRecord, BadRecordsAreInputErrors) {
  const std::string head = "# grundy game record\n";
  EXPECT_THROW(parse_game_record(head + "e0\n", "r"), InputError);  // no picture
  EXPECT_THROW(parse_game_record(head + "# edge 0\n", "r"), InputError);
  EXPECT_THROW(parse_game_record(head + "# edge 0 1 x\n", "r"), InputError);
  EXPECT_THROW(parse_game_record(head + "# edge 0 4294967296\n", "r"), InputError);
  EXPECT_THROW(parse_game_record(head + "# edge 0 1\n# First: green\n", "r"), InputError);
  EXPECT_THROW(parse_game_record(head + "# edge 0 1\n# First: red\n# First: red\n", "r"),
               InputError);
  EXPECT_THROW(parse_game_record(head + "# edge 0 1\ne1\n", "r"), InputError);
  EXPECT_THROW(parse_game_record(head + "# edge 0 1\nf0\n", "r"), InputError);
  EXPECT_THROW(parse_game_record(head + "# edge 0 1\ne0, \n", "r"), InputError);  // empty item
  EXPECT_THROW(parse_cuts("e0,,e1", 2), InputError);
  EXPECT_THROW(parse_cuts("e-1", 2), InputError);
  EXPECT_THROW(parse_cuts("e0", 0), InputError);
}

}  // namespace
}  // namespace grundy::hackenbush
