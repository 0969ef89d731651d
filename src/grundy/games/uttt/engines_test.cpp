// Playouts, players, analysis and solving for Ultimate Tic-Tac-Toe, checked against plain
// minimax and the rules.
#include <atomic>
#include <cstdlib>
#include <map>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/uttt/board.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/players.h"
#include "grundy/games/uttt/playout.h"
#include "grundy/games/uttt/solve.h"
#include "grundy/search/alpha_beta.h"
#include "grundy/search/match.h"
#include "grundy/search/mcts.h"
#include "grundy/search/random.h"
#include "grundy/testing/sanitized.h"

namespace grundy::uttt {
namespace {

// A position `plies` random moves into a game that is still going (or nullopt).
std::optional<Board> random_position(Rules rules, search::Rng& rng, int plies) {
  Board b(rules);
  Board::Moves legal;
  for (int i = 0; i < plies; ++i) {
    if (b.is_over()) return std::nullopt;
    b.legal_moves(legal);
    b.play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  if (b.is_over()) return std::nullopt;
  return b;
}

// Positions with few empty cells left: minimax can afford them.
std::vector<Board> endgame_positions(Rules rules, int count, std::uint64_t seed) {
  search::Rng rng(seed);
  std::vector<Board> out;
  while (static_cast<int>(out.size()) < count) {
    const int plies = 50 + static_cast<int>(rng.below(20));
    auto b = random_position(rules, rng, plies);
    if (!b) continue;
    Board::Moves legal;
    b->legal_moves(legal);
    // Keep the tree small: few empty cells, or a forced board with few moves.
    if (81 - b->stones() > 16 && legal.size() > 4) continue;
    if (81 - b->stones() > 22) continue;
    out.push_back(*b);
  }
  return out;
}

TEST(UtttPlayouts, RandomStepsAreLegalAndUniform) {
  // The first move from the empty board, and a free move later: every legal cell about equally
  // often (chi-square with 80 degrees of freedom stays far below 200).
  search::Rng rng(17);
  const int per_cell = sanitized() ? 100 : 1000;
  std::map<std::string, int> counts;
  for (int i = 0; i < 81 * per_cell; ++i) {
    Board b;
    b.random_step(static_cast<std::uint32_t>(rng()));
    for (int m = 0; m < kCells; ++m)
      if ((b.cells(0, m / 9) >> (m % 9)) & 1) ++counts[cell_name(static_cast<Board::Move>(m))];
  }
  ASSERT_EQ(counts.size(), 81u);
  double chi2 = 0;
  for (const auto& [name, n] : counts) chi2 += (n - per_cell) * (n - per_cell) / double(per_cell);
  EXPECT_LT(chi2, 200);
  // Every step of random and policy playouts is a legal move.
  for (Rules r : {Rules::standard, Rules::orlin})
    for (int g = 0; g < (sanitized() ? 20 : 200); ++g) {
      Board b(r), c(r);
      bool policy = g % 2 == 1;
      while (!b.is_over()) {
        Board before = b;
        Board::Moves legal;
        b.legal_moves(legal);
        const std::uint64_t x = rng();
        if (policy)
          b.policy_step(x);
        else
          b.random_step(static_cast<std::uint32_t>(x));
        int played = -1;
        for (int m = 0; m < kCells; ++m) {
          const int p = before.to_move();
          if (((b.cells(p, m / 9) ^ before.cells(p, m / 9)) >> (m % 9)) & 1) played = m;
        }
        ASSERT_GE(played, 0);
        ASSERT_TRUE(legal.contains(static_cast<Board::Move>(played)));
        c.play(static_cast<Board::Move>(played));
        ASSERT_EQ(b.is_over(), c.is_over());
        ASSERT_EQ(b.winner(), c.winner());
        ASSERT_EQ(b.forced_board(), c.forced_board());
      }
    }
}

TEST(UtttPlayouts, PolicyPlayoutsTakeImmediateWins) {
  search::Rng rng(23);
  int checked = 0;
  for (int i = 0; i < (sanitized() ? 300 : 3000) && checked < 200; ++i) {
    auto b = random_position(Rules::standard, rng, 20 + static_cast<int>(rng.below(40)));
    Board::Move w;
    if (!b || !b->winning_move(w)) continue;
    Board c = *b;
    c.policy_step(rng());
    EXPECT_EQ(c.winner(), b->to_move());
    ++checked;
  }
  EXPECT_GT(checked, sanitized() ? 2 : 20);
}

TEST(UtttPlayouts, MctsPlayoutStepsPlayThePolicysMoves) {
  // The MCTS playout keeps each board's line threats move by move; policy_step recomputes them
  // at every move. Same random bits, same moves, to the end, under both rule sets.
  search::Rng rng(31);
  int games = 0;
  for (const Rules rules : {Rules::standard, Rules::orlin})
    for (int i = 0; i < (sanitized() ? 150 : 1500); ++i) {
      auto start = random_position(rules, rng, static_cast<int>(rng.below(60)));
      if (!start) continue;
      Board fast = *start, slow = *start;
      fast.mcts_playout_start();
      for (int ply = 0;; ++ply) {
        const std::uint64_t r = rng();
        const bool fast_on = fast.mcts_playout_step(r);
        const bool slow_on = slow.policy_step(r);
        ASSERT_EQ(fast_on, slow_on) << i << " ply " << ply;
        ASSERT_TRUE(fast == slow) << i << " ply " << ply;
        ASSERT_EQ(fast.stones(), slow.stones());
        if (!slow_on) break;
      }
      ++games;
    }
  EXPECT_GT(games, sanitized() ? 200 : 2000);
}

TEST(UtttPlayouts, StatisticsAddUpAndDependOnlyOnTheSeed) {
  const std::uint64_t n = sanitized() ? 2000 : 20000;
  const auto a = random_playouts(Board(), n, 5);
  const auto b = random_playouts(Board(), n, 5);
  EXPECT_EQ(a.games, n);
  EXPECT_EQ(a.x_wins + a.o_wins + a.draws, n);
  EXPECT_EQ(a.x_wins, b.x_wins);
  EXPECT_EQ(a.plies, b.plies);
  // Random standard games: X wins about 41%, O 37%, draws 22% (measured over 10^7 games).
  EXPECT_NEAR(static_cast<double>(a.x_wins) / static_cast<double>(n), 0.412, 0.03);
  EXPECT_NEAR(static_cast<double>(a.draws) / static_cast<double>(n), 0.222, 0.03);
  EXPECT_EQ(random_playouts(Board(), 1, 1).games, 1u);
  EXPECT_EQ(random_playouts(Board(), 3, 1).games, 3u);
  EXPECT_THROW(random_playouts(play_moves("d4 a2 c5 g5 b5 e5 f4 i2 g6 a8 a5 i5 h5 d5 h4 e2 e4 "
                                          "f3 g7 c2 h6",
                                          Rules::standard),
                               10, 1),
               InputError);
}

TEST(UtttPlayers, AnalysisSizesItsTreeByTheBudgetWithoutChangingTheResult) {
  // analyze() reserves at most 1 + 81 * iterations nodes instead of the default 2^24; a bound
  // too small would fill the tree, stop its growth and change the search.
  for (const char* moves : {"", "e5 e4 d2", "e5 e4 d2 b5 e6 e9 d8"}) {
    const Board b = play_moves(moves, Rules::standard);
    for (const std::uint64_t n : {1ull, 2ull, 50ull, 3000ull}) {
      EngineOptions o;
      o.engine = Engine::mcts;
      o.seconds = 0;
      o.iterations = n;
      o.seed = 9;
      const Analysis a = analyze(b, o);
      search::Mcts<Board> wide(b, search::MctsOptions{.seed = 9});
      const auto r = wide.search(search::MctsLimits{.iterations = n});
      EXPECT_EQ(a.best, r.best) << moves << " / " << n;
      EXPECT_EQ(a.win_rate, r.win_rate) << moves << " / " << n;
      EXPECT_EQ(a.principal_variation, r.principal_variation) << moves << " / " << n;
      EXPECT_EQ(a.work, r.iterations);
    }
  }
}

TEST(UtttSolve, ProofNumberAlphaBetaAndMctsAgreeWithMinimaxNearTheEnd) {
  const int count = sanitized() ? 8 : 60;
  int proven_by_mcts = 0;
  for (Rules r : {Rules::standard, Rules::orlin, Rules::codingame})
    for (const Board& b : endgame_positions(r, count, 1 + static_cast<int>(r))) {
      const int want = minimax_result(b);
      const auto s = solve(b, {.table_bytes = 1 << 20});
      ASSERT_NE(s.result, "unknown");
      EXPECT_EQ(s.result, want > 0 ? "win" : want < 0 ? "loss" : "draw");
      if (s.has_move) {
        Board c = b;
        c.play(s.first_move);
        EXPECT_EQ(-minimax_result(c), want) << "the proof's first move keeps the result";
      }
      search::TranspositionTable tt(1 << 16);
      search::AlphaBeta<Board> ab(tt);
      const auto v = ab.solve(b, {});
      ASSERT_TRUE(v.complete);
      EXPECT_EQ((v.value > 0) - (v.value < 0), want);
      search::Mcts<Board> mcts(b);
      const auto m = mcts.search({.iterations = 20000});
      if (m.proven != search::kUnproven) {
        EXPECT_EQ(m.proven, want);
        ++proven_by_mcts;
      }
    }
  EXPECT_GT(proven_by_mcts, count / 2);
}

// Endgames that the tie-break decides (a draw under standard rules, a win for the mover under
// codingame rules): every engine goes for the boards.
TEST(UtttSolve, EnginesPlayForTheTieBreakUnderCodingameRules) {
  search::Rng rng(44);
  int found = 0, mcts_proven = 0;
  const int wanted = sanitized() ? 2 : 12;
  for (int attempt = 0; attempt < 100000 && found < wanted; ++attempt) {
    Board s(Rules::standard), c(Rules::codingame);
    Board::Moves legal;
    const int plies = 55 + static_cast<int>(rng.below(15));
    for (int i = 0; i < plies && !s.is_over(); ++i) {
      s.legal_moves(legal);
      const auto m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      s.play(m);
      c.play(m);
    }
    if (s.is_over() || 81 - s.stones() > 18) continue;
    if (minimax_result(s) != 0 || minimax_result(c) != 1) continue;
    ++found;
    const auto proof = solve(c, {.table_bytes = 1 << 20});
    ASSERT_EQ(proof.result, "win");
    Board after = c;
    after.play(proof.first_move);
    EXPECT_EQ(minimax_result(after), -1) << "the proof's first move wins on the tie-break";
    search::TranspositionTable tt(1 << 16);
    search::AlphaBeta<Board> ab(tt);
    const auto v = ab.solve(c, {});
    ASSERT_TRUE(v.complete);
    EXPECT_GT(v.value, 0);
    const auto a = analyze(c, {.engine = Engine::mcts, .seconds = 0, .iterations = 20000});
    if (a.result) {
      EXPECT_EQ(*a.result, 1);
      Board next = c;
      next.play(a.best);
      EXPECT_EQ(minimax_result(next), -1) << "mcts keeps the tie-break win";
      ++mcts_proven;
    }
  }
  EXPECT_EQ(found, wanted);
  EXPECT_GT(mcts_proven, wanted / 2);
}

TEST(UtttSolve, SmallBudgetsAnswerUnknownOrTheTruth) {
  search::Rng rng(31);
  int answered = 0, unknown = 0;
  for (const Board& b : endgame_positions(Rules::orlin, sanitized() ? 6 : 40, 9)) {
    const int want = minimax_result(b);
    for (std::uint64_t nodes : {1ull, 10ull, 100ull, 1000ull}) {
      const auto s = solve(b, {.max_nodes = nodes, .table_bytes = 1 << 16});
      if (s.result == "unknown") {
        ++unknown;
        continue;
      }
      ++answered;
      EXPECT_EQ(s.result, want > 0 ? "win" : want < 0 ? "loss" : "draw");
    }
  }
  EXPECT_GT(answered, 0);
  EXPECT_GT(unknown, 0);
}

TEST(UtttSolve, ExportedProofsNameTheStartAndListTheProversMoves) {
  // Orlin, 16 plies of the centre opening; X to move wins (the proof replays in the checker's
  // CTest). Under sanitizers, a position closer to the end.
  const char* start = "e5 d4 b2 e4 e2 f4 h2 d5 b5 f5 h5 d6 b8 e6 e8 f6";
  Board b = play_moves(start, Rules::orlin);
  if (sanitized()) GTEST_SKIP() << "a few seconds optimised";
  std::vector<Board::Move> moves;
  for (const auto& t : split_move_list(start)) moves.push_back(parse_cell(t));
  const auto s = solve(b, {.table_bytes = std::size_t{256} << 20,
                           .proof_size = false,
                           .export_proof = true,
                           .start_moves = moves});
  ASSERT_EQ(s.result, "win");
  EXPECT_EQ(s.proof.rfind("grundy-uttt-proof 1\nrules orlin\nstart " + std::string(start) +
                              "\nprover X\nmoves " + std::to_string(s.proof_moves) + "\n",
                          0),
            0u);
  EXPECT_GT(s.proof_moves, 100u);
}

TEST(UtttSolve, TheCentreOpeningWinsUnderOrlinRulesFromTwelvePlies) {
  if (sanitized()) GTEST_SKIP() << "about a million nodes";
  // X answers in the centre of the board it is sent to while the centre board has room.
  const Board b = play_moves("e5 d4 b2 e4 e2 f4 h2 d5 b5 f5 h5 d6", Rules::orlin);
  const auto s =
      solve(b, {.table_bytes = std::size_t{256} << 20, .proof_size = false, .opening = "centre"});
  ASSERT_EQ(s.result, "win");
  EXPECT_EQ(cell_name(s.first_move), "b8");  // the centre of the bottom-left board
  EXPECT_THROW(solve(b, {.table_bytes = 1 << 16, .opening = "sides"}), InputError);
}

TEST(UtttSolve, FinishedGamesAndStoppedSearches) {
  const Board over =
      play_moves("d4 a2 c5 g5 b5 e5 f4 i2 g6 a8 a5 i5 h5 d5 h4 e2 e4 f3 g7 c2 h6", Rules::standard);
  EXPECT_THROW(solve(over, {}), InputError);
  std::atomic<bool> stop{true};
  const auto s = solve(Board(Rules::orlin), {.stop = &stop, .table_bytes = 1 << 16});
  EXPECT_EQ(s.result, "unknown");
}

TEST(UtttPlayers, EnginesFindImmediateWinsAndFollowTheRulesOfThumb) {
  // X to move can win the game at once (a random game found one).
  search::Rng rng(41);
  std::optional<Board> win;
  for (int i = 0; i < 5000 && !win; ++i) {
    auto b = random_position(Rules::standard, rng, 25 + static_cast<int>(rng.below(30)));
    Board::Move m;
    if (b && b->winning_move(m)) win = b;
  }
  ASSERT_TRUE(win);
  for (Engine e : {Engine::heuristic, Engine::mcts, Engine::alphabeta}) {
    const auto a = analyze(*win, {.engine = e, .seconds = 0, .iterations = 2000});
    ASSERT_TRUE(a.has_move) << engine_name(e);
    Board c = *win;
    c.play(a.best);
    EXPECT_EQ(c.winner(), win->to_move()) << engine_name(e);
    EXPECT_EQ(a.result, 1) << engine_name(e);
  }
  auto heuristic = make_player({.engine = Engine::heuristic, .seconds = 0.05});
  EXPECT_EQ(cell_name(heuristic->choose(Board())), "e5");  // the seed's first move
  EXPECT_EQ(parse_engine("mcts"), Engine::mcts);
  EXPECT_THROW(parse_engine("minimax"), InputError);
  EXPECT_THROW(analyze(play_moves("d4 a2 c5 g5 b5 e5 f4 i2 g6 a8 a5 i5 h5 d5 h4 e2 e4 f3 g7 c2 "
                                  "h6",
                                  Rules::standard),
                       {}),
               InputError);
}

TEST(UtttPlayers, AStopFlagEndsEverySearchWithALegalMove) {
  std::atomic<bool> stop{true};
  const Board b = play_moves("e5 e4", Rules::standard);
  Board::Moves legal;
  b.legal_moves(legal);
  for (Engine e : {Engine::heuristic, Engine::mcts, Engine::alphabeta, Engine::random}) {
    const auto a = analyze(b, {.engine = e, .seconds = 100, .stop = &stop});
    ASSERT_TRUE(a.has_move) << engine_name(e);
    EXPECT_TRUE(legal.contains(a.best)) << engine_name(e);
  }
}

TEST(UtttPlayers, MctsBeatsRandomAndHeuristicBeatsRandom) {
  const int games = sanitized() ? 2 : 10;
  auto mcts = make_player({.engine = Engine::mcts, .seconds = 0, .iterations = 3000});
  auto heuristic = make_player({.engine = Engine::heuristic, .seconds = 0, .iterations = 20000});
  auto random = make_player({.engine = Engine::random});
  const auto a = search::play_match<Board>(*mcts, *random, Board(), games, 1, kCells);
  EXPECT_EQ(a.wins, games);
  const auto h = search::play_match<Board>(*heuristic, *random, Board(), games, 2, kCells);
  EXPECT_GE(h.wins, games - 1);
}

}  // namespace
}  // namespace grundy::uttt
