#pragma once
// A set of up to 128 lines (two 64-bit words): the drawn lines of a board.
#include <bit>
#include <cstdint>

#include "grundy/core/bits.h"

namespace grundy::dots {

struct LineSet {
  std::uint64_t lo = 0, hi = 0;

  static LineSet single(int i) {
    LineSet s;
    s.set(i);
    return s;
  }
  bool test(int i) const { return ((i < 64 ? lo : hi) >> (i & 63)) & 1u; }
  void set(int i) { (i < 64 ? lo : hi) |= std::uint64_t{1} << (i & 63); }
  void reset(int i) { (i < 64 ? lo : hi) &= ~(std::uint64_t{1} << (i & 63)); }
  int count() const { return grundy::popcount(lo) + grundy::popcount(hi); }
  bool empty() const { return (lo | hi) == 0; }
  bool contains(const LineSet& o) const { return (lo & o.lo) == o.lo && (hi & o.hi) == o.hi; }
  LineSet operator&(const LineSet& o) const { return {lo & o.lo, hi & o.hi}; }
  LineSet operator|(const LineSet& o) const { return {lo | o.lo, hi | o.hi}; }
  LineSet operator^(const LineSet& o) const { return {lo ^ o.lo, hi ^ o.hi}; }
  LineSet& operator|=(const LineSet& o) {
    lo |= o.lo;
    hi |= o.hi;
    return *this;
  }
  bool operator==(const LineSet&) const = default;

  // Calls f(i) for every member, in increasing order.
  template <class F>
  void for_each(F&& f) const {
    for (std::uint64_t w = lo; w; w &= w - 1) f(std::countr_zero(w));
    for (std::uint64_t w = hi; w; w &= w - 1) f(64 + std::countr_zero(w));
  }
};

}  // namespace grundy::dots
