#pragma once
// Listing the moves of one heap that pass a test (a winning move in a sum, normal or misère),
// bounded, with a count. When the heap is past the computed values and the per-heap quantity the
// test reads (G, or a misère quotient element) is periodic with period p from e, a two-heap split
// whose smaller part b is at least e stands for every b + j*p up to the middle of the heap: both
// parts stay in the periodic range and shift by multiples of p, so the test gives the same answer.
// Only the first of each such family is tested and listed; the count includes all of them.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/core/periodicity.h"
#include "grundy/games/octal/moves.h"

namespace grundy::octal {

// Three-heap splits of a heap of n number about n^2 / 12: they are listed for heaps up to this.
inline constexpr std::uint64_t kMaxTripleHeap = 20000;

struct MoveListing {
  std::vector<Move> moves;  // listed, at most the bound given
  std::uint64_t total = 0;  // every accepted move, families counted in full
  bool complete = true;     // every accepted move is in `moves`, one by one
  bool counted = true;      // `total` counts them all (false: the heap was not examined)
  bool families = false;    // some listed split stands for a family (see above)
};

// `periodic`: the period of the tested quantity when n is past the computed values (nullopt: n
// is within them and every move is tested).
template <class Accept>
void list_moves(const OctalCode& code, std::uint64_t n, const std::optional<Period>& periodic,
                Accept&& accept, MoveListing& out, std::size_t max_listed) {
  if (code.max_parts() > 2 && n > kMaxTripleHeap) {
    out.complete = false;
    out.counted = false;
    return;
  }
  const bool fold = periodic.has_value() && code.max_parts() <= 2;
  const std::uint64_t max_split =
      fold ? periodic->preperiod + periodic->period - 1 : ~std::uint64_t{0};
  for_each_move(
      code, n,
      [&](const Move& m) {
        if (!accept(m)) return;
        std::uint64_t copies = 1;
        if (fold && m.c == 0 && m.b > 0 && m.b >= periodic->preperiod) {
          const std::uint64_t rest = m.a + m.b;
          const std::uint64_t top = code.is_grundy() ? (rest - 1) / 2 : rest / 2;
          copies = (top - m.b) / periodic->period + 1;
          if (copies > 1) {
            out.complete = false;
            out.families = true;
          }
        }
        out.total += copies;
        if (out.moves.size() < max_listed)
          out.moves.push_back(m);
        else
          out.complete = false;
      },
      max_split);
}

}  // namespace grundy::octal
