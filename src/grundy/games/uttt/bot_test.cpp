// The CodinGame protocol, the bot behind `grundy uttt bot`, the referee of `grundy uttt arena`
// (with bots faked in process), and the balanced openings.
#include <chrono>
#include <cmath>
#include <functional>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/uttt/bot.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/openings.h"
#include "grundy/games/uttt/players.h"
#include "grundy/games/uttt/protocol.h"
#include "grundy/games/uttt/referee.h"
#include "grundy/search/random.h"
#include "grundy/testing/sanitized.h"

namespace grundy::uttt {
namespace {

TEST(UtttProtocol, CellsAreRowAndColumnOfTheGrid) {
  EXPECT_EQ(protocol_cell(parse_cell("e5")), "4 4");
  EXPECT_EQ(protocol_cell(parse_cell("a1")), "0 0");
  EXPECT_EQ(protocol_cell(parse_cell("i1")), "0 8");  // column i, row 1: top right
  EXPECT_EQ(protocol_cell(parse_cell("a9")), "8 0");
  EXPECT_EQ(protocol_cell(parse_cell("d2")), "1 3");
  std::set<std::string> seen;
  for (int m = 0; m < kCells; ++m) {
    const auto text = protocol_cell(static_cast<Board::Move>(m));
    EXPECT_EQ(parse_protocol_cell(text, false, false), m);
    seen.insert(text);
  }
  EXPECT_EQ(seen.size(), 81u);
  EXPECT_EQ(parse_protocol_cell("-1 -1", true, false), std::nullopt);
  EXPECT_EQ(parse_protocol_cell(" 4   4\r", false, false), 40);
  EXPECT_EQ(parse_protocol_cell("4 4 0.57 winning", false, true), 40);  // a bot's message
  for (const char* bad : {"", "4", "44", "4 9", "9 4", "-1 -1", "4 4 x", "4,4", "a 4", "4 -0x1",
                          "-1 4", "4 4.5", "1e1 1"})
    EXPECT_THROW(parse_protocol_cell(bad, false, false), InputError) << bad;
  EXPECT_THROW(parse_protocol_cell("4 4x", false, true), InputError);
  EXPECT_THROW(parse_protocol_cell("-1 -1 hello", true, false), InputError);
}

TEST(UtttProtocol, TurnsAreReadWhole) {
  std::istringstream in("-1 -1\n2\n4 4\n0 0\n3 3\n1\n0 1\n");
  Turn t;
  ASSERT_TRUE(read_turn(in, true, t));
  EXPECT_EQ(t.opponent, std::nullopt);
  EXPECT_EQ(t.valid, (std::vector<Board::Move>{40, 0}));
  ASSERT_TRUE(read_turn(in, false, t));
  EXPECT_EQ(t.opponent, 36);  // row 3, column 3: d4
  EXPECT_EQ(t.valid, (std::vector<Board::Move>{1}));
  EXPECT_FALSE(read_turn(in, false, t));  // the end of input: the game is over
  auto error = [](const std::string& text, bool first = true) {
    std::istringstream s(text);
    Turn x;
    try {
      read_turn(s, first, x);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("-1 -1\n"), "the turn ends before the number of valid actions");
  EXPECT_EQ(error("-1 -1\n0\n"), "expected the number of valid actions (1-81), got '0'");
  EXPECT_EQ(error("-1 -1\n82\n"), "expected the number of valid actions (1-81), got '82'");
  EXPECT_EQ(error("-1 -1\n2\n4 4\n"), "the turn ends after 1 of 2 valid actions");
  EXPECT_EQ(error("-1 -1\n2\n4 4\n4 4\n"), "the valid action '4 4' is listed twice");
  EXPECT_EQ(error("-1 -1\n1\n4 4\n", false),
            "expected a cell 'row column' (two whole numbers 0-8), got '-1 -1'");
  EXPECT_EQ(error(std::string(5000, '1')),
            "a line of the referee's input is longer than 4096 characters");
}

TEST(UtttProtocol, TheRefereesTurnListsTheLegalMovesInGridOrder) {
  const Board b = play_moves("e5", Rules::codingame);
  std::istringstream in(turn_text(b, parse_cell("e5")));
  Turn t;
  ASSERT_TRUE(read_turn(in, false, t));
  EXPECT_EQ(t.opponent, 40);
  // O must play in the centre board: 8 cells, row by row.
  std::vector<std::string> cells;
  for (auto m : t.valid) cells.push_back(cell_name(m));
  EXPECT_EQ(cells, (std::vector<std::string>{"d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"}));
  EXPECT_EQ(turn_text(Board(), std::nullopt, parse_cell("a1")), "-1 -1\n1\n0 0\n");
  EXPECT_EQ(turn_text(Board(), std::nullopt).substr(0, 16), "-1 -1\n81\n0 0\n0 1");
}

// A whole game of the bot against random legal moves, as the referee would send it.
TEST(UtttBot, FollowsTheGameAndAnswersLegalMoves) {
  search::Rng rng(8);
  for (int game = 0; game < (sanitized() ? 2 : 6); ++game) {
    Bot bot({.rules = Rules::codingame, .iterations = 300, .seed = 3});
    Board b(Rules::codingame);
    std::optional<Board::Move> last;
    const bool bot_is_x = game % 2 == 0;
    while (!b.is_over()) {
      if ((b.to_move() == 0) == bot_is_x) {
        std::istringstream in(turn_text(b, last));
        Turn t;
        ASSERT_TRUE(read_turn(in, !last, t));
        const BotTurn r = bot.play(t, std::chrono::steady_clock::now());
        ASSERT_TRUE(b.is_legal(r.move));
        b.play(r.move);
        EXPECT_TRUE(bot.board() == b);
        last = r.move;
      } else {
        Board::Moves legal;
        b.legal_moves(legal);
        last = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        b.play(*last);
      }
    }
  }
}

TEST(UtttBot, PlaysAnImposedMoveAndRefusesTurnsThatDoNotFit) {
  Bot bot({.iterations = 100});
  const auto now = std::chrono::steady_clock::now();
  const BotTurn first = bot.play({std::nullopt, {parse_cell("a1")}}, now);
  EXPECT_EQ(cell_name(first.move), "a1");
  EXPECT_TRUE(first.forced);
  auto error = [&](Bot& b, const Turn& t) {
    try {
      b.play(t, now);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  // a1 sent O to the top-left board: e5 is not there.
  EXPECT_EQ(error(bot, {parse_cell("e5"), {0}}), "the opponent's move 4 4 is illegal here");
  Bot second({.iterations = 100});
  EXPECT_EQ(error(second, {parse_cell("e5"), {0, 1}}),
            "the referee's 2 valid actions are not the 8 legal moves (other rules?)");
  Bot third({.iterations = 100});
  third.play({std::nullopt, {parse_cell("e5")}}, now);
  EXPECT_EQ(error(third, {std::nullopt, {0}}), "'-1 -1' (no opponent move) after the first turn");
}

TEST(UtttBot, KeepsWithinTheTurnsTime) {
  if (sanitized()) GTEST_SKIP() << "timing under sanitizers says nothing";
  // No timed assertion on the machine's speed: the bot's own clock must stop its search within
  // the allowance (a slow machine plays weaker moves, never later ones), give or take a chunk.
  Bot bot({.seconds = 0.05, .first_seconds = 0.2, .margin_seconds = 0.01});
  Board b(Rules::codingame);
  std::istringstream in(turn_text(b, std::nullopt));
  Turn t;
  ASSERT_TRUE(read_turn(in, true, t));
  const BotTurn r = bot.play(t, std::chrono::steady_clock::now());
  EXPECT_GT(r.iterations, 0u);
  EXPECT_LT(r.seconds, 0.2);
}

// Fake bots for the referee.
class ScriptedBot : public Contestant {
 public:
  using Answer = std::function<BotReply(const Board&, const Turn&)>;
  explicit ScriptedBot(Answer answer) : answer_(std::move(answer)) {}
  void start() override {
    board_ = Board(Rules::codingame);
    ++starts_;
  }
  BotReply ask(const std::string& text, double) override {
    std::istringstream in(text);
    Turn t;
    EXPECT_TRUE(read_turn(in, board_.stones() == 0, t));
    if (t.opponent) board_.play(*t.opponent);
    BotReply r = answer_(board_, t);
    if (r.kind == BotReply::Kind::answer) {
      try {
        if (const auto m = parse_protocol_cell(r.line, false, true); board_.is_legal(*m))
          board_.play(*m);
      } catch (const InputError&) {
      }
    }
    return r;
  }
  void finish() override { ++finishes_; }
  int starts_ = 0, finishes_ = 0;

 private:
  Answer answer_;
  Board board_;
};

BotReply first_valid(const Board&, const Turn& t) {
  return {BotReply::Kind::answer, protocol_cell(t.valid[0]), 0.001, ""};
}

TEST(UtttReferee, PlaysAGameToItsEndAndTellsHowItEnded) {
  ScriptedBot x(first_valid), o(first_valid);
  const RefereeGame g = referee_game(x, o, Rules::codingame, {}, {});
  const Board end = play_moves(format_moves(g.moves), Rules::codingame);
  ASSERT_TRUE(end.is_over());
  EXPECT_EQ(g.winner, end.winner());
  EXPECT_EQ(g.culprit, -1);
  EXPECT_EQ(g.end, end.winner() < 0    ? GameEnd::draw
                   : end.won_on_line() ? GameEnd::line
                                       : GameEnd::tie_break);
  EXPECT_EQ(x.starts_, 1);
  EXPECT_EQ(o.finishes_, 1);
}

TEST(UtttReferee, ALateAnIllegalOrAMissingAnswerLoses) {
  struct Case {
    ScriptedBot::Answer answer;
    GameEnd end;
    std::string detail;
  };
  const std::vector<Case> cases = {
      {[](const Board&, const Turn&) {
         return BotReply{BotReply::Kind::late, "", 0.1, ""};
       },
       GameEnd::late, "on move 2: no answer within 1000 ms"},
      {[](const Board&, const Turn&) {
         return BotReply{BotReply::Kind::answer, "0 0", 0, ""};
       },
       GameEnd::illegal, "on move 2: answered 0 0 (a1): the move must be in the centre board"},
      {[](const Board&, const Turn&) {
         return BotReply{BotReply::Kind::answer, "e5", 0, ""};
       },
       GameEnd::illegal, "on move 2: expected a cell 'row column'"},
      {[](const Board&, const Turn&) {
         return BotReply{BotReply::Kind::closed, "", 0, "the program exited with status 1"};
       },
       GameEnd::crashed, "on move 2: the program exited with status 1"},
  };
  for (const Case& c : cases) {
    ScriptedBot x([](const Board&, const Turn&) {
      return BotReply{BotReply::Kind::answer, "4 4", 0, ""};  // e5: O goes to the centre
    });
    ScriptedBot o(c.answer);
    const RefereeGame g = referee_game(x, o, Rules::codingame, {}, {});
    EXPECT_EQ(g.end, c.end);
    EXPECT_EQ(g.culprit, 1);
    EXPECT_EQ(g.winner, 0);
    EXPECT_EQ(g.detail.substr(0, c.detail.size()), c.detail);
    EXPECT_EQ(x.finishes_, 1);
    EXPECT_EQ(o.finishes_, 1);
  }
  // The second turn of a bot has the shorter time.
  ScriptedBot x(first_valid), slow([](const Board&b, const Turn&t) {
    return b.stones() > 1 ? BotReply{BotReply::Kind::late, "", 0.1, ""} : first_valid(b, t);
  });
  const RefereeGame g = referee_game(x, slow, Rules::codingame, {}, {.seconds = 0.05});
  EXPECT_EQ(g.detail, "on move 4: no answer within 50 ms");
}

TEST(UtttReferee, ImposesTheOpeningAsTheOnlyValidAction) {
  const std::vector<Board::Move> opening = {parse_cell("a1"), parse_cell("b2"), parse_cell("e4")};
  ScriptedBot x(first_valid), o(first_valid);
  const RefereeGame g = referee_game(x, o, Rules::codingame, opening, {});
  ASSERT_GE(g.moves.size(), 3u);
  for (std::size_t i = 0; i < opening.size(); ++i) EXPECT_EQ(g.moves[i], opening[i]);
  // A bot that ignores the list loses on the first imposed move it does not play.
  ScriptedBot own([](const Board&, const Turn&) {
    return BotReply{BotReply::Kind::answer, "4 4", 0, ""};
  });
  const RefereeGame h = referee_game(own, o, Rules::codingame, opening, {});
  EXPECT_EQ(h.end, GameEnd::illegal);
  EXPECT_EQ(h.culprit, 0);
  EXPECT_EQ(h.detail, "on move 1: answered 4 4 where the only valid action was 0 0");
}

TEST(UtttReferee, TalliesScoresAndElo) {
  ArenaTally t;
  RefereeGame win, loss, draw, late;
  win.winner = 0, win.end = GameEnd::line;
  loss.winner = 0, loss.end = GameEnd::tie_break;
  late.winner = 1, late.end = GameEnd::late, late.culprit = 0;
  t.add(win, true);    // A is X and wins on a line
  t.add(loss, false);  // A is O, X wins on the tie-break
  t.add(draw, true);
  t.add(late, true);  // A is X and is late
  EXPECT_EQ(t.games, 4);
  EXPECT_EQ(t.wins, 1);
  EXPECT_EQ(t.losses, 2);
  EXPECT_EQ(t.draws, 1);
  EXPECT_EQ(t.wins_by[static_cast<int>(GameEnd::line)], 1);
  EXPECT_EQ(t.losses_by[static_cast<int>(GameEnd::tie_break)], 1);
  EXPECT_EQ(t.losses_by[static_cast<int>(GameEnd::late)], 1);
  EXPECT_EQ(t.games_as_x, 3);
  EXPECT_EQ(t.wins_as_x, 1);
  EXPECT_DOUBLE_EQ(t.score(), 1.5 / 4);
  EXPECT_DOUBLE_EQ(elo_of_score(0.5), 0);
  EXPECT_NEAR(elo_of_score(0.75), 190.85, 0.01);
  EXPECT_NEAR(elo_of_score(0.25), -190.85, 0.01);
  EXPECT_TRUE(std::isinf(elo_of_score(1)));
}

TEST(UtttOpenings, AreDistinctBalancedAndTheSameForTheSameSeed) {
  const OpeningOptions o{.count = sanitized() ? 3 : 12,
                         .plies = 4,
                         .seed = 5,
                         .iterations = sanitized() ? 500u : 2000u};
  const auto a = balanced_openings(Rules::codingame, o);
  ASSERT_EQ(a.size(), static_cast<std::size_t>(o.count));
  std::set<std::string> distinct;  // (the moves as text)
  for (const auto& moves : a) distinct.insert(format_moves(moves));
  EXPECT_EQ(distinct.size(), a.size());
  for (const auto& moves : a) {
    ASSERT_EQ(moves.size(), 4u);
    const Board b = play_moves(format_moves(moves), Rules::codingame);
    EXPECT_FALSE(b.is_over());
    const auto an = analyze(b, {.seconds = 0, .iterations = o.iterations, .seed = o.seed});
    EXPECT_LE(std::abs(an.win_rate - 0.5), o.tolerance);
  }
  auto text = [](const std::vector<std::vector<Board::Move>>& list) {
    std::string s;
    for (const auto& moves : list) s += format_moves(moves) + "; ";
    return s;
  };
  EXPECT_EQ(text(balanced_openings(Rules::codingame, o)), text(a));
  auto other = o;
  other.seed = 6;
  EXPECT_NE(text(balanced_openings(Rules::codingame, other)), text(a));
}

}  // namespace
}  // namespace grundy::uttt
