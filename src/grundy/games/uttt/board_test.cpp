#include "grundy/games/uttt/board.h"

#include <cstdlib>
#include <set>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/reference.h"
#include "grundy/games/uttt/symmetric.h"
#include "grundy/search/random.h"
#include "grundy/search/testing/conformance.h"
#include "grundy/search/two_player.h"
#include "grundy/testing/sanitized.h"

namespace grundy::uttt {
namespace {

static_assert(search::TwoPlayerState<Board>);

// The same position in the reference implementation, by replaying the moves.
reference::Game replay(Rules rules, const std::vector<Board::Move>& moves) {
  reference::Game g(rules);
  for (auto m : moves) g.play(m);
  return g;
}

// Random legal play for `plies` moves (fewer if the game ends), recording the moves.
Board random_position(Rules rules, search::Rng& rng, int plies, std::vector<Board::Move>& moves) {
  Board b(rules);
  moves.clear();
  Board::Moves legal;
  for (int i = 0; i < plies && !b.is_over(); ++i) {
    b.legal_moves(legal);
    const auto m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    b.play(m);
    moves.push_back(m);
  }
  return b;
}

TEST(UtttBoard, PerftFromTheEmptyBoardIsThePublishedSequence) {
  const std::uint64_t expected[] = {1, 81, 720, 6336, 55080, 473256};
  for (Rules r : {Rules::standard, Rules::orlin, Rules::codingame})
    for (int d = 0; d <= 5; ++d) {
      Board b(r);
      EXPECT_EQ(search::perft(b, d), expected[d]) << rules_name(r) << " depth " << d;
    }
}

TEST(UtttBoard, RuleSetsFirstDifferAtDepthSixAndAgreeWithTheReference) {
  if (sanitized()) GTEST_SKIP() << "a few seconds optimised, minutes under sanitizers";
  std::uint64_t at6[2];
  for (Rules r : {Rules::standard, Rules::orlin}) {
    Board b(r);
    at6[static_cast<int>(r)] = search::perft(b, 6);
    EXPECT_EQ(at6[static_cast<int>(r)], reference::perft(reference::Game(r), 6)) << rules_name(r);
  }
  // A board can be won on ply 5 (three X moves in it); standard rules close it, so a player sent
  // there on ply 6 moves anywhere, where orlin keeps them in it.
  EXPECT_EQ(at6[0], 4020960u);
  EXPECT_EQ(at6[1], 4017888u);
}

// CodinGame's rules are standard rules with a tie-break at the end, so the move counts are the
// standard ones (published: Eirik0/BoardGameEngine, depth 6 and 7).
TEST(UtttBoard, CodingamePerftIsTheStandardOneAtDepthsSixAndSeven) {
  Board b(Rules::codingame);
  EXPECT_EQ(search::perft(b, 6), 4020960u);
  if (sanitized()) GTEST_SKIP() << "depth 7: a second optimised, minutes under sanitizers";
  EXPECT_EQ(search::perft(b, 7), 33782544u);
}

// A random game of 60 moves without a line: X owns 3 boards, O owns 2, four are full with no
// owner.
constexpr const char* kNoLineGame =
    "b7 f2 i6 g9 b9 e8 f6 i7 i2 h5 e5 e4 d2 b4 f3 h8 d4 b2 a3 c9 f1 h2 i4 i1 g3 c8 "
    "h6 d7 a2 c4 h1 e3 f7 h3 f9 g2 a5 a4 c1 i3 b8 d1 b1 d3 e9 e7 e2 d8 c3 c2 g4 b3 "
    "d9 h4 e1 g6 g1 a1 g5 i5";

TEST(UtttBoard, CodingameGivesAGameWithoutALineToTheOwnerOfMoreBoards) {
  const Board s = play_moves(kNoLineGame, Rules::standard);
  const Board c = play_moves(kNoLineGame, Rules::codingame);
  ASSERT_TRUE(s.is_over());
  ASSERT_TRUE(c.is_over());
  EXPECT_EQ(std::popcount(static_cast<unsigned>(c.owned(0))), 3);
  EXPECT_EQ(std::popcount(static_cast<unsigned>(c.owned(1))), 2);
  EXPECT_TRUE(s.is_draw());
  EXPECT_EQ(s.winner(), -1);
  EXPECT_EQ(c.winner(), 0);
  EXPECT_FALSE(c.won_on_line());
  EXPECT_EQ(c.points(0), 1);
  EXPECT_EQ(search::first_player_result(c), 1);
  EXPECT_NE(s.hash(), c.hash());  // the rules are part of a position's key
  // Undoing the last move reopens the game under both rules.
  const auto moves = split_move_list(kNoLineGame);
  Board before(Rules::codingame);
  for (std::size_t i = 0; i + 1 < moves.size(); ++i) before.play(parse_cell(moves[i]));
  Board after = before;
  const auto last = parse_cell(moves.back());
  const auto u = after.play(last);
  EXPECT_EQ(after.winner(), 0);
  after.undo(last, u);
  EXPECT_EQ(after, before);
  EXPECT_FALSE(after.is_over());
  EXPECT_EQ(after.hash(), after.compute_hash());
}

TEST(UtttBoard, MovesAndPerftAgreeWithTheReferenceOnRandomPositions) {
  search::Rng rng(2026);
  const int positions = sanitized() ? 60 : 600;
  int won_boards = 0, free_moves = 0, finished = 0, full_boards = 0, tie_breaks = 0;
  for (Rules r : {Rules::standard, Rules::orlin, Rules::codingame})
    for (int i = 0; i < positions; ++i) {
      std::vector<Board::Move> moves;
      const int plies = static_cast<int>(rng.below(81));
      Board b = random_position(r, rng, plies, moves);
      const reference::Game g = replay(r, moves);
      Board::Moves legal;
      b.legal_moves(legal);
      std::vector<int> ours(legal.begin(), legal.end());
      std::sort(ours.begin(), ours.end());
      ASSERT_EQ(ours, g.moves()) << rules_name(r) << ": " << format_moves(moves);
      ASSERT_EQ(b.is_over(), g.over());
      ASSERT_EQ(b.winner(), g.winner == 'X' ? 0 : g.winner == 'O' ? 1 : -1);
      tie_breaks += b.winner() >= 0 && !b.won_on_line();
      for (int board = 0; board < 9; ++board) {
        ASSERT_EQ((b.owned(0) >> board) & 1, g.owner[board] == 'X' ? 1 : 0);
        ASSERT_EQ((b.owned(1) >> board) & 1, g.owner[board] == 'O' ? 1 : 0);
        full_boards += g.full(board);
      }
      won_boards += std::popcount(static_cast<unsigned>(b.owned(0) | b.owned(1)));
      free_moves += b.forced_board() == kAnyBoard && !b.is_over();
      finished += b.is_over();
      const int depth = b.stones() > 50 ? 4 : 3;
      ASSERT_EQ(search::perft(b, depth), reference::perft(g, depth))
          << rules_name(r) << ": " << format_moves(moves);
    }
  // The sample covers what makes the rules differ (a tenth of it under sanitizers).
  const int scale = sanitized() ? 10 : 1;
  EXPECT_GT(won_boards, 100 / scale);
  EXPECT_GT(full_boards, 10 / scale);
  EXPECT_GT(free_moves, 20 / scale);
  EXPECT_GT(finished, 10 / scale);
  EXPECT_GT(tie_breaks, 0);
}

TEST(UtttBoard, PassesTheSharedConformanceTest) {
  const int games = sanitized() ? 20 : 200;
  search::testing::check_conformance(Board(Rules::standard),
                                     {.games = games, .max_plies = 81, .perft_depth = 4});
  search::testing::check_conformance(Board(Rules::orlin),
                                     {.games = games, .max_plies = 81, .perft_depth = 4});
  search::testing::check_conformance(Board(Rules::codingame),
                                     {.games = games, .max_plies = 81, .perft_depth = 4});
}

TEST(UtttBoard, OrlinKeepsWonBoardsPlayableAndTheirFirstOwner) {
  // X wins the top-left board with a1 b1 c1 (cells 0 1 2 of board 0); c1 sends O to board 2.
  const char* x_wins_board = "a1 b2 e4 d1 b1 f1 i1 g1 c1";
  Board s = play_moves(x_wins_board, Rules::standard);
  Board o = play_moves(x_wins_board, Rules::orlin);
  EXPECT_EQ(s.owned(0), 1);
  EXPECT_EQ(o.owned(0), 1);
  EXPECT_EQ(s.forced_board(), 2);
  EXPECT_EQ(o.forced_board(), 2);
  // h2 sends X to the centre board, d4 sends O to board 0: closed under standard rules (a free
  // move), still open under orlin.
  Board s2 = play_moves(s, "h2 d4");
  Board o2 = play_moves(o, "h2 d4");
  EXPECT_EQ(s2.forced_board(), kAnyBoard);
  EXPECT_EQ(o2.forced_board(), 0);
  EXPECT_EQ(s2.open_boards() & 1, 0);
  EXPECT_EQ(o2.open_boards() & 1, 1);
  // Under orlin O completes a2 b2 c2 in X's board: X keeps it.
  Board o3 = play_moves(o2, "a2 a4 c2");
  EXPECT_EQ(o3.owned(0), 1);
  EXPECT_EQ(o3.owned(1), 0);
  EXPECT_EQ(o3.forced_board(), 5);
}

TEST(UtttBoard, NotationNamesEveryCellOnce) {
  EXPECT_EQ(parse_cell("e5"), 40);
  EXPECT_EQ(parse_cell("a1"), 0);
  EXPECT_EQ(parse_cell("i9"), 80);
  EXPECT_EQ(parse_cell("c1"), 2);
  EXPECT_EQ(parse_cell("d1"), 9);
  EXPECT_EQ(parse_cell("a4"), 27);
  EXPECT_EQ(parse_cell("E5"), 40);
  std::set<std::string> names;
  for (int m = 0; m < kCells; ++m) {
    const auto name = cell_name(static_cast<Board::Move>(m));
    EXPECT_EQ(parse_cell(name), m);
    names.insert(name);
  }
  EXPECT_EQ(names.size(), 81u);
  for (const char* bad : {"", "e", "j5", "e0", "e10", "55", "ee"})
    EXPECT_THROW(parse_cell(bad), InputError) << bad;
  EXPECT_EQ(split_move_list(" e5,e4  d2 "), (std::vector<std::string>{"e5", "e4", "d2"}));
  // A game record: '#' comments; an empty item is an error, not skipped (issue 26).
  EXPECT_EQ(split_move_list("# X: me\ne5 e4 # the centre\nd2"),
            (std::vector<std::string>{"e5", "e4", "d2"}));
  EXPECT_THROW(split_move_list("e5,e4,,d2"), InputError);
  EXPECT_THROW(split_move_list("e5,"), InputError);
  EXPECT_THROW(split_move_list(", e5"), InputError);
  EXPECT_EQ(board_name(4), "the centre board (d4-f6)");
  EXPECT_EQ(board_name(2), "the top-right board (g1-i3)");
}

TEST(UtttBoard, BadMoveListsNameTheMoveAndTheReason) {
  auto message = [](std::string_view list, Rules r = Rules::standard) {
    try {
      play_moves(list, r);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("e5 e5"), "move 2 'e5' (O) is illegal: the cell is occupied");
  EXPECT_EQ(message("e5 a1"),
            "move 2 'a1' (O) is illegal: the move must be in the centre board (d4-f6)");
  EXPECT_EQ(message("e5 zz"),
            "move 2: unknown move 'zz': a cell is a column a-i and a row 1-9, e.g. e5");
  // A random game that X wins in 21 moves.
  const char* x_wins = "d4 a2 c5 g5 b5 e5 f4 i2 g6 a8 a5 i5 h5 d5 h4 e2 e4 f3 g7 c2 h6";
  Board b = play_moves(x_wins, Rules::standard);
  ASSERT_TRUE(b.is_over());
  EXPECT_EQ(b.winner(), 0);
  EXPECT_EQ(message(std::string(x_wins) + " e6"),
            "move 22 'e6' (O) is illegal: the game is over (X has won)");
}

TEST(UtttBoard, WinningMoveFindsExactlyTheImmediateWins) {
  search::Rng rng(99);
  int found = 0;
  for (Rules r : {Rules::standard, Rules::orlin})
    for (int i = 0; i < (sanitized() ? 300 : 3000); ++i) {
      std::vector<Board::Move> moves;
      Board b = random_position(r, rng, 20 + static_cast<int>(rng.below(50)), moves);
      if (b.is_over()) continue;
      Board::Moves legal;
      b.legal_moves(legal);
      bool any = false;
      for (auto m : legal) {
        Board c = b;
        c.play(m);
        any |= c.winner() == b.to_move();
      }
      Board::Move w;
      const bool has = b.winning_move(w);
      ASSERT_EQ(has, any) << format_moves(moves);
      if (has) {
        Board c = b;
        ASSERT_TRUE(legal.contains(w));
        c.play(w);
        EXPECT_EQ(c.winner(), b.to_move());
        ++found;
      }
    }
  EXPECT_GT(found, sanitized() ? 5 : 50);
}

// game_winning_boards (the playout policy's test) against the rules read directly: an open,
// unowned board whose ownership would give the player a big line and in which an empty cell
// completes a line of theirs. Positions reached by play, by undo, and by symmetry, while the
// game goes on.
std::uint16_t slow_game_winning_boards(const Board& b, int p) {
  unsigned result = 0;
  for (int k = 0; k < 9; ++k) {
    const unsigned bit = 1u << k;
    if (!(b.open_boards() & bit) || ((b.owned(0) | b.owned(1)) & bit)) continue;
    if (!has_line(b.owned(p) | bit)) continue;
    for (unsigned e = b.empty_cells(k); e; e &= e - 1)
      if (has_line(b.cells(p, k) | (e & -e))) result |= bit;
  }
  return static_cast<std::uint16_t>(result);
}

TEST(UtttBoard, GameWinningBoardsFollowTheRules) {
  search::Rng rng(31);
  int nonempty = 0;
  for (Rules r : {Rules::standard, Rules::orlin})
    for (int i = 0; i < (sanitized() ? 300 : 3000); ++i) {
      std::vector<Board::Move> moves;
      Board b = random_position(r, rng, 10 + static_cast<int>(rng.below(60)), moves);
      if (b.is_over()) continue;
      Board::Moves legal;
      b.legal_moves(legal);
      const auto m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      Board after = b;
      const auto u = after.play(m);
      Board undone = after;
      undone.undo(m, u);
      for (const Board& x : {b, after, undone, b.transformed(static_cast<int>(rng.below(8)))})
        for (int p = 0; p < 2 && !x.is_over(); ++p) {  // (a finished game has no such boards)
          ASSERT_EQ(x.game_winning_boards(p), slow_game_winning_boards(x, p))
              << format_moves(moves);
          nonempty += x.game_winning_boards(p) != 0;
        }
    }
  EXPECT_GT(nonempty, sanitized() ? 20 : 200);
}

TEST(UtttBoard, SymmetriesMapPositionsToEquivalentPositions) {
  // The tables form the dihedral group: lines go to lines and each inverse undoes its symmetry.
  for (int s = 0; s < 8; ++s) {
    for (int c = 0; c < 9; ++c) EXPECT_EQ(kSymmetry[kInverseSymmetry[s]][kSymmetry[s][c]], c);
    for (auto l : kLines) {
      unsigned image = 0;
      for (int c = 0; c < 9; ++c)
        if ((l >> c) & 1) image |= 1u << kSymmetry[s][c];
      EXPECT_TRUE(has_line(image));
    }
  }
  search::Rng rng(5);
  for (Rules r : {Rules::standard, Rules::orlin})
    for (int i = 0; i < 50; ++i) {
      std::vector<Board::Move> moves;
      Board b = random_position(r, rng, static_cast<int>(rng.below(60)), moves);
      for (int s = 0; s < 8; ++s) {
        Board t = b.transformed(s);
        // Playing the transformed moves from the empty board gives the transformed position.
        Board replayed(r);
        for (auto m : moves)
          replayed.play(static_cast<Board::Move>(9 * kSymmetry[s][m / 9] + kSymmetry[s][m % 9]));
        EXPECT_TRUE(replayed == t) << "symmetry " << s;
        EXPECT_EQ(t.transformed(kInverseSymmetry[s]), b);
        EXPECT_EQ(search::perft(t, 2), search::perft(b, 2));
      }
    }
}

}  // namespace
}  // namespace grundy::uttt

namespace grundy::uttt {
namespace {

TEST(UtttSymmetricBoard, KeepsTheImagesHashesAndGivesMirrorImagesOneKey) {
  static_assert(search::TwoPlayerState<SymmetricBoard>);
  search::testing::check_conformance(SymmetricBoard(Board(Rules::orlin)),
                                     {.games = 20, .max_plies = 81, .perft_depth = 3});
  search::Rng rng(77);
  for (Rules r : {Rules::standard, Rules::orlin})
    for (int g = 0; g < 30; ++g) {
      SymmetricBoard s{Board(r)};
      std::vector<std::pair<Board::Move, Board::Undo>> played;
      while (!s.is_over()) {
        Board::Moves legal;
        s.legal_moves(legal);
        const auto m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        played.push_back({m, s.play(m)});
        for (int k = 0; k < 8; ++k)
          ASSERT_EQ(s.image_hash(k), s.board().transformed(k).hash()) << "image " << k;
        for (int k = 0; k < 8; ++k)
          ASSERT_EQ(SymmetricBoard(s.board().transformed(k)).tt_key(), s.tt_key());
      }
      // Undo all the way back: every image hash returns with the position.
      while (!played.empty()) {
        s.undo(played.back().first, played.back().second);
        played.pop_back();
        for (int k = 0; k < 8; ++k) ASSERT_EQ(s.image_hash(k), s.board().transformed(k).hash());
      }
    }
}

}  // namespace
}  // namespace grundy::uttt
