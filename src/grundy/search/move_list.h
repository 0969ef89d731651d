#pragma once
// A fixed-capacity list of moves: no allocation in move generation (Stockfish's MoveList).
#include <array>
#include <cassert>
#include <cstddef>

namespace grundy::search {

template <class Move, std::size_t Capacity>
class MoveList {
 public:
  using value_type = Move;
  static constexpr std::size_t capacity() { return Capacity; }

  void clear() { size_ = 0; }
  void push_back(const Move& m) {
    assert(size_ < Capacity);
    moves_[size_++] = m;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(const Move& m) const {
    for (std::size_t i = 0; i < size_; ++i)
      if (moves_[i] == m) return true;
    return false;
  }
  // Moves the element at i to the front, shifting the ones before it (keeps their order).
  void move_to_front(std::size_t i) {
    const Move m = moves_[i];
    for (; i > 0; --i) moves_[i] = moves_[i - 1];
    moves_[0] = m;
  }
  // Rotates the moves after the first so that the one at `shift` (1 <= shift < size) comes
  // second: std::rotate(begin() + 1, begin() + shift, end()), written as two indexed loops
  // because GCC 12 cannot see that size() <= Capacity through std::rotate and warns.
  void rotate_tail(std::size_t shift) {
    assert(shift >= 1 && shift < size_);
    const std::size_t n = size_ - 1;
    std::array<Move, Capacity> tail;
    for (std::size_t i = 0; i < n; ++i) tail[i] = moves_[1 + (shift - 1 + i) % n];
    for (std::size_t i = 0; i < n; ++i) moves_[1 + i] = tail[i];
  }

 private:
  std::array<Move, Capacity> moves_{};
  std::size_t size_ = 0;
};

}  // namespace grundy::search
