// Fuzz target: an Ultimate Tic-Tac-Toe move list (any bytes), parsed and played under both rule
// sets. A bad list must raise InputError (nothing else); a good one must give a position whose
// incremental hash equals a fresh one, whose every symmetric image has the same number of legal
// moves, whose text forms (the move list, the SVG) can be produced, and whose move list parses
// back to the same position.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_target.h"
#include "grundy/core/error.h"
#include "grundy/games/uttt/board.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/svg.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy::uttt;
  if (size > 4096) return 0;
  const std::string list(reinterpret_cast<const char*>(data), size);
  for (Rules rules : {Rules::standard, Rules::orlin}) {
    Board b(rules);
    try {
      b = play_moves(list, rules);
    } catch (const grundy::InputError&) {
      continue;  // named the bad move: the expected outcome for most inputs
    }
    if (b.hash() != b.compute_hash()) __builtin_trap();
    std::vector<Board::Move> moves;
    for (const auto& token : split_move_list(list)) moves.push_back(parse_cell(token));
    const Board again = play_moves(format_moves(moves), rules);
    if (!(again == b)) __builtin_trap();
    Board::Moves legal;
    b.legal_moves(legal);
    if (b.is_over() != legal.empty()) __builtin_trap();
    for (int s = 0; s < 8; ++s) {
      Board::Moves image;
      b.transformed(s).legal_moves(image);
      if (image.size() != legal.size()) __builtin_trap();
    }
    if (to_svg(b).empty()) __builtin_trap();
    for (const auto m : legal) {
      Board c = b;
      const auto u = c.play(m);
      c.undo(m, u);
      if (!(c == b)) __builtin_trap();
    }
  }
  return 0;
}
