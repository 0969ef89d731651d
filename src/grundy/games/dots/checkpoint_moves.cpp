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

// The moves of the position `position_on(the checkpoint's board)`.
CheckpointMoves moves_of(std::istream& in, const std::string& path,
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
  std::vector<int> string_of(static_cast<std::size_t>(board.lines()), -1);
  for (int i = 0; i < g.strings; ++i) string_of[static_cast<std::size_t>(g.line[i])] = i;

  r.drawn = position.drawn_lines();
  r.to_move = position.to_move();
  r.open = position.boxes_left();
  SolverState s(g, g.present_of(position), position.to_move());
  s.set_symmetry(symmetry);
  std::unordered_map<std::uint64_t, std::optional<search::TTEntry>> wanted;
  std::vector<std::uint64_t> keys;
  for (int l = 0; l < board.lines(); ++l) {
    if (position.drawn(l)) continue;
    const auto m = static_cast<SolverState::Move>(string_of[static_cast<std::size_t>(l)]);
    const auto undo = s.play(m);
    CheckpointMove move;
    move.line = l;
    move.captured = undo.captured;
    keys.push_back(s.is_over() ? 0 : s.tt_key());
    for (std::size_t i = 0; i + 1 < keys.size() && !s.is_over(); ++i)
      if (keys[i] == keys.back() && r.moves[i].captured == undo.captured) {
        move.same_as = r.moves[i].line;  // the first line of the position
        break;
      }
    if (!s.is_over()) wanted.emplace(keys.back(), std::nullopt);
    s.undo(m, undo);
    r.moves.push_back(move);
  }
  in.clear();
  in.seekg(0);
  SolveCheckpoint again;
  scan_checkpoint(in, path, again, [&](std::uint64_t key, const search::TTEntry& e) {
    ++r.summary.by_weight[weight_class(e)];
    const auto it = wanted.find(key);
    if (it == wanted.end() || e.depth != search::TranspositionTable::kExactDepth) return;
    it->second = e;
  });
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    CheckpointMove& m = r.moves[i];
    const int left = r.open - m.captured;  // open after the line: the child's value range
    int lower = -left, upper = left;
    if (left == 0) {
      m.known = true;  // the game is over: nothing more to win
      lower = upper = 0;
    } else if (const auto& e = wanted[keys[i]]) {
      m.known = true;
      lower = std::max<int>(lower, e->lower);
      upper = std::min<int>(upper, e->upper);
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
  return r;
}

}  // namespace

CheckpointMoves checkpoint_moves(std::istream& in, const std::string& name,
                                 std::string_view moves) {
  return moves_of(in, name, [moves](const Board& b) { return DotsState::after(b, moves); });
}

CheckpointMoves checkpoint_moves(const std::string& path, const DotsState& position) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read checkpoint '" + path + "'");
  return moves_of(in, path, [&position](const Board&) { return position; });
}

CheckpointMoves checkpoint_moves(const std::string& path, std::string_view moves) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read checkpoint '" + path + "'");
  return checkpoint_moves(in, path, moves);
}

}  // namespace grundy::dots
