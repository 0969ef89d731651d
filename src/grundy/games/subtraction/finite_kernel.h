#pragma once
// The hot loop for finite subtraction sets: values in a ring buffer of the last max(S) values,
// each stored as a one-hot mask (1 << G) so that the mex of the options is a few ORs and one
// count-trailing-ones: a bit-parallel mex with no allocation per n.
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

 private:
  std::vector<std::uint64_t> amounts_;
  std::uint64_t largest_;
  Rule rule_;
  std::vector<std::uint64_t> ring_;
  std::uint64_t ring_mask_;
  std::uint64_t n_ = 0;
};

}  // namespace grundy::subtraction
