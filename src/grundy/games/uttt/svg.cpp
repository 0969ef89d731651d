#include "grundy/games/uttt/svg.h"

#include <cstdarg>
#include <cstdio>

#include <algorithm>

#include "grundy/games/uttt/notation.h"

namespace grundy::uttt {
namespace {

constexpr int kCell = 40;
constexpr int kMargin = 30;
constexpr const char* kXColour = "#1f5fbf";
constexpr const char* kOColour = "#c0392b";

// printf into a string (the library does not link fmt).
std::string format(const char* f, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* f, ...) {
  char buffer[512];
  va_list args;
  va_start(args, f);
  const int n = std::vsnprintf(buffer, sizeof buffer, f, args);
  va_end(args);
  return std::string(buffer, static_cast<std::size_t>(std::max(0, std::min(n, 511))));
}

int x_of(int column) {
  return kMargin + column * kCell;
}
int y_of(int row) {
  return kMargin + row * kCell;
}

}  // namespace

std::string to_svg(const Board& b, std::optional<Board::Move> last_move) {
  const int size = 9 * kCell;
  const int width = size + 2 * kMargin, height = size + 2 * kMargin + 24;
  std::string s = format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
      "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
      "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
      width, height, width, height);
  // Owned boards and closed boards.
  for (int board = 0; board < 9; ++board) {
    const int x = x_of((board % 3) * 3), y = y_of((board / 3) * 3);
    const char* fill = nullptr;
    if ((b.owned(0) >> board) & 1) fill = "#d6e4f7";
    if ((b.owned(1) >> board) & 1) fill = "#f6d5d1";
    if (!fill && !((b.open_boards() >> board) & 1)) fill = "#e4e4e4";
    if (fill)
      s += format("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", x, y,
                  3 * kCell, 3 * kCell, fill);
  }
  // Where the player to move may play.
  Board::Moves legal;
  b.legal_moves(legal);
  for (auto m : legal) {
    const auto name = cell_name(m);
    s += format(
        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fff3b0\" "
        "stroke=\"none\"/>\n",
        x_of(name[0] - 'a') + 2, y_of(name[1] - '1') + 2, kCell - 4, kCell - 4);
  }
  if (last_move) {
    const auto name = cell_name(*last_move);
    s += format(
        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#f39c12\" "
        "stroke-width=\"3\"/>\n",
        x_of(name[0] - 'a') + 2, y_of(name[1] - '1') + 2, kCell - 4, kCell - 4);
  }
  // The grid: thin lines between cells, thick ones between boards.
  for (int i = 0; i <= 9; ++i) {
    const int w = i % 3 == 0 ? 3 : 1;
    s += format(
        "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\" stroke-width=\"%d\"/>\n",
        x_of(i), y_of(0), x_of(i), y_of(9), w);
    s += format(
        "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\" stroke-width=\"%d\"/>\n",
        x_of(0), y_of(i), x_of(9), y_of(i), w);
  }
  // Column letters and row numbers (the notation).
  for (int i = 0; i < 9; ++i) {
    s += format("<text x=\"%d\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\">%c</text>\n",
                x_of(i) + kCell / 2, kMargin - 10, static_cast<char>('a' + i));
    s += format("<text x=\"%d\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\">%d</text>\n",
                kMargin / 2, y_of(i) + kCell / 2 + 5, i + 1);
  }
  // The marks.
  for (int m = 0; m < kCells; ++m) {
    const int board = m / 9, c = m % 9;
    const auto name = cell_name(static_cast<Board::Move>(m));
    const int cx = x_of(name[0] - 'a') + kCell / 2, cy = y_of(name[1] - '1') + kCell / 2;
    const int r = kCell / 2 - 9;
    if ((b.cells(0, board) >> c) & 1)
      s += format(
          "<path d=\"M%d %dL%d %dM%d %dL%d %d\" stroke=\"%s\" stroke-width=\"4\" "
          "stroke-linecap=\"round\"/>\n",
          cx - r, cy - r, cx + r, cy + r, cx - r, cy + r, cx + r, cy - r, kXColour);
    if ((b.cells(1, board) >> c) & 1)
      s += format(
          "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" stroke=\"%s\" stroke-width=\"4\"/>\n",
          cx, cy, r, kOColour);
  }
  std::string caption;
  if (b.winner() >= 0)
    caption = std::string(b.winner() == 0 ? "X" : "O") + " has won";
  else if (b.is_over())
    caption = "a draw";
  else
    caption = std::string(b.to_move() == 0 ? "X" : "O") + " to move" +
              (b.forced_board() == kAnyBoard ? " anywhere" : " in " + board_name(b.forced_board()));
  s += format("<text x=\"%d\" y=\"%d\" font-size=\"16\">%s (%s rules)</text>\n", kMargin,
              size + 2 * kMargin + 10, caption.c_str(), rules_name(b.rules()).c_str());
  s += "</svg>\n";
  return s;
}

}  // namespace grundy::uttt
