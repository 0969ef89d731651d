#pragma once
// A slow, obviously correct Ultimate Tic-Tac-Toe for tests: a 9x9 grid of characters, the rules
// read straight off docs/uttt.md, no bit tricks and no incremental state. The bitboard engine
// (board.h) must agree with it on every position.
#include <array>
#include <cstdint>
#include <vector>

#include "grundy/games/uttt/board.h"

namespace grundy::uttt::reference {

struct Game {
  Rules rules = Rules::standard;
  // grid[row][column]: '.', 'X' or 'O'; row 0 is the top (notation row 1).
  std::array<std::array<char, 9>, 9> grid{};
  std::array<char, 9> owner{};  // '.', 'X' or 'O' per small board
  int last_cell = -1;           // cell (0-8) of the last move inside its board, -1 at the start
  char turn = 'X';
  char winner = '.';

  explicit Game(Rules r = Rules::standard) : rules(r) {
    for (auto& row : grid) row.fill('.');
    owner.fill('.');
  }

  char at(int board, int cell) const {
    return grid[(board / 3) * 3 + cell / 3][(board % 3) * 3 + cell % 3];
  }
  static bool line_of(const std::array<char, 9>& v, char who) {
    static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (const auto& l : lines)
      if (v[l[0]] == who && v[l[1]] == who && v[l[2]] == who) return true;
    return false;
  }
  std::array<char, 9> small(int board) const {
    std::array<char, 9> v{};
    for (int c = 0; c < 9; ++c) v[c] = at(board, c);
    return v;
  }
  bool full(int board) const {
    for (int c = 0; c < 9; ++c)
      if (at(board, c) == '.') return false;
    return true;
  }
  // Whether a board can be played in at all.
  bool playable(int board) const {
    if (full(board)) return false;
    if (rules != Rules::orlin && owner[board] != '.') return false;
    return true;
  }
  bool over() const { return winner != '.' || moves().empty(); }

  // Legal moves as board-major indices 9 * board + cell, in increasing order.
  std::vector<int> moves() const {
    std::vector<int> out;
    if (winner != '.') return out;
    const bool free = last_cell < 0 || !playable(last_cell);
    for (int b = 0; b < 9; ++b) {
      if (!free && b != last_cell) continue;
      if (!playable(b)) continue;
      for (int c = 0; c < 9; ++c)
        if (at(b, c) == '.') out.push_back(9 * b + c);
    }
    return out;
  }

  void play(int m) {
    const int b = m / 9, c = m % 9;
    grid[(b / 3) * 3 + c / 3][(b % 3) * 3 + c % 3] = turn;
    if (owner[b] == '.' && line_of(small(b), turn)) {
      owner[b] = turn;
      if (line_of(owner, turn)) winner = turn;
    }
    last_cell = c;
    turn = turn == 'X' ? 'O' : 'X';
    // codingame: a game that ends without a line goes to whoever owns more boards.
    if (rules == Rules::codingame && winner == '.' && moves().empty()) {
      int x = 0, o = 0;
      for (char w : owner) x += w == 'X', o += w == 'O';
      if (x != o) winner = x > o ? 'X' : 'O';
    }
  }
};

inline std::uint64_t perft(const Game& g, int depth) {
  if (depth == 0) return 1;
  const auto ms = g.moves();
  if (depth == 1) return ms.size();
  std::uint64_t total = 0;
  for (int m : ms) {
    Game child = g;
    child.play(m);
    total += perft(child, depth - 1);
  }
  return total;
}

}  // namespace grundy::uttt::reference
