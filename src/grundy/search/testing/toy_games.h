#pragma once
// Two tiny games for testing the engines of search/ against plain minimax.
#include <array>
#include <cstdint>
#include <vector>

#include "grundy/search/two_player.h"

namespace grundy::search::testing {

// Tic-tac-toe: points are 1 for the player who made a line (so a win is a margin of 1).
class TicTacToe {
 public:
  using Move = std::uint8_t;
  struct Undo {};
  static constexpr std::size_t kMaxMoves = 9;

  int to_move() const { return turn_; }
  bool is_over() const { return winner_ >= 0 || (cells_[0] | cells_[1]) == 0x1ff; }
  void legal_moves(MoveList<Move, kMaxMoves>& out) const {
    out.clear();
    if (winner_ >= 0) return;
    for (std::uint8_t c = 0; c < 9; ++c)
      if (!(((cells_[0] | cells_[1]) >> c) & 1)) out.push_back(c);
  }
  Undo play(Move m) {
    cells_[turn_] |= static_cast<std::uint16_t>(1u << m);
    if (has_line(cells_[turn_])) winner_ = turn_;
    turn_ ^= 1;
    return {};
  }
  void undo(Move m, Undo) {
    turn_ ^= 1;
    cells_[turn_] &= static_cast<std::uint16_t>(~(1u << m));
    winner_ = -1;
  }
  std::uint64_t hash() const {
    return (std::uint64_t{cells_[0]} << 9 | cells_[1]) * 0x9e3779b97f4a7c15ull + turn_;
  }
  std::uint64_t compute_hash() const { return hash(); }
  int points(int player) const { return winner_ == player ? 1 : 0; }
  bool operator==(const TicTacToe&) const = default;

 private:
  static bool has_line(std::uint16_t b) {
    static constexpr std::uint16_t kLines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0124, 0421};
    for (auto l : kLines)
      if ((b & l) == l) return true;
    return false;
  }
  std::array<std::uint16_t, 2> cells_{};
  int turn_ = 0;
  int winner_ = -1;
};

// A row of coins; a move takes the leftmost or rightmost coin and scores its value; taking an
// even-valued coin keeps the turn (an extra move, as completing a box does in Dots and Boxes).
class CoinRow {
 public:
  using Move = std::uint8_t;  // 0 = left end, 1 = right end
  struct Undo {
    bool kept_turn;
  };
  static constexpr std::size_t kMaxMoves = 2;

  explicit CoinRow(std::vector<int> coins = {}) : coins_(std::move(coins)), right_(coins_.size()) {}

  int to_move() const { return turn_; }
  bool is_over() const { return left_ == right_; }
  void legal_moves(MoveList<Move, kMaxMoves>& out) const {
    out.clear();
    if (left_ == right_) return;
    out.push_back(0);
    if (right_ - left_ > 1) out.push_back(1);
  }
  Undo play(Move m) {
    const int coin = m == 0 ? coins_[left_++] : coins_[--right_];
    score_[turn_] += coin;
    const bool keep = coin % 2 == 0;
    if (!keep) turn_ ^= 1;
    return {keep};
  }
  void undo(Move m, Undo u) {
    if (!u.kept_turn) turn_ ^= 1;
    const int coin = m == 0 ? coins_[--left_] : coins_[right_++];
    score_[turn_] -= coin;
  }
  std::uint64_t hash() const {
    return (static_cast<std::uint64_t>(left_) * 1000003u + right_) * 0x9e3779b97f4a7c15ull +
           static_cast<std::uint64_t>(turn_) * 31u +
           static_cast<std::uint64_t>(score_[0] * 7919 + score_[1]) * 0xc2b2ae3d27d4eb4full;
  }
  // The future does not depend on the score: key the table by what is left.
  std::uint64_t tt_key() const { return static_cast<std::uint64_t>(left_) << 32 | right_; }
  int points(int player) const { return score_[player]; }
  bool operator==(const CoinRow&) const = default;

 private:
  std::vector<int> coins_;
  std::size_t left_ = 0, right_;
  int turn_ = 0;
  std::array<int, 2> score_{};
};

// Plain negamax without pruning or tables: the remaining margin for the player to move.
template <TwoPlayerState S>
int minimax(S& s) {
  if (s.is_over()) return 0;
  MovesOf<S> moves;
  s.legal_moves(moves);
  int best = -1 << 30;
  for (const auto& m : moves) {
    const int me = s.to_move();
    const int before = margin(s, me);
    const auto u = s.play(m);
    const int delta = margin(s, me) - before;
    const int v = s.to_move() == me ? delta + minimax(s) : delta - minimax(s);
    s.undo(m, u);
    best = std::max(best, v);
  }
  return best;
}

}  // namespace grundy::search::testing
