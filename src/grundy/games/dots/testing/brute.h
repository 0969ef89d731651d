#pragma once
// Obviously-correct references for the tests: Dots and Boxes by exhaustive dynamic programming
// over every set of drawn lines (no pruning, no bounds), and Nimstring by plain search of the
// game plus a Nim heap.
#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "grundy/games/dots/board.h"
#include "grundy/games/dots/coins.h"

namespace grundy::dots::testing {

// value(drawn) = the best margin of the boxes still to be won for the player to move.
class BruteDots {
 public:
  explicit BruteDots(const Board& b) : b_(b), memo_(std::size_t{1} << b.lines(), kUnknown) {}

  int value(std::uint64_t drawn) {
    if (drawn == full()) return 0;
    auto& slot = memo_[drawn];
    if (slot != kUnknown) return slot;
    int best = -1000;
    for (int l = 0; l < b_.lines(); ++l)
      if (!((drawn >> l) & 1)) best = std::max(best, move_value(drawn, l));
    slot = static_cast<std::int8_t>(best);
    return best;
  }
  int move_value(std::uint64_t drawn, int l) {
    const std::uint64_t next = drawn | std::uint64_t{1} << l;
    int completed = 0;
    for (int box : b_.boxes_of(l))
      if (box >= 0 && (b_.box_lines(box).lo & next) == b_.box_lines(box).lo) ++completed;
    return completed ? completed + value(next) : -value(next);
  }
  std::vector<int> best(std::uint64_t drawn) {
    std::vector<int> out;
    const int v = value(drawn);
    for (int l = 0; l < b_.lines(); ++l)
      if (!((drawn >> l) & 1) && move_value(drawn, l) == v) out.push_back(l);
    return out;
  }
  std::uint64_t full() const { return b_.all_lines().lo; }

 private:
  static constexpr std::int8_t kUnknown = -128;
  const Board& b_;
  std::vector<std::int8_t> memo_;
};

// Whether the player to move wins Nimstring on `present` plus a Nim heap of `heap`.
class BruteNimstring {
 public:
  explicit BruteNimstring(const Coins& g) : g_(g) {}
  bool wins(std::uint64_t present, int heap) {
    const std::uint64_t key = present * 131 + static_cast<std::uint64_t>(heap);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool win = false;
    for (int h = 0; h < heap && !win; ++h) win = !wins(present, h);
    for (std::uint64_t p = present; p && !win; p &= p - 1) {
      const int s = std::countr_zero(p);
      const std::uint64_t next = present & ~(std::uint64_t{1} << s);
      bool captured = false;
      for (int c : g_.ends[s])
        if (c != kGround && (g_.strings_of[c] & next) == 0) captured = true;
      win = captured ? wins(next, heap) : !wins(next, heap);
    }
    memo_.emplace(key, win);
    return win;
  }
  // The nimber n with present + *n a loss for the mover, or -1 (loony) if none up to `limit`.
  int value(std::uint64_t present, int limit = 12) {
    for (int n = 0; n <= limit; ++n)
      if (!wins(present, n)) return n;
    return -1;
  }

 private:
  const Coins& g_;
  absl::flat_hash_map<std::uint64_t, bool> memo_;
};

}  // namespace grundy::dots::testing
