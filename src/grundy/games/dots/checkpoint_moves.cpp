#include "grundy/games/dots/checkpoint_moves.h"

#include <algorithm>
#include <fstream>
#include <functional>
#include <optional>
#include <unordered_map>

#include "grundy/core/error.h"
#include "grundy/games/dots/solver_graph.h"
#include "grundy/games/dots/solver_keys.h"
#include "grundy/games/dots/solver_state.h"
#include "grundy/search/transposition_table.h"

namespace grundy::dots {
namespace {

// Whether the run that wrote the checkpoint keyed positions with the board's symmetries.
bool written_with_symmetry(const SolveCheckpoint& c, const Board& board) {
  if (c.keys == 0 && legacy_keys_hold()) return true;
  if (c.keys != 0 && c.keys == solver_keys(board, c.drawn, c.to_move, true)) return true;
  if (c.keys != 0 && c.keys == solver_keys(board, c.drawn, c.to_move, false)) return false;
  throw InputError(
      "the checkpoint's positions are keyed as another grundy keys them: this one "
      "cannot read its table");
}

// The table's entries wanted, by key (empty until the scan finds them).
using Wanted = std::unordered_map<std::uint64_t, std::optional<search::TTEntry>>;

// The undrawn lines of s, each with the key of the position it leads to (wanted), and with
// depth > 1 also that position's lines, to depth - 1.
std::vector<CheckpointMove> lines_of(SolverState& s, int depth, Wanted& wanted) {
  std::vector<CheckpointMove> out;
  SolverState::Moves legal;
  s.legal_moves(legal);  // the strings present, in the order of their lines
  for (const auto m : legal) {
    const auto undo = s.play(m);
    CheckpointMove move;
    move.line = s.graph().line[m];
    move.captured = undo.captured;
    move.key = s.is_over() ? 0 : s.tt_key();
    for (const auto& earlier : out)
      if (move.key != 0 && earlier.key == move.key && earlier.captured == move.captured) {
        move.same_as = earlier.line;  // the first line of the position
        break;
      }
    if (move.key != 0) {
      wanted.emplace(move.key, std::nullopt);
      if (depth > 1) move.replies = lines_of(s, depth - 1, wanted);
    }
    s.undo(m, undo);
    out.push_back(std::move(move));
  }
  return out;
}

// The bounds of each line of a position with `open` boxes open, from what the scan found: the
// entry of the position it leads to, tightened by that position's own lines when they were read
// (its value is the best of theirs for the player who moves there: at least the best of their
// lower bounds, at most the best of their upper ones). A position proven cheaply, through a
// transposition, keeps a light entry that a checkpoint of the heaviest ones may leave out; its
// lines' entries still prove it.
void value(std::vector<CheckpointMove>& lines, int open, const Wanted& wanted) {
  for (CheckpointMove& m : lines) {
    const int left = open - m.captured;  // open after the line: the child's value range
    int lower = -left, upper = left;
    const auto it = wanted.find(m.key);
    if (left == 0) {
      m.known = true;  // the game is over: nothing more to win
      lower = upper = 0;
    } else if (it != wanted.end() && it->second) {
      m.known = true;
      lower = std::max<int>(lower, it->second->lower);
      upper = std::min<int>(upper, it->second->upper);
    }
    value(m.replies, left, wanted);
    if (!m.replies.empty()) {
      int best_lower = -left, best_upper = -left;
      for (const auto& reply : m.replies) {
        best_lower = std::max(best_lower, reply.lower);
        best_upper = std::max(best_upper, reply.upper);
      }
      if (best_lower > lower || best_upper < upper) m.known = true;
      lower = std::max(lower, best_lower);
      upper = std::min(upper, best_upper);
    }
    // The child's value is for the player who moves there: the same one after a capture.
    if (m.captured > 0) {
      m.lower = m.captured + lower;
      m.upper = m.captured + upper;
    } else {
      m.lower = -upper;
      m.upper = -lower;
    }
  }
}

// Drops the replies read only to prove their lines (depth 1 asked for).
void drop_replies(std::vector<CheckpointMove>& lines) {
  for (auto& m : lines) m.replies.clear();
}

// The moves of the position `position_on(the checkpoint's board)`, to `depth` (1 or 2; one
// more is read to prove the last).
CheckpointMoves moves_of(std::istream& in, const std::string& path, int depth,
                         const std::function<DotsState(const Board&)>& position_on) {
  CheckpointMoves r;
  SolveCheckpoint& c = r.summary.header;
  // Read twice: the keys wanted depend on the header (the symmetries, the graph), and a scan
  // checks the whole file before trusting it.
  scan_checkpoint(in, path, c, [](std::uint64_t, const search::TTEntry&) {});
  const DotsState position = position_on(Board::get(c.rows, c.cols));
  const Board& board = position.board();
  if (c.rows != board.rows() || c.cols != board.cols())
    throw InputError("the checkpoint is of a " + Board::get(c.rows, c.cols).size_name() +
                     " board, not " + board.size_name());
  if ((c.drawn & position.drawn_lines()) != c.drawn)
    throw InputError(
        "the position does not follow the checkpoint's: it must have every line "
        "drawn there drawn too");
  const bool symmetry = written_with_symmetry(c, board);
  r.summary.keys_match = true;
  // The solver's graph of the checkpoint's position (on boards of more than 64 lines its
  // strings are the lines undrawn there), its lines drawn in the board's order: the graph
  // depends on which lines are drawn only.
  std::vector<int> drawn;
  for (int l = 0; l < board.lines(); ++l)
    if (c.drawn.test(l)) drawn.push_back(l);
  const SolverGraph g = SolverGraph::of(DotsState::after(board, drawn), symmetry);

  r.drawn = position.drawn_lines();
  r.to_move = position.to_move();
  r.open = position.boxes_left();
  SolverState s(g, g.present_of(position), position.to_move());
  s.set_symmetry(symmetry);
  Wanted wanted;
  // One ply more than asked: the last ply's positions are proven by their lines' entries too.
  r.moves = lines_of(s, depth + 1, wanted);
  in.clear();
  in.seekg(0);
  SolveCheckpoint again;
  scan_checkpoint(in, path, again, [&](std::uint64_t key, const search::TTEntry& e) {
    ++r.summary.by_weight[weight_class(e)];
    const auto it = wanted.find(key);
    if (it == wanted.end() || e.depth != search::TranspositionTable::kExactDepth) return;
    it->second = e;
  });
  value(r.moves, r.open, wanted);
  if (depth == 1)
    drop_replies(r.moves);
  else
    for (auto& m : r.moves) drop_replies(m.replies);
  return r;
}

}  // namespace

CheckpointMoves checkpoint_moves(std::istream& in, const std::string& name, std::string_view moves,
                                 bool replies) {
  return moves_of(in, name, replies ? 2 : 1,
                  [moves](const Board& b) { return DotsState::after(b, moves); });
}

CheckpointMoves checkpoint_moves(const std::string& path, const DotsState& position, bool replies) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read checkpoint '" + path + "'");
  return moves_of(in, path, replies ? 2 : 1, [&position](const Board&) { return position; });
}

CheckpointMoves checkpoint_moves(const std::string& path, std::string_view moves, bool replies) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read checkpoint '" + path + "'");
  return checkpoint_moves(in, path, moves, replies);
}

}  // namespace grundy::dots
