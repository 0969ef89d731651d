#include "grundy/games/uttt/notation.h"

#include "grundy/core/error.h"
#include "grundy/core/text.h"

namespace grundy::uttt {
namespace {

constexpr const char* kBoardNames[9] = {"top-left",    "top",    "top-right",
                                        "left",        "centre", "right",
                                        "bottom-left", "bottom", "bottom-right"};

}  // namespace

std::string cell_name(Board::Move m) {
  return Board().move_name(m);
}

Board::Move parse_cell(std::string_view token) {
  return Board().parse_move(token);
}

std::string board_name(int b) {
  const int col = (b % 3) * 3, row = (b / 3) * 3;
  std::string range{static_cast<char>('a' + col), static_cast<char>('1' + row), '-',
                    static_cast<char>('a' + col + 2), static_cast<char>('1' + row + 2)};
  return "the " + std::string(kBoardNames[b]) + " board (" + range + ")";
}

std::string rules_name(Rules r) {
  return r == Rules::orlin ? "orlin" : r == Rules::codingame ? "codingame" : "standard";
}

Rules parse_rules(std::string_view name) {
  if (name == "standard") return Rules::standard;
  if (name == "orlin") return Rules::orlin;
  if (name == "codingame") return Rules::codingame;
  throw InputError("unknown rules '" + std::string(name) + "': use standard, orlin or codingame");
}

std::vector<std::string> split_move_list(std::string_view list) {
  std::vector<std::string> tokens;
  for (const auto& t : ::grundy::split_move_list(list)) tokens.emplace_back(t.text);
  return tokens;
}

std::string illegal_reason(const Board& b, Board::Move m) {
  if (b.is_over())
    return b.winner() >= 0
               ? std::string("the game is over (") + (b.winner() == 0 ? "X" : "O") + " has won)"
               : "the game is over (a draw)";
  const int board = m / 9;
  const int c = m % 9;
  if (((b.cells(0, board) | b.cells(1, board)) >> c) & 1) return "the cell is occupied";
  if (b.forced_board() != kAnyBoard && b.forced_board() != board)
    return "the move must be in " + board_name(b.forced_board());
  if (!((b.open_boards() >> board) & 1)) return board_name(board) + " is closed (won or full)";
  return {};
}

Board play_moves(Board start, std::string_view list) {
  const auto tokens = split_move_list(list);
  Board b = start;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    Board::Move m;
    try {
      m = parse_cell(tokens[i]);
    } catch (const InputError& e) {
      throw InputError("move " + std::to_string(i + 1) + ": " + e.what());
    }
    const std::string why = illegal_reason(b, m);
    if (!why.empty())
      throw InputError("move " + std::to_string(i + 1) + " '" + tokens[i] + "' (" +
                       (b.to_move() == 0 ? "X" : "O") + ") is illegal: " + why);
    b.play(m);
  }
  return b;
}

Board play_moves(std::string_view list, Rules rules) {
  return play_moves(Board(rules), list);
}

std::string format_moves(const std::vector<Board::Move>& moves) {
  std::string s;
  for (auto m : moves) {
    if (!s.empty()) s += ' ';
    s += cell_name(m);
  }
  return s;
}

}  // namespace grundy::uttt
