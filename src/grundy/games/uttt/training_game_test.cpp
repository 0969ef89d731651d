#include "grundy/games/uttt/training_game.h"

#include <string>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/search/random.h"

namespace grundy::uttt {
namespace {

std::string error_of(std::string_view line, Rules rules = Rules::codingame) {
  try {
    parse_training_game(line, rules);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(accepted)";
}

// A finished game of random legal moves with random values (-1 for the first few, as self-play).
TrainingGame random_game(Rules rules, search::Rng& rng) {
  TrainingGame g;
  Board b(rules);
  while (!b.is_over()) {
    Board::Moves legal;
    b.legal_moves(legal);
    const auto m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    g.values.push_back(g.moves.size() < 4 ? -1.0f : static_cast<float>(rng.below(1001)) / 1000.0f);
    g.moves.push_back(m);
    b.play(m);
  }
  g.result = b.winner() == 0 ? 'X' : b.winner() == 1 ? 'O' : 'D';
  return g;
}

TEST(TrainingGame, RandomGamesRoundTrip) {
  search::Rng rng(7);
  for (Rules rules : {Rules::codingame, Rules::standard, Rules::orlin})
    for (int i = 0; i < 200; ++i) {
      const TrainingGame g = random_game(rules, rng);
      const std::string line = format_training_game(g);
      const TrainingGame back = parse_training_game(line, rules);
      ASSERT_EQ(back.result, g.result) << line;
      ASSERT_EQ(back.moves, g.moves) << line;
      ASSERT_EQ(back.values, g.values) << line;  // values of three decimals read back exactly
      EXPECT_EQ(format_training_game(back), line);
    }
}

TEST(TrainingGame, ReadsWhatSelfPlayWrites) {
  // The first moves of a line of scripts/train_uttt_net.sh's data (generation 9), cut short: a
  // game that stops before its end keeps its stated result.
  const auto g = parse_training_game(
      "D g4 a2 b6 e7 d2 b4 | -1.000 -1.000 -1.000 -1.000 0.597 0.438", Rules::codingame);
  EXPECT_EQ(g.result, 'D');
  EXPECT_EQ(format_moves(g.moves), "g4 a2 b6 e7 d2 b4");
  ASSERT_EQ(g.values.size(), 6u);
  EXPECT_FLOAT_EQ(g.values[4], 0.597f);
  // Without values, with fewer values than moves, with commas and tabs.
  EXPECT_TRUE(parse_training_game("X e5", Rules::codingame).values.empty());
  EXPECT_EQ(parse_training_game("O e5 e4 |", Rules::codingame).moves.size(), 2u);
  EXPECT_EQ(parse_training_game("O\te5,e4\t| 0.5", Rules::codingame).values.size(), 1u);
  EXPECT_EQ(parse_training_game("X", Rules::codingame).moves.size(), 0u);
}

TEST(TrainingGame, NamesWhatIsWrong) {
  EXPECT_EQ(error_of(""), "a game line has no result (X, O or D)");
  EXPECT_EQ(error_of("   | 0.5"), "a game line has no result (X, O or D)");
  EXPECT_EQ(error_of("W e5"), "result 'W' is not X, O or D");
  EXPECT_EQ(error_of("XO e5"), "result 'XO' is not X, O or D");
  EXPECT_EQ(error_of("X e5 e5 e5"), "move 2 'e5' (O) is illegal: the cell is occupied");
  EXPECT_EQ(error_of("X e5 a1"),
            "move 2 'a1' (O) is illegal: the move must be in the centre "
            "board (d4-f6)");
  EXPECT_EQ(error_of("X e5 z9"),
            "move 2: unknown move 'z9': a cell is a column a-i and a row 1-9, e.g. e5");
  EXPECT_EQ(error_of("X e5 e4 | 0.5 0.5 0.5"), "3 values for 2 moves");
  EXPECT_EQ(error_of("X e5 | nan"), "value 1 'nan' is not a finite number");
  EXPECT_EQ(error_of("X e5 | 1.5"), "value 1 '1.5' is above 1");
  EXPECT_EQ(error_of("X e5 | -2"), "value 1 '-2' is below -1");
  EXPECT_EQ(error_of("X e5 | -0.5"), "value 1 '-0.5' is neither -1 nor in [0, 1]");
  EXPECT_EQ(error_of("X e5 | x"), "value 1 'x' is not a number");
  EXPECT_EQ(error_of("X e5 | 0.5 | 0.5"), "a game line has more than one '|'");
  EXPECT_EQ(error_of(std::string(70000, ' ')), "a game line is longer than 64 KiB");
}

TEST(TrainingGame, ResultMustAgreeWithAFinishedGame) {
  search::Rng rng(11);
  int checked = 0;
  for (int i = 0; i < 50; ++i) {
    TrainingGame g = random_game(Rules::codingame, rng);
    const char real = g.result;
    for (char claim : {'X', 'O', 'D'}) {
      g.result = claim;
      const std::string e = error_of(format_training_game(g));
      if (claim == real) {
        EXPECT_EQ(e, "(accepted)");
      } else {
        EXPECT_EQ(
            e.rfind(std::string("result '") + claim + "' contradicts the final position (", 0), 0u)
            << e;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 100);
}

}  // namespace
}  // namespace grundy::uttt
