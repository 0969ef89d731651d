#pragma once
// The CodinGame protocol for Ultimate Tic-Tac-Toe bots (docs/uttt.md, "Bots and the arena"), a
// contract. A cell is "row column", each 0-8 on the 9x9 grid (row 0 at the top), as the arena
// writes them; elsewhere grundy names cells a1-i9. Each turn the referee writes to the bot
//   the opponent's last move "row column" ("-1 -1" when the bot moves first),
//   the number of valid actions,
//   the valid actions, one "row column" a line,
// and the bot answers one line "row column", optionally followed by a space and a message.
#include <chrono>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/games/uttt/board.h"

namespace grundy::uttt {

// "4 4" for e5: the move as the protocol writes it.
std::string protocol_cell(Board::Move m);
// The move at grid row `row`, column `column` (each 0-8).
Board::Move move_at(int row, int column);

// One turn as the referee sends it.
struct Turn {
  std::optional<Board::Move> opponent;  // nullopt: "-1 -1", the bot moves first
  std::vector<Board::Move> valid;       // the valid actions, in the referee's order
};

// Two whole numbers 0-8 separated by spaces; `first_turn` also accepts "-1 -1" (no move: nullopt).
// A bot's answer may go on after the cell with a space and a message (ignored). InputError
// naming the line otherwise.
std::optional<Board::Move> parse_protocol_cell(std::string_view line, bool allow_none,
                                               bool allow_message);

// Reads one turn from `in`. False when the input ends before a turn starts (the game is over:
// a bot exits cleanly); InputError for anything else that is not a well-formed turn (a turn cut
// short, a count outside 1-81, a malformed cell, a repeated valid action). The opponent's
// "-1 -1" is accepted only when `first_turn`.
// `arrival`, when given, is set when the turn's first line has been read (a bot's clock starts
// there).
bool read_turn(std::istream& in, bool first_turn, Turn& turn,
               std::chrono::steady_clock::time_point* arrival = nullptr);

// The turn as the referee writes it for a bot to move in b after `last` (nullopt at the start):
// the valid actions are b's legal moves, or only `only` when given (an imposed opening move).
std::string turn_text(const Board& b, std::optional<Board::Move> last,
                      std::optional<Board::Move> only = std::nullopt);

}  // namespace grundy::uttt
