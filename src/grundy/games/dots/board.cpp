#include "grundy/games/dots/board.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "grundy/core/error.h"
#include "grundy/core/text.h"

namespace grundy::dots {
namespace {

// Columns a..z, then aa, ab, ... (as in spreadsheets) for boards wider than 25 boxes.
std::string column_letter(int x) {
  if (x < 26) return std::string(1, static_cast<char>('a' + x));
  return column_letter(x / 26 - 1) + static_cast<char>('a' + x % 26);
}

// "b12" -> dot (1, 11); false if malformed.
bool parse_dot(std::string_view s, std::size_t& at, Board::Dot& d) {
  int column = 0, letters = 0;
  while (at < s.size() && letters < 3) {
    char c = s[at];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c < 'a' || c > 'z') break;
    column = column * 26 + (c - 'a' + 1);
    ++at;
    ++letters;
  }
  if (letters == 0) return false;
  d.x = column - 1;
  int row = 0, digits = 0;
  while (at < s.size() && s[at] >= '0' && s[at] <= '9' && digits < 4) {
    row = row * 10 + (s[at] - '0');
    ++at;
    ++digits;
  }
  if (digits == 0 || row == 0) return false;
  d.y = row - 1;
  return true;
}

}  // namespace

const Board& Board::get(int rows, int cols) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::unique_ptr<const Board>> boards;
  if (rows < 1 || cols < 1) throw InputError("a board needs at least 1 row and 1 column of boxes");
  if (rows > 64 || static_cast<long>(rows) * cols > kMaxBoxes ||
      2L * rows * cols + rows + cols > kMaxLines)
    throw InputError("a " + std::to_string(rows) + "x" + std::to_string(cols) +
                     " board is beyond the supported size (at most 64 boxes and 128 lines: "
                     "7x7, 6x8 or 1x42 at most)");
  std::lock_guard lock(mutex);
  auto& b = boards[{rows, cols}];
  if (!b) b.reset(new Board(rows, cols));
  return *b;
}

const Board& Board::parse(std::string_view size) {
  // Accept "3x3", "3X3" and "3×3" (UTF-8 multiplication sign).
  std::size_t x = size.find_first_of("xX");
  std::size_t skip = 1;
  if (x == std::string_view::npos) {
    x = size.find("\xc3\x97");
    skip = 2;
  }
  const auto bad = [&] {
    return InputError("board size '" + shown_token(size) +
                      "' is not ROWSxCOLUMNS (e.g. 3x3 or 4x5)");
  };
  if (x == std::string_view::npos || x == 0 || x + skip >= size.size()) throw bad();
  const auto rows_text = size.substr(0, x), cols_text = size.substr(x + skip);
  const auto digits = [](std::string_view t) {
    return t.find_first_not_of("0123456789") == std::string_view::npos;
  };
  if (!digits(rows_text) || !digits(cols_text)) throw bad();
  // Well formed but too big for an int: the size limit's message, not "not ROWSxCOLUMNS".
  const auto number = [](std::string_view t) {
    int v = 0;
    for (char c : t) v = std::min(v * 10 + (c - '0'), 1'000'000);
    return v;
  };
  const int rows = number(rows_text), cols = number(cols_text);
  if (rows >= 1'000'000 || cols >= 1'000'000)
    throw InputError("a " + shown_token(size) +
                     " board is beyond the supported size (at most 64 boxes and 128 lines: "
                     "7x7, 6x8 or 1x42 at most)");
  return get(rows, cols);
}

Board::Board(int rows, int cols)
    : rows_(rows),
      cols_(cols),
      lines_(2 * rows * cols + rows + cols),
      horizontal_lines_((rows + 1) * cols) {
  boxes_of_.assign(static_cast<std::size_t>(lines_), {-1, -1});
  lines_of_.resize(static_cast<std::size_t>(rows * cols));
  box_lines_.resize(static_cast<std::size_t>(rows * cols));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int box = r * cols + c;
      const int top = r * cols + c, bottom = (r + 1) * cols + c;
      const int left = horizontal_lines_ + r * (cols + 1) + c, right = left + 1;
      lines_of_[box] = {top, bottom, left, right};
      for (int l : lines_of_[box]) {
        auto& bs = boxes_of_[l];
        (bs[0] < 0 ? bs[0] : bs[1]) = box;
        box_lines_[box].set(l);
      }
    }
  for (int l = 0; l < lines_; ++l) all_.set(l);
}

std::string Board::size_name() const {
  return std::to_string(rows_) + "x" + std::to_string(cols_);
}

std::array<Board::Dot, 2> Board::endpoints(int line) const {
  if (horizontal(line)) {
    const int r = line / cols_, c = line % cols_;
    return {Dot{c, r}, Dot{c + 1, r}};
  }
  const int v = line - horizontal_lines_;
  const int r = v / (cols_ + 1), c = v % (cols_ + 1);
  return {Dot{c, r}, Dot{c, r + 1}};
}

std::string Board::line_name(int line) const {
  const auto [a, b] = endpoints(line);
  return column_letter(a.x) + std::to_string(a.y + 1) + column_letter(b.x) +
         std::to_string(b.y + 1);
}

std::string Board::column_name(int x) const {
  return column_letter(x);
}

std::string Board::box_name(int box) const {
  return column_letter(box % cols_) + std::to_string(box / cols_ + 1);
}

int Board::find_line(std::string_view token, std::string* why) const {
  const auto fail = [&](const std::string& reason) {
    if (why) *why = reason;
    return -1;
  };
  Dot a{}, b{};
  std::size_t at = 0;
  if (!parse_dot(token, at, a) || !parse_dot(token, at, b) || at != token.size())
    return fail("is not a line (write its two dots, like a1b1 or a1a2)");
  const auto on_board = [&](const Dot& d) { return d.x <= cols_ && d.y <= rows_; };
  if (!on_board(a) || !on_board(b))
    return fail("is off the " + size_name() + " board (dots a1 to " + column_letter(cols_) +
                std::to_string(rows_ + 1) + ")");
  if (b.x < a.x || b.y < a.y) std::swap(a, b);
  if (a.y == b.y && b.x == a.x + 1) return a.y * cols_ + a.x;
  if (a.x == b.x && b.y == a.y + 1) return horizontal_lines_ + a.y * (cols_ + 1) + a.x;
  return fail("joins dots that are not adjacent");
}

std::vector<int> Board::parse_lines(std::string_view list) const {
  std::vector<int> lines;
  for (const auto& t : split_move_list(list)) {
    std::string why;
    const int l = find_line(t.text, &why);
    if (l < 0) {
      throw InputError("move " + std::to_string(lines.size() + 1) + " '" + shown_token(t.text) +
                       "' (at character " + std::to_string(t.position) + ") " + why);
    }
    lines.push_back(l);
  }
  return lines;
}

}  // namespace grundy::dots
