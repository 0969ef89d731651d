#include "grundy/games/uttt/protocol.h"

#include <algorithm>
#include <charconv>

#include "grundy/core/error.h"

namespace grundy::uttt {
namespace {

constexpr std::size_t kMaxLine = 4096;  // a turn's line is a few characters; a message more

// One line without its end ('\n', and a '\r' before it). False at the end of input with nothing
// read; InputError for a line longer than kMaxLine (an endless line never fills memory).
bool read_line(std::istream& in, std::string& line) {
  line.clear();
  char c;
  bool any = false;
  while (in.get(c)) {
    any = true;
    if (c == '\n') break;
    if (line.size() >= kMaxLine)
      throw InputError("a line of the referee's input is longer than " + std::to_string(kMaxLine) +
                       " characters");
    line.push_back(c);
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return any;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// The next whole number of s (after spaces) into v; advances s past it. False if there is none.
bool next_int(std::string_view& s, int& v) {
  s = trim(s);
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end == s.data()) return false;
  s.remove_prefix(static_cast<std::size_t>(end - s.data()));
  return true;
}

bool starts_with_space(std::string_view s) {
  return !s.empty() && (s.front() == ' ' || s.front() == '\t');
}

std::string shown_line(std::string_view line) {
  std::string s(line.substr(0, 40));
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126) c = '?';
  return "'" + s + (line.size() > 40 ? "...'" : "'");
}

}  // namespace

Board::Move move_at(int row, int column) {
  return static_cast<Board::Move>(9 * ((row / 3) * 3 + column / 3) + (row % 3) * 3 + column % 3);
}

std::string protocol_cell(Board::Move m) {
  const int b = m / 9, c = m % 9;
  const int row = (b / 3) * 3 + c / 3, column = (b % 3) * 3 + c % 3;
  return std::to_string(row) + " " + std::to_string(column);
}

std::optional<Board::Move> parse_protocol_cell(std::string_view line, bool allow_none,
                                               bool allow_message) {
  std::string_view rest = line;
  int row = 0, column = 0;
  const bool two = next_int(rest, row) && starts_with_space(rest) && next_int(rest, column);
  const bool ends = rest.empty() || (allow_message && starts_with_space(rest));
  if (two && ends) {
    if (allow_none && row == -1 && column == -1) return std::nullopt;
    if (row >= 0 && row <= 8 && column >= 0 && column <= 8) return move_at(row, column);
  }
  throw InputError("expected a cell 'row column' (two whole numbers 0-8" +
                   std::string(allow_none ? ", or -1 -1" : "") + "), got " + shown_line(line));
}

bool read_turn(std::istream& in, bool first_turn, Turn& turn,
               std::chrono::steady_clock::time_point* arrival) {
  std::string line;
  if (!read_line(in, line)) return false;
  if (arrival) *arrival = std::chrono::steady_clock::now();
  turn.opponent = parse_protocol_cell(line, first_turn, false);
  if (!read_line(in, line)) throw InputError("the turn ends before the number of valid actions");
  std::string_view rest = line;
  int count = 0;
  if (!next_int(rest, count) || !trim(rest).empty() || count < 1 || count > kCells)
    throw InputError("expected the number of valid actions (1-81), got " + shown_line(line));
  turn.valid.clear();
  for (int i = 0; i < count; ++i) {
    if (!read_line(in, line))
      throw InputError("the turn ends after " + std::to_string(i) + " of " + std::to_string(count) +
                       " valid actions");
    const auto m = *parse_protocol_cell(line, false, false);
    if (std::find(turn.valid.begin(), turn.valid.end(), m) != turn.valid.end())
      throw InputError("the valid action " + shown_line(line) + " is listed twice");
    turn.valid.push_back(m);
  }
  return true;
}

std::string turn_text(const Board& b, std::optional<Board::Move> last,
                      std::optional<Board::Move> only) {
  std::string s = last ? protocol_cell(*last) : std::string("-1 -1");
  s += '\n';
  if (only) return s + "1\n" + protocol_cell(*only) + '\n';
  Board::Moves legal;
  b.legal_moves(legal);
  // In reading order of the grid, as CodinGame lists them.
  std::vector<std::pair<int, Board::Move>> ordered;
  for (auto m : legal) {
    const int bd = m / 9, c = m % 9;
    ordered.push_back({9 * ((bd / 3) * 3 + c / 3) + (bd % 3) * 3 + c % 3, m});
  }
  std::sort(ordered.begin(), ordered.end());
  s += std::to_string(ordered.size()) + '\n';
  for (const auto& [key, m] : ordered) s += protocol_cell(m) + '\n';
  return s;
}

}  // namespace grundy::uttt
