#pragma once
// The geometry and notation of a Dots and Boxes board of R rows and C columns of boxes.
//
// Dots: columns lettered a, b, c, ... from the left (aa, ab, ... after z, on boards wider than
// 25 boxes), rows numbered 1, 2, ... from the top.
// A line is named by its two endpoint dots, left/top one first: a1b1 (horizontal), a1a2
// (vertical); input accepts either order and either case.
//
// Indices: horizontal lines first, row by row (line r*C + c joins dots (c, r) and (c+1, r)),
// then vertical lines row by row (H + r*(C+1) + c joins (c, r) and (c, r+1)), H = (R+1)*C.
// Box r*C + c has top r*C + c, bottom (r+1)*C + c, left H + r*(C+1) + c, right that + 1.
// Boxes and lines are numbered from 0 inside the program; names are what users see.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/games/dots/line_set.h"

namespace grundy::dots {

inline constexpr int kMaxLines = 128;
inline constexpr int kMaxBoxes = 64;

class Board {
 public:
  // The board of `rows` x `cols` boxes; InputError when unsupported (lines > 128, boxes > 64).
  // Boards are interned: the reference stays valid for the program's life, so states may keep a
  // pointer to it.
  static const Board& get(int rows, int cols);
  // "3x3" (also "3X3", "3×3"); InputError naming the text otherwise.
  static const Board& parse(std::string_view size);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int lines() const { return lines_; }
  int boxes() const { return rows_ * cols_; }
  int dots() const { return (rows_ + 1) * (cols_ + 1); }
  std::string size_name() const;  // "3x3"

  bool horizontal(int line) const { return line < horizontal_lines_; }
  // The one or two boxes beside a line (-1: none, the board's edge).
  const std::array<int, 2>& boxes_of(int line) const { return boxes_of_[line]; }
  // The four lines of a box: top, bottom, left, right.
  const std::array<int, 4>& lines_of(int box) const { return lines_of_[box]; }
  const LineSet& box_lines(int box) const { return box_lines_[box]; }
  LineSet all_lines() const { return all_; }

  std::string line_name(int line) const;  // "a1b1"
  std::string box_name(int box) const;    // "a1" (its top-left dot)
  // A line's index from its name, or -1 if `token` names no line of this board. `why` (if
  // given) receives the reason in words.
  int find_line(std::string_view token, std::string* why = nullptr) const;
  std::string column_name(int x) const;  // "a", ..., "z", "aa", ...
  // A move list ("a1b1 b1c1, a1a2"): InputError naming the bad token and its position.
  std::vector<int> parse_lines(std::string_view list) const;

  // Dot coordinates of a line's endpoints (x = column, y = row, from 0).
  struct Dot {
    int x, y;
  };
  std::array<Dot, 2> endpoints(int line) const;

 private:
  Board(int rows, int cols);
  int rows_, cols_, lines_, horizontal_lines_;
  std::vector<std::array<int, 2>> boxes_of_;
  std::vector<std::array<int, 4>> lines_of_;
  std::vector<LineSet> box_lines_;
  LineSet all_;
};

}  // namespace grundy::dots
