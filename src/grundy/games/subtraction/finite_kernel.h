#pragma once
// The hot loop for finite subtraction sets: values in a ring buffer of the last max(S) values,
// each stored as a one-hot mask (1 << G) so that the mex of the options is a few ORs and one
// count-trailing-ones: a bit-parallel mex with no allocation per n.
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "grundy/core/mex.h"
#include "grundy/core/outcome.h"
#include "grundy/games/subtraction/subtraction_set.h"

namespace grundy::subtraction {

class FiniteStream {
 public:
  // Requires a finite set with fewer than 64 amounts (values are then below 64).
  FiniteStream(const SubtractionSet& s, Rule rule);

  std::uint64_t position() const { return n_; }  // the n that next() computes
  std::uint32_t next() {
    std::uint64_t mask = 0;
    std::uint32_t g;
    if (n_ >= largest_) {
      for (std::uint64_t k : amounts_) mask |= ring_[(n_ - k) & ring_mask_];
      g = mex_of_mask(mask);
    } else {
      bool any = false;
      for (std::uint64_t k : amounts_)
        if (k <= n_) mask |= ring_[(n_ - k) & ring_mask_], any = true;
      g = (!any && rule_ == Rule::misere) ? 1 : mex_of_mask(mask);
    }
    ring_[n_ & ring_mask_] = std::uint64_t{1} << g;
    ++n_;
    return g;
  }
  // G(position() - 1 - back) for back < max(S).
  std::uint32_t recent(std::uint64_t back) const {
    return static_cast<std::uint32_t>(std::countr_zero(ring_[(n_ - 1 - back) & ring_mask_]));
  }

  // Calls sink(G(n)) for the next `count` values: the same sequence as `count` calls of next(),
  // with the state in registers and, for up to 8 amounts, the option loop unrolled.
  template <class Sink>
  void generate(std::uint64_t count, Sink&& sink) {
    const std::uint64_t stop = n_ + count;
    while (n_ < stop && n_ < largest_) sink(next());
    switch (amounts_.size()) {
      case 1:
        return steady<1>(stop, sink);
      case 2:
        return steady<2>(stop, sink);
      case 3:
        return steady<3>(stop, sink);
      case 4:
        return steady<4>(stop, sink);
      case 5:
        return steady<5>(stop, sink);
      case 6:
        return steady<6>(stop, sink);
      case 7:
        return steady<7>(stop, sink);
      case 8:
        return steady<8>(stop, sink);
      default:
        while (n_ < stop) sink(next());
    }
  }

 private:
  // Every amount is available (n >= max S): no bounds checks, no misère special case.
  template <std::size_t K, class Sink>
  void steady(std::uint64_t stop, Sink& sink) {
    std::array<std::uint64_t, K> k;
    for (std::size_t i = 0; i < K; ++i) k[i] = amounts_[i];
    std::uint64_t* const ring = ring_.data();
    const std::uint64_t mask = ring_mask_;
    std::uint64_t n = n_;
    for (; n < stop; ++n) {
      std::uint64_t seen = 0;
      for (std::size_t i = 0; i < K; ++i) seen |= ring[(n - k[i]) & mask];
      const std::uint32_t g = mex_of_mask(seen);
      ring[n & mask] = std::uint64_t{1} << g;
      sink(g);
    }
    n_ = n;
  }

  std::vector<std::uint64_t> amounts_;
  std::uint64_t largest_;
  Rule rule_;
  std::vector<std::uint64_t> ring_;
  std::uint64_t ring_mask_;
  std::uint64_t n_ = 0;
};

}  // namespace grundy::subtraction
