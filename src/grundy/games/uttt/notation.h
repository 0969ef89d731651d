#pragma once
// Notation (a contract, docs/uttt.md): a cell of the 9x9 grid is its column a-i (left to right)
// and row 1-9 (top to bottom), so e5 is the centre of the centre board. A move list is cells
// separated by spaces or commas; X moves first.
#include <string>
#include <string_view>
#include <vector>

#include "grundy/games/uttt/board.h"

namespace grundy::uttt {

std::string cell_name(Board::Move m);
// InputError naming the token unless it is a cell name.
Board::Move parse_cell(std::string_view token);

// "the centre board (d4-f6)": how messages name small board b.
std::string board_name(int b);
std::string rules_name(Rules r);
// "standard", "orlin" or "codingame"; InputError otherwise.
Rules parse_rules(std::string_view name);

// Plays a move list from the empty board. InputError names the first bad move and why: an
// unknown token, an occupied cell, a cell outside the forced board or in a closed board, a
// move after the game ended.
Board play_moves(std::string_view list, Rules rules);
// The same, starting from `start`.
Board play_moves(Board start, std::string_view list);
// Splits a move list into its tokens (cell names, not yet checked).
std::vector<std::string> split_move_list(std::string_view list);
// Why m is not legal in b (empty when it is).
std::string illegal_reason(const Board& b, Board::Move m);

// A move list as text: "e5 e4 d2".
std::string format_moves(const std::vector<Board::Move>& moves);

}  // namespace grundy::uttt
