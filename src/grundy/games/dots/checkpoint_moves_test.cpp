#include "grundy/games/dots/checkpoint_moves.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/dots/solver.h"
#include "grundy/games/dots/solver_keys.h"

namespace grundy::dots::moves_test {
namespace {

std::string temp_path(const char* name) {
  return ::testing::TempDir() + name + "." + std::to_string(::getpid());
}

SolveOptions small_table() {
  SolveOptions o;
  o.table_bytes = std::size_t{4} << 20;
  o.threads = 1;
  return o;
}

// A checkpoint of `s` written when the solve had done `share` of a whole solve's nodes (the
// value's: checkpoints are of the value's search, not of the best lines' tests after it).
std::string checkpoint_of(const DotsState& s, double share, const char* name) {
  SolveOptions o = small_table();
  o.best_moves = false;
  const SolveResult fresh = solve(s, o);
  EXPECT_TRUE(fresh.complete);
  const std::string path = temp_path(name);
  std::remove(path.c_str());
  o.checkpoint = path;
  o.max_nodes = static_cast<std::uint64_t>(static_cast<double>(fresh.nodes) * share);
  EXPECT_TRUE(solve(s, o).checkpoint_saved);
  return path;
}

// The value of `line` for the player to move at `s`, by solving the position it leads to (one
// table for every such solve: what one proves, the next finds).
int value_of(const DotsState& s, int line) {
  static search::TranspositionTable table(std::size_t{16} << 20);
  DotsState t = s;
  const auto undo = t.play(static_cast<DotsState::Move>(line));
  SolveOptions o = small_table();
  o.best_moves = false;
  o.table = &table;
  const int v = t.is_over() ? 0 : solve(t, o).value;
  return t.to_move() == s.to_move() ? undo.captured + v : -v;
}

// Every line's bounds hold the value a solve of its position gives (and with `replies` every
// reply's, for the player who moves after the line); a known line's bounds are proven (narrower
// than the boxes left) unless the game ends with it. Returns the known lines, and adds the
// known replies to `known_replies`.
int expect_lines_hold(const std::vector<CheckpointMove>& lines, const DotsState& s, bool replies,
                      int& known_replies) {
  const int open = s.boxes_left();
  search::MoveList<DotsState::Move, DotsState::kMaxMoves> legal;
  s.legal_moves(legal);
  EXPECT_EQ(lines.size(), legal.size());
  int known = 0;
  for (const auto& m : lines) {
    SCOPED_TRACE(s.board().line_name(m.line));
    if (replies) {
      DotsState t = s;
      t.play(static_cast<DotsState::Move>(m.line));
      int unused = 0;
      known_replies += expect_lines_hold(m.replies, t, false, unused);
    } else if (!replies) {
      EXPECT_TRUE(m.replies.empty());
    }
    if (m.same_as >= 0) {  // the same position as an earlier line: the same bounds
      const auto first = std::find_if(lines.begin(), lines.end(),
                                      [&](const CheckpointMove& o) { return o.line == m.same_as; });
      EXPECT_NE(first, lines.end());
      if (first == lines.end()) continue;
      EXPECT_LT(first->line, m.line);
      EXPECT_EQ(first->same_as, -1);
      EXPECT_EQ(first->lower, m.lower);
      EXPECT_EQ(first->upper, m.upper);
    }
    EXPECT_FALSE(s.drawn(m.line));
    const int v = value_of(s, m.line);
    EXPECT_LE(m.lower, v);
    EXPECT_GE(m.upper, v);
    EXPECT_GE(m.lower, -open);
    EXPECT_LE(m.upper, open);
    if (!m.known) {
      EXPECT_EQ(m.upper - m.lower, 2 * (open - m.captured));
      continue;
    }
    ++known;
    EXPECT_LT(m.upper - m.lower, 2 * open);
  }
  return known;
}

// The same for the checkpoint's answer at `s`: at least `min_known` lines known.
void expect_bounds_hold(const std::string& path, const DotsState& s, int min_known) {
  const CheckpointMoves r = checkpoint_moves(path, s);
  EXPECT_EQ(r.to_move, s.to_move());
  EXPECT_EQ(r.open, s.boxes_left());
  int unused = 0;
  EXPECT_GE(expect_lines_hold(r.moves, s, false, unused), min_known);
}

TEST(DotsCheckpointMoves, EveryMoveIsBoundedByItsTrueValue) {
  const Board& b = Board::get(3, 3);
  const DotsState s = DotsState::after(b, b.parse_lines("b2b3 c1c2"));
  const std::string path = checkpoint_of(s, 0.9, "moves.ckpt");
  expect_bounds_hold(path, s, 1);
  // A position further on (what a long run's progress asks: the opponent's replies to a first
  // move), and one where a line completes a box, the mover then moving again.
  expect_bounds_hold(path, DotsState::after(b, b.parse_lines("b2b3 c1c2 a1b1")), 1);
  expect_bounds_hold(path, DotsState::after(b, b.parse_lines("b2b3 c1c2 a1b1 a1a2 b1b2")), 0);
  std::remove(path.c_str());
}

TEST(DotsCheckpointMoves, RepliesAreValuedInTheSameReadForThePlayerWhoMovesThere) {
  const Board& b = Board::get(3, 3);
  const DotsState s = DotsState::after(b, b.parse_lines("b2b3 c1c2"));
  const std::string path = checkpoint_of(s, 0.9, "moves_replies.ckpt");
  const CheckpointMoves r = checkpoint_moves(path, s, true);
  int known_replies = 0;
  expect_lines_hold(r.moves, s, true, known_replies);
  EXPECT_GT(known_replies, 0);
  // The lines themselves as without replies.
  const CheckpointMoves alone = checkpoint_moves(path, s);
  ASSERT_EQ(alone.moves.size(), r.moves.size());
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    EXPECT_EQ(alone.moves[i].lower, r.moves[i].lower);
    EXPECT_EQ(alone.moves[i].upper, r.moves[i].upper);
    EXPECT_EQ(alone.moves[i].known, r.moves[i].known);
  }
  std::remove(path.c_str());
}

TEST(DotsCheckpointMoves, APositionWithoutAnEntryIsProvenByItsLines) {
  // A checkpoint that holds one entry only, two plies down: after a1b1 and c4d4 the player to
  // move (player 1) gets at most -2 there. So c4d4 is worth at least 2 to player 2 after a1b1,
  // player 2 gets at least 2 after a1b1, and a1b1 is worth at most -2 to player 1, though the
  // position after a1b1 has no entry. Its other lines stay unknown.
  const Board& b = Board::get(3, 3);
  const DotsState s(b);
  const std::string path = temp_path("moves_backup.ckpt");
  const std::string source = checkpoint_of(s, 0.5, "moves_backup_source.ckpt");
  const auto keys = checkpoint_moves(source, s, true);  // the keys of the positions
  std::remove(source.c_str());
  const auto line = [&](std::string_view name) { return b.parse_lines(name)[0]; };
  const auto a1b1 = std::find_if(keys.moves.begin(), keys.moves.end(),
                                 [&](const CheckpointMove& m) { return m.line == line("a1b1"); });
  ASSERT_NE(a1b1, keys.moves.end());
  const auto c4d4 = std::find_if(a1b1->replies.begin(), a1b1->replies.end(),
                                 [&](const CheckpointMove& m) { return m.line == line("c4d4"); });
  ASSERT_NE(c4d4, a1b1->replies.end());
  SolveCheckpoint h{3, 3, s.drawn_lines(), 0, -9, 9, 1, 1, 0};
  h.keys = solver_keys(b, s.drawn_lines(), 0, true);
  CheckpointWriter out(path, h);
  search::TTEntry e;
  e.lower = -search::TranspositionTable::kUnbounded;
  e.upper = -2;
  e.depth = search::TranspositionTable::kExactDepth;
  e.weight = 30;
  out.add(c4d4->key, e);
  ASSERT_EQ(out.commit(), 1u);
  for (const bool replies : {false, true}) {
    const auto r = checkpoint_moves(path, s, replies);
    for (const auto& m : r.moves) {
      SCOPED_TRACE(b.line_name(m.line));
      // a1b1, and the lines that lead to its position under the square's symmetries
      const bool proven = m.line == line("a1b1") || m.same_as == line("a1b1");
      EXPECT_EQ(m.known, proven);
      EXPECT_EQ(m.lower, -9);
      EXPECT_EQ(m.upper, proven ? -2 : 9);
      EXPECT_EQ(m.replies.empty(), !replies);
    }
  }
  std::remove(path.c_str());
}

TEST(DotsCheckpointMoves, ACaptureIsValuedForTheSamePlayerMovingAgain) {
  // Box a1 has three sides: the solver takes it first (a forced capture), so the position after
  // the capture is searched by every test and its bounds are in the checkpoint.
  const Board& b = Board::get(3, 3);
  const DotsState s = DotsState::after(b, b.parse_lines("b2b3 c1c2 a1b1 a1a2 b1b2"));
  const std::string path = checkpoint_of(s, 0.9, "moves_capture.ckpt");
  expect_bounds_hold(path, s, 1);
  const CheckpointMoves r = checkpoint_moves(path, s);
  const auto capture = std::find_if(r.moves.begin(), r.moves.end(), [&](const CheckpointMove& m) {
    return m.line == b.parse_lines("a2b2")[0];
  });
  ASSERT_NE(capture, r.moves.end());
  EXPECT_EQ(capture->captured, 1);
  EXPECT_TRUE(capture->known);
  EXPECT_LT(capture->upper - capture->lower, 2 * (r.open - 1)) << "nothing proven";
  // The replies after the capture are the same player's lines, with a box fewer open.
  int known_replies = 0;
  expect_lines_hold(checkpoint_moves(path, s, true).moves, s, true, known_replies);
  EXPECT_GT(known_replies, 0);
  std::remove(path.c_str());
}

TEST(DotsCheckpointMoves, TheMovesOfTheEmptyBoardAfterAWholeRunsWorth) {
  // 3x3 from the empty board, stopped late; symmetric lines lead to one entry.
  const Board& b = Board::get(3, 3);
  const DotsState s(b);
  const std::string path = checkpoint_of(s, 0.95, "moves_empty.ckpt");
  expect_bounds_hold(path, s, 1);
  // The 24 lines lead to 4 positions up to the square's 8 symmetries.
  const auto moves = checkpoint_moves(path, s).moves;
  EXPECT_EQ(std::count_if(moves.begin(), moves.end(),
                          [](const CheckpointMove& m) { return m.same_as < 0; }),
            4);
  std::remove(path.c_str());
}

TEST(DotsCheckpointMoves, PositionsOutsideTheCheckpointAndOtherKeysAreRefused) {
  const Board& b = Board::get(3, 3);
  const DotsState s = DotsState::after(b, b.parse_lines("b2b3 c1c2"));
  const std::string path = checkpoint_of(s, 0.5, "moves_refused.ckpt");
  auto message = [&](const DotsState& p) {
    try {
      checkpoint_moves(path, p);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message(DotsState(b)).find("every line drawn there"), std::string::npos);
  EXPECT_NE(message(DotsState::after(b, b.parse_lines("b2b3"))).find("every line drawn there"),
            std::string::npos);
  EXPECT_NE(message(DotsState(Board::get(3, 4))).find("a 3x3 board, not 3x4"), std::string::npos);
  EXPECT_THROW(checkpoint_moves(path + ".none", s), InputError);
  // A checkpoint whose keys no solver of this grundy writes.
  const std::string other = temp_path("moves_other_keys.ckpt");
  SolveCheckpoint h{3, 3, s.drawn_lines(), s.to_move(), -9, 9, 1, 1, 0};
  h.keys = solver_keys(b, s.drawn_lines(), s.to_move(), true) ^ 1;
  CheckpointWriter out(other, h);
  out.commit();
  try {
    checkpoint_moves(other, s);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("keyed as another grundy keys them"), std::string::npos);
  }
  std::remove(path.c_str());
  std::remove(other.c_str());
}

}  // namespace
}  // namespace grundy::dots::moves_test
