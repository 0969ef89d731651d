#include "grundy/games/dots/board.h"

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/dots/state.h"
#include "grundy/search/testing/conformance.h"

namespace grundy::dots {
namespace {

TEST(DotsBoard, NotationNamesEveryLineAndReadsItBackInEitherOrder) {
  const Board& b = Board::get(3, 3);
  EXPECT_EQ(b.lines(), 24);
  EXPECT_EQ(b.dots(), 16);
  EXPECT_EQ(b.line_name(0), "a1b1");
  EXPECT_EQ(b.line_name(12), "a1a2");
  EXPECT_EQ(b.line_name(23), "d3d4");
  for (int l = 0; l < b.lines(); ++l) {
    const std::string n = b.line_name(l);
    EXPECT_EQ(b.find_line(n), l);
    EXPECT_EQ(b.find_line(n.substr(2) + n.substr(0, 2)), l) << n;  // b1a1 = a1b1
  }
  EXPECT_EQ(b.find_line("A1B1"), 0);
  EXPECT_EQ(b.box_name(4), "b2");
  const auto box4 = b.lines_of(4);  // b2: top b2c2, bottom b3c3, left b2b3, right c2c3
  EXPECT_EQ(b.line_name(box4[0]), "b2c2");
  EXPECT_EQ(b.line_name(box4[1]), "b3c3");
  EXPECT_EQ(b.line_name(box4[2]), "b2b3");
  EXPECT_EQ(b.line_name(box4[3]), "c2c3");
}

TEST(DotsBoard, SizesAndTheirLimits) {
  EXPECT_EQ(Board::parse("4x5").lines(), 49);
  EXPECT_EQ(Board::parse("5X5").lines(), 60);
  EXPECT_EQ(Board::parse("6\xc3\x97"
                         "6")
                .lines(),
            84);
  EXPECT_EQ(Board::parse("1x36").lines(), 109);
  EXPECT_EQ(Board::parse("7x7").lines(), 112);
  const Board& wide = Board::get(1, 36);  // columns a..z, then aa..ak
  EXPECT_EQ(wide.line_name(wide.lines() - 1), "ak1ak2");
  EXPECT_EQ(wide.find_line("z1aa1"), 25);
  EXPECT_EQ(wide.find_line("ak2ak1"), wide.lines() - 1);
  EXPECT_EQ(&Board::parse("3x3"), &Board::get(3, 3));  // interned
  for (const char* bad : {"", "3", "x3", "3x", "0x3", "3x0", "-1x3", "3x3x3", "8x8", "1x65", "1x43",
                          "a x b", "99999999999x1"})
    EXPECT_THROW(Board::parse(bad), InputError) << bad;
}

TEST(DotsBoard, MoveListsNameTheBadTokenAndItsPosition) {
  const Board& b = Board::get(2, 2);
  EXPECT_EQ(b.parse_lines("a1b1, a1a2 b1c1,c3b3").size(), 4u);
  EXPECT_EQ(b.parse_lines("# a record\na1b1 a1a2 # two lines\nb1c1").size(), 3u);
  const auto message = [&](const char* list) {
    try {
      b.parse_lines(list);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("a1b1,,b1c1"),
            "move list: an empty item at character 6 (a comma with no move before or after it)");
  EXPECT_EQ(message("a1b1 a1c1"),
            "move 2 'a1c1' (at character 6) joins dots that are not adjacent");
  EXPECT_EQ(message("a1b1 d1d2"),
            "move 2 'd1d2' (at character 6) is off the 2x2 board (dots a1 to c3)");
  EXPECT_EQ(message("zz"),
            "move 1 'zz' (at character 1) is not a line (write its two dots, like a1b1 or a1a2)");
  EXPECT_EQ(message("a1\x01"
                    "b1"),
            "move 1 'a1\\x01b1' (at character 1) is not a line (write its two dots, like a1b1 or "
            "a1a2)");
  EXPECT_THROW(DotsState::after(b, "a1b1 b1a1"), InputError);  // drawn twice
}

TEST(DotsState, CompletingABoxScoresAndMovesAgain) {
  const Board& b = Board::get(1, 2);
  auto s = DotsState::after(b, "a1b1 a2b2 a1a2");  // box a1 has three sides; player 2 to move
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.completes(b.find_line("b1b2")), 1);
  s.play(static_cast<DotsState::Move>(b.find_line("b1b2")));  // completes a1: player 2 again
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.points(1), 1);
  EXPECT_EQ(s.owner(0), 1);
  EXPECT_EQ(s.owner(1), -1);
  EXPECT_EQ(s.boxes_left(), 1);
}

TEST(DotsState, PassesTheTwoPlayerConformanceTest) {
  for (auto [r, c] : {std::pair{1, 1}, {2, 2}, {3, 3}, {2, 5}, {7, 7}, {1, 36}}) {
    const Board& b = Board::get(r, c);
    search::testing::check_conformance(
        DotsState(b), {.games = 20, .seed = 3, .max_plies = b.lines(), .perft_depth = 2});
  }
  // Move counts at fixed depths: any undrawn line may be drawn, whoever moves.
  DotsState s(Board::get(2, 2));
  EXPECT_EQ(search::perft(s, 3), 12u * 11 * 10);
  EXPECT_EQ(search::perft(s, 4), 12u * 11 * 10 * 9);
}

}  // namespace
}  // namespace grundy::dots
