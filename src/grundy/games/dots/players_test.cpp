#include "grundy/games/dots/players.h"

#include <cstdlib>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/dots/analysis.h"
#include "grundy/games/dots/coins.h"
#include "grundy/games/dots/nimstring.h"
#include "grundy/games/dots/solver.h"
#include "grundy/games/dots/strategy.h"
#include "grundy/games/dots/testing/brute.h"
#include "grundy/search/match.h"
#include "grundy/testing/sanitized.h"

namespace grundy::dots {
namespace {

// Plays a whole game, checking every engine move is legal; returns player 1's margin.
int play_game(DotsPlayer& p1, DotsPlayer& p2, const Board& b) {
  DotsState s(b);
  DotsPlayer* players[2] = {&p1, &p2};
  while (!s.is_over()) {
    const auto m = players[s.to_move()]->choose(s);
    EXPECT_LT(m, b.lines());
    EXPECT_FALSE(s.drawn(m)) << players[s.to_move()]->name() << " drew " << b.line_name(m)
                             << " twice";
    if (s.drawn(m)) return 0;
    s.play(m);
  }
  return s.points(0) - s.points(1);
}

TEST(DotsEngines, EveryEnginePlaysLegalGamesOnSeveralBoards) {
  for (const auto& name : engine_names()) {
    if (name == "perfect" && sanitized()) continue;
    for (auto [r, c] : {std::pair{1, 3}, {2, 2}, {3, 3}, {2, 5}}) {
      auto a = make_engine(name, 7, {.seconds = 0.2});
      auto rnd = make_engine("random", 8);
      play_game(*a, *rnd, Board::get(r, c));
      play_game(*rnd, *a, Board::get(r, c));
    }
  }
  EXPECT_THROW(make_engine("alphago", 1), InputError);
}

TEST(DotsEngines, GreedyTakesFreeBoxesAndAvoidsThirdSides) {
  const Board& b = Board::get(2, 2);
  // Box a1 has three sides: greedy completes it.
  auto s = DotsState::after(b, "a1b1 a1a2 a2b2 c1c2");
  auto greedy = make_engine("greedy", 1);
  EXPECT_EQ(b.line_name(greedy->choose(s)), "b1b2");
  // Nothing to take: greedy never gives a box its third side while a safe line exists.
  auto t = DotsState::after(b, "a1b1 a2a3");
  for (int i = 0; i < 30; ++i) {
    greedy->new_game(static_cast<std::uint64_t>(i));
    const auto m = greedy->choose(t);
    const auto classes = classify_moves(t);
    EXPECT_NE(std::find(classes.safe.begin(), classes.safe.end(), m), classes.safe.end());
  }
}

TEST(DotsEngines, ControlTakesOrKeepsControlAsTheSolverDoes) {
  // 1x8 with the top and bottom lines drawn: one long chain. Open it at the left end: the
  // capturer should take all (nothing follows). With a second long chain to come (2x5: two
  // rows), it declines the last two and keeps control.
  const Board& row = Board::get(1, 5);
  std::string lines;
  for (int c = 0; c < 5; ++c)
    lines += row.line_name(c) + " " + row.line_name(5 + c) + " ";  // top and bottom lines
  auto s = DotsState::after(row, lines + "a1a2");  // opens the 5-chain: the opponent takes
  // Take three of them; then the choice: all but two.
  for (const char* l : {"b1b2", "c1c2", "d1d2"})
    s.play(static_cast<DotsState::Move>(row.find_line(l)));
  const auto choice = control_choice(s);
  ASSERT_TRUE(choice.has_value());
  EXPECT_EQ(choice->handed_over, 2);
  EXPECT_FALSE(keep_control(s, *choice));  // nothing left to control: take all
  // Compare with the exact solver on random positions where the choice arises.
  search::Rng rng(3);
  int checked = 0;
  const Board& b = Board::get(3, 3);
  for (int game = 0; game < 300 && checked < (sanitized() ? 5 : 60); ++game) {
    DotsState t(b);
    auto greedy = make_engine("greedy", static_cast<std::uint64_t>(game));
    while (!t.is_over()) {
      if (const auto c = control_choice(t); c && endgame_of(t).simple == false) {
        // Only where the rest is a simple endgame is keep_control exact.
        DotsState rest = t;
        for (bool again = true; again;) {
          again = false;
          for (int l = 0; l < b.lines(); ++l)
            if (!rest.drawn(l) && rest.completes(l) > 0) {
              rest.play(static_cast<DotsState::Move>(l));
              again = true;
            }
        }
        if (!rest.is_over() && endgame_of(rest).simple) {
          const auto r = solve(t, {.table_bytes = 1 << 20});
          const int chosen = keep_control(t, *c) ? c->double_deal : c->take;
          EXPECT_NE(std::find(r.best.begin(), r.best.end(), chosen), r.best.end());
          ++checked;
        }
      }
      t.play(greedy->choose(t));
    }
  }
  EXPECT_GT(checked, 0);
}

TEST(DotsEngines, AFreeCaptureIsAlwaysABestMove) {
  int checked = 0;
  for (int game = 0; game < 200 && checked < (sanitized() ? 20 : 300); ++game) {
    const Board& b = Board::get(game % 2 ? 3 : 2, 3);
    DotsState t(b);
    auto rnd = make_engine(game % 3 ? "greedy" : "random", static_cast<std::uint64_t>(game));
    while (!t.is_over()) {
      if (const int free = free_capture(t); free >= 0) {
        const auto r = solve(t, {.table_bytes = 1 << 20});
        EXPECT_NE(std::find(r.best.begin(), r.best.end(), free), r.best.end())
            << b.size_name() << " " << b.line_name(free);
        ++checked;
      }
      t.play(rnd->choose(t));
    }
  }
  EXPECT_GE(checked, sanitized() ? 20 : 300);
}

TEST(DotsEngines, BestOpeningOfASimpleEndgameIsOptimal) {
  search::Rng rng(11);
  int checked = 0;
  for (int game = 0; game < 400 && checked < (sanitized() ? 5 : 80); ++game) {
    const Board& b = Board::get(game % 2 ? 3 : 2, game % 3 ? 3 : 4);
    DotsState t(b);
    auto greedy = make_engine("greedy", static_cast<std::uint64_t>(game));
    while (!t.is_over()) {
      if (const int open = best_opening(t); open >= 0) {
        const auto r = solve(t, {.table_bytes = 1 << 20});
        EXPECT_NE(std::find(r.best.begin(), r.best.end(), open), r.best.end())
            << b.size_name() << " " << b.line_name(open);
        ++checked;
      }
      t.play(greedy->choose(t));
    }
  }
  EXPECT_GE(checked, sanitized() ? 5 : 80);
}

TEST(DotsEngines, PerfectMovingSecondOn3x3WinsAndMovingFirstLosesByAtMostThree) {
  if (sanitized()) GTEST_SKIP() << "the solver per move is slow under sanitizers";
  const Board& b = Board::get(3, 3);
  for (const auto& name : engine_names()) {
    for (int g = 0; g < 2; ++g) {
      auto perfect = make_engine("perfect", static_cast<std::uint64_t>(g), {.seconds = 30});
      auto other = make_engine(name, static_cast<std::uint64_t>(100 + g), {.seconds = 30});
      EXPECT_LT(play_game(*other, *perfect, b), 0) << "perfect second against " << name;
      EXPECT_GE(play_game(*perfect, *other, b), -3) << "perfect first against " << name;
    }
  }
}

bool contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// One perfect engine asked about boards of several sizes in turn (its table is kept between
// moves and games, one board at a time): every line it draws is one of the board's best.
TEST(DotsEngines, PerfectKeepsItsTableBetweenBoardsAndEveryMoveIsBest) {
  auto perfect = make_engine("perfect", 5, {.seconds = 30});
  search::Rng rng(6);
  std::vector<std::pair<const Board*, testing::BruteDots>> boards;
  for (auto [r, c] : {std::pair{2, 3}, {3, 2}, {1, 5}, {2, 2}})
    boards.emplace_back(&Board::get(r, c), testing::BruteDots(Board::get(r, c)));
  for (int i = 0; i < (sanitized() ? 40 : 200); ++i) {
    auto& [b, brute] = boards[rng.below(static_cast<std::uint32_t>(boards.size()))];
    std::uint64_t drawn = 0;
    DotsState s(*b);
    for (int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(b->lines() - 3))); k > 0;
         --k) {
      int l;
      do l = static_cast<int>(rng.below(static_cast<std::uint32_t>(b->lines())));
      while (s.drawn(l));
      s.play(static_cast<DotsState::Move>(l));
      drawn |= std::uint64_t{1} << l;
    }
    const int m = perfect->choose(s);
    EXPECT_TRUE(contains(brute.best(drawn), m)) << b->size_name() << " drawn " << drawn;
  }
}

// 4x4 middle games from control against greedy where no safe line wins the fight for control
// but a sacrifice of one or two boxes does, and the solver agrees that only a sacrifice is best.
TEST(DotsEngines, ControlSacrificesToWinTheFightForControl) {
  const Board& b = Board::get(4, 4);
  for (const char* moves :
       {"c4c5 c1c2 d3d4 e2e3 b4b5 d4e4 c1d1 a3a4 b3b4 d2d3 c4d4 a5b5 a2b2 c2c3",
        "e3e4 a2a3 a4b4 c2d2 d2d3 b4c4 a3b3 e4e5 b1c1 d1e1 b3c3 a5b5 c1d1 b1b2 c4d4",
        "d2e2 b2b3 c1d1 b3c3 a3b3 c3d3 d3e3 b4b5 c2d2 b5c5 b3b4 d4e4"}) {
    const auto s = DotsState::after(b, moves);
    const auto classes = classify_moves(s);
    ASSERT_FALSE(classes.safe.empty()) << moves;
    const auto r = solve(s, {.table_bytes = std::size_t{16} << 20});
    ASSERT_TRUE(r.complete);
    for (int l : r.best) EXPECT_FALSE(contains(classes.safe, l)) << "a safe line is best";
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
      search::Rng rng(seed);
      const auto a = control_advice(s, rng);
      const int offered = boxes_offered(s, a.line);
      EXPECT_TRUE(offered == 1 || offered == 2) << moves << ": " << b.line_name(a.line);
      EXPECT_TRUE(contains(r.best, a.line)) << moves << ": " << b.line_name(a.line);
      EXPECT_EQ(a.reason.rfind("sacrifice ", 0), 0u) << a.reason;
    }
  }
}

// When every safe line loses the fight for control, control plays the safe line after which
// the largest share of the opponent's safe replies hands the fight back. Checked here with
// whole-position Nimstring values of the positions two moves on (not the engine's code), and
// on a position where that line is also the solver's only best line.
TEST(DotsEngines, ControlLosingTheFightLeavesTheOpponentTheMostWaysToGoWrong) {
  const Board& b = Board::get(4, 4);
  const auto s =
      DotsState::after(b, "a1b1 a2b2 b3b4 a5b5 a4a5 c4c5 a3a4 e1e2 d4e4 e4e5 e3e4 c3c4 c4d4");
  const auto nimstring_of = [](const DotsState& t) {
    const Coins g = Coins::of(t);
    Nimstring nim(g);
    return nim.value(g.all());
  };
  const auto safe = classify_moves(s).safe;
  ASSERT_FALSE(safe.empty());
  double best_share = -1;
  std::vector<double> share(static_cast<std::size_t>(b.lines()), -1);
  for (int l : safe) {
    DotsState t = s;
    t.play(static_cast<DotsState::Move>(l));
    EXPECT_NE(nimstring_of(t), NimstringValue{})
        << "the fight is not lost after " << b.line_name(l);
    const auto replies = classify_moves(t).safe;
    int wrong = 0;
    for (int r : replies) {
      DotsState u = t;
      u.play(static_cast<DotsState::Move>(r));
      if (nimstring_of(u) != NimstringValue{}) ++wrong;
    }
    share[static_cast<std::size_t>(l)] =
        replies.empty() ? 0.0 : static_cast<double>(wrong) / static_cast<double>(replies.size());
    best_share = std::max(best_share, share[static_cast<std::size_t>(l)]);
  }
  const auto r = solve(s, {.table_bytes = std::size_t{16} << 20});
  ASSERT_TRUE(r.complete);
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    search::Rng rng(seed);
    const auto a = control_advice(s, rng);
    ASSERT_TRUE(contains(safe, a.line)) << b.line_name(a.line);
    EXPECT_DOUBLE_EQ(share[static_cast<std::size_t>(a.line)], best_share);
    EXPECT_TRUE(contains(r.best, a.line)) << b.line_name(a.line);
  }
}

// From 24 undrawn lines down, control counts exactly: its line is one of the solver's best.
TEST(DotsEngines, ControlCountsExactlyFromTwentyFourUndrawnLines) {
  const Board& b = Board::get(4, 4);
  int checked = 0;
  for (int game = 0; game < 40 && checked < (sanitized() ? 2 : 12); ++game) {
    auto greedy = make_engine("greedy", static_cast<std::uint64_t>(game));
    DotsState t(b);
    while (!t.is_over() && b.lines() - t.lines_drawn() > 24) t.play(greedy->choose(t));
    const auto classes = classify_moves(t);
    if (t.is_over() || !classes.captures.empty() || endgame_of(t).simple) continue;
    search::Rng rng(static_cast<std::uint64_t>(game));
    const auto a = control_advice(t, rng);
    const auto r = solve(t, {.table_bytes = std::size_t{16} << 20});
    ASSERT_TRUE(r.complete);
    EXPECT_TRUE(contains(r.best, a.line)) << b.line_name(a.line) << ": " << a.reason;
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(DotsAnalysis, NamesChainsTheRuleAndTheAdvice) {
  const Board& b = Board::get(1, 4);
  // Top and bottom lines drawn: one chain of 4 boxes, grounded at both ends.
  const auto s = DotsState::after(b, "a1b1 b1c1 c1d1 d1e1 a2b2 b2c2 c2d2 d2e2");
  const auto a = analyze(s, {.solver_seconds = 5});
  ASSERT_EQ(a.chains.size(), 1u);
  EXPECT_EQ(a.chains[0].length(), 4);
  EXPECT_TRUE(a.chains[0].isolated());
  EXPECT_EQ(a.long_chains, 1);
  EXPECT_EQ(a.favoured, 2);  // 10 dots + 1 long chain is odd: player 2
  ASSERT_TRUE(a.nimstring.has_value());
  EXPECT_EQ(a.nimstring->to_string(), "0");
  EXPECT_TRUE(a.endgame.simple);
  EXPECT_EQ(a.endgame.value, -4);
  ASSERT_TRUE(a.solved.has_value());
  EXPECT_EQ(a.solved->value, -4);
}

}  // namespace
}  // namespace grundy::dots
