#include "grundy/games/subtraction/finite_kernel.h"

#include <string>

#include "grundy/core/error.h"
#include "grundy/games/subtraction/subtraction.h"

namespace grundy::subtraction {

FiniteStream::FiniteStream(const SubtractionSet& s, Rule rule)
    : amounts_(s.listed()), largest_(s.largest()), rule_(rule) {
  if (!s.is_finite() || amounts_.size() >= 64)
    throw LimitError("the streaming kernel needs a finite set of fewer than 64 amounts");
  if (largest_ > kMaxCertifiedWindow)
    throw LimitError("the largest amount " + std::to_string(largest_) + " is above " +
                     std::to_string(kMaxCertifiedWindow) + ", the longest window the search keeps");
  const std::uint64_t size = std::bit_ceil(largest_ + 1);
  ring_.assign(size, 0);
  ring_mask_ = size - 1;
}

}  // namespace grundy::subtraction
