#pragma once
// The strings-and-coins graph the exact solver searches, in fixed arrays of 64-bit masks (at
// most 64 strings), with what the search needs precomputed: the board's symmetries as byte
// tables, the classes of parallel strings (a corner box's two edge lines are interchangeable),
// and a centre-out order of the strings.
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "grundy/core/bits.h"

namespace grundy::dots {

class DotsState;

struct SolverGraph {
  int strings = 0;
  int coins = 0;
  std::array<std::uint64_t, 64> coin_strings{};       // coin -> its strings
  std::array<std::array<std::int8_t, 2>, 64> ends{};  // string -> coins (-1: ground)
  std::array<int, 64> line{};                         // string -> board line
  std::array<std::uint8_t, 64> centre_order{};        // strings, centre first
  std::array<std::uint8_t, 64> centre_rank{};         // string -> place in that order
  // Symmetries other than the identity, as 8 byte tables each (string i -> bit perm[i]).
  std::vector<std::array<std::array<std::uint64_t, 256>, 8>> symmetries;
  // The same permutations string by string: image_bit[i][s] = bit perm_i[s] (what a state
  // clears in its images when it draws string s).
  static constexpr std::size_t kMaxSymmetries = 7;
  std::array<std::array<std::uint64_t, 64>, kMaxSymmetries> image_bit{};
  // Parallel strings (same coin, both to the ground): within a class only how many are
  // undrawn matters, so a key keeps the lowest ones.
  struct Parallel {
    std::uint64_t mask;
    std::array<std::uint64_t, 5> lowest;  // lowest[k]: the k lowest strings of the class
  };
  std::vector<Parallel> parallel;
  // The same classes for normalise(): those of two strings {s, s + shift} grouped by shift (one
  // group handles all its pairs with a few word operations), the larger ones in `wide`.
  struct PairGroup {
    std::uint64_t low = 0;  // the lower string of each pair
    int shift = 0;
  };
  std::array<PairGroup, 8> pair_groups{};
  int pair_group_count = 0;
  std::uint64_t pair_keep = ~std::uint64_t{0};  // every string outside the pairs
  std::vector<Parallel> wide;

  // The whole board when it has at most 64 lines (strings are line indices, with symmetries),
  // else the undrawn lines of `s` (LimitError beyond 64), without symmetries.
  // `compact` forces the second form on any board (for tests of big-board play).
  static SolverGraph of(const DotsState& s, bool use_symmetry = true, bool compact = false);
  // The present-strings mask of s in this graph.
  std::uint64_t present_of(const DotsState& s) const;

  std::uint64_t normalise(std::uint64_t present) const {
    // Per pair: one undrawn string becomes the lower one, two stay two. The classes are
    // disjoint, so every group reads the original mask (no chain from group to group).
    std::uint64_t out = present & pair_keep;
    for (int i = 0; i < pair_group_count; ++i) {
      const PairGroup& q = pair_groups[i];
      const std::uint64_t lo = present & q.low, hi = (present >> q.shift) & q.low;
      out |= lo | hi | ((lo & hi) << q.shift);
    }
    present = out;
    for (const auto& p : wide) {
      const std::uint64_t in = present & p.mask;
      present = (present & ~p.mask) | p.lowest[grundy::popcount(in)];
    }
    return present;
  }
  std::uint64_t apply(std::size_t sym, std::uint64_t present) const {
    const auto& t = symmetries[sym];
    std::uint64_t out = 0;
    for (int k = 0; k < 8; ++k) out |= t[k][(present >> (8 * k)) & 0xff];
    return out;
  }
  // The least normalised image of `present` under the symmetries: the transposition key.
  std::uint64_t canonical(std::uint64_t present) const {
    std::uint64_t best = normalise(present);
    for (std::size_t i = 0; i < symmetries.size(); ++i) {
      const std::uint64_t k = normalise(apply(i, present));
      if (k < best) best = k;
    }
    return best;
  }
};

}  // namespace grundy::dots
