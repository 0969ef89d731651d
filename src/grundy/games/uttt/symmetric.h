#pragma once
// A Board that also keeps the Zobrist hashes of its eight images under the symmetries of the
// square (tables.h), so that its table key, the least of the eight, is the same for every
// position of a symmetry class. Proof-number search uses it: a proof for one position serves
// its mirror images (from the empty board, the opening's symmetric lines are searched once).
//
// Each image's hash is updated with the image of each change (cell c becomes sigma(c), board b
// sigma(b)), so a move costs eight small updates instead of a recomputation.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "grundy/games/uttt/board.h"

namespace grundy::uttt {

namespace detail {
constexpr std::array<std::array<std::uint8_t, kCells>, 8> make_symmetric_moves() {
  std::array<std::array<std::uint8_t, kCells>, 8> t{};
  for (int s = 0; s < 8; ++s)
    for (int m = 0; m < kCells; ++m)
      t[s][m] = static_cast<std::uint8_t>(9 * kSymmetry[s][m / 9] + kSymmetry[s][m % 9]);
  return t;
}
}  // namespace detail
// kSymmetricMove[s][m]: the image of move m under symmetry s.
inline constexpr auto kSymmetricMove = detail::make_symmetric_moves();

class SymmetricBoard {
 public:
  using Move = Board::Move;
  using Undo = Board::Undo;
  static constexpr std::size_t kMaxMoves = Board::kMaxMoves;
  static constexpr int kPointScale = Board::kPointScale;

  explicit SymmetricBoard(const Board& b = Board()) : board_(b) {
    for (int s = 0; s < 8; ++s) hashes_[s] = b.transformed(s).hash();
  }

  const Board& board() const { return board_; }

  int to_move() const { return board_.to_move(); }
  bool is_over() const { return board_.is_over(); }
  void legal_moves(Board::Moves& out) const { board_.legal_moves(out); }
  Undo play(Move m) {
    const int me = board_.to_move();
    const int forced_before = board_.forced_board();
    const unsigned owned_before = board_.owned(me);
    const Undo u = board_.play(m);
    update(m, me, forced_before, owned_before);
    return u;
  }
  void undo(Move m, Undo u) {
    const int me = 1 - board_.to_move();
    const int forced_now = board_.forced_board();
    const unsigned owned_now = board_.owned(me);
    board_.undo(m, u);
    update(m, me, board_.forced_board(), board_.owned(me), forced_now, owned_now);
  }
  std::uint64_t hash() const { return board_.hash(); }
  std::uint64_t tt_key() const { return *std::min_element(hashes_.begin(), hashes_.end()); }
  int points(int player) const { return board_.points(player); }
  bool operator==(const SymmetricBoard& o) const { return board_ == o.board_; }

  bool static_value(int& v) const { return board_.static_value(v); }
  int move_count() const { return board_.move_count(); }

  // For tests: the hash of image s, as kept incrementally.
  std::uint64_t image_hash(int s) const { return hashes_[s]; }

 private:
  // The change of one move by `me` (forced board and owned boards before it, and now).
  void update(Move m, int me, int forced_before, unsigned owned_before) {
    update(m, me, forced_before, owned_before, board_.forced_board(), board_.owned(me));
  }
  void update(Move m, int me, int forced_a, unsigned owned_a, int forced_b, unsigned owned_b) {
    const ZobristKeys& z = zobrist();
    const unsigned changed = owned_a ^ owned_b;  // at most one board
    const int board = changed ? std::countr_zero(changed) : -1;
    for (int s = 0; s < 8; ++s) {
      const auto& sigma = kSymmetry[s];
      std::uint64_t h = z.cell[me][kSymmetricMove[s][m]] ^ z.turn;
      h ^= z.forced[forced_a == kAnyBoard ? kAnyBoard : sigma[forced_a]];
      h ^= z.forced[forced_b == kAnyBoard ? kAnyBoard : sigma[forced_b]];
      if (board >= 0) h ^= z.owner[me][sigma[board]];
      hashes_[s] ^= h;
    }
  }

  Board board_;
  std::array<std::uint64_t, 8> hashes_{};
};

}  // namespace grundy::uttt
