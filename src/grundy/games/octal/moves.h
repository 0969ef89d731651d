#pragma once
// The moves of one heap, straight from the definition. The plain path, the multi-heap solver and
// the winning-move listings all use this, so they share one reading of the code.
#include <cstdint>

#include "grundy/games/octal/octal_code.h"

namespace grundy::octal {

// Calls f(Move) for every option of a heap of n: a >= b >= c, c = 0 for two heaps left, b = 0
// for one, a = 0 for none. `max_split` bounds the smallest part of splits (b of two-heap splits,
// c of three-heap ones; all splits by default).
template <class F>
void for_each_move(const OctalCode& code, std::uint64_t n, F&& f,
                   std::uint64_t max_split = ~std::uint64_t{0}) {
  for (std::size_t k = 0; k <= code.last() && k <= n; ++k) {
    const std::uint32_t d = code.digit(k);
    const std::uint64_t rest = n - k;
    if ((d & kLeaveNone) && rest == 0 && k > 0) f(Move{k, 0, 0});
    if ((d & kLeaveOne) && rest > 0 && k > 0) f(Move{k, rest, 0});
    if ((d & kLeaveTwo) && rest >= 2) {
      for (std::uint64_t b = 1; 2 * b <= rest && b <= max_split; ++b) {
        if (code.is_grundy() && 2 * b == rest) continue;
        f(Move{k, rest - b, b, 0});
      }
    }
    if ((d & kLeaveThree) && rest >= 3) {
      for (std::uint64_t c = 1; 3 * c <= rest && c <= max_split; ++c)
        for (std::uint64_t b = c; b + b <= rest - c; ++b) f(Move{k, rest - c - b, b, c});
    }
  }
}

}  // namespace grundy::octal
