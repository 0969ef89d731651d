#pragma once
// Proven periodicity of finite octal games (the octal periodicity theorem, Guy and Smith 1956;
// Winning Ways ch. 4).
//
// Let t be the position of the last non-zero digit. If G(n + p) = G(n) for every n with
// e <= n <= 2e' + p + t, where e' = max(e, 1), then G(n + p) = G(n) for every n >= e.
// Why: a heap N = n + p with n beyond that range, after removing k <= t tokens, leaves parts
// a >= b with a >= (N - t) / 2 >= e' + p, so a - p >= e' is a non-empty heap with the same
// value (induction), and (a - p, b) is an option of n; conversely every option (a, b) of n has
// a >= e', so (a + p, b) is an option of N. Whole-heap moves need N <= t, which cannot happen.
// Winning Ways writes the range as e <= n < 2e + p + t; we also check n = 2e' + p + t and use
// e' = max(e, 1) (an empty part is not a heap), which only costs a few more values.
// Grundy's game is not a finite octal game (a split may remove nothing and make any sizes), so
// no such theorem applies to it and it is never certified.
#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/core/periodicity.h"
#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/sparse.h"

namespace grundy::octal {

struct PeriodProof {
  Period period;                    // least preperiod and least period, proven
  Period checked;                   // the (e, p) the theorem was applied to
  std::uint64_t t = 0;              // last non-zero digit
  std::uint64_t checked_up_to = 0;  // G(n + p) = G(n) was verified for e <= n <= this
  std::uint64_t values_needed = 0;  // checked_up_to + p + 1
  std::uint64_t values_computed = 0;
};

inline constexpr std::uint64_t kDefaultProofLimit = std::uint64_t{1} << 24;

// Searches the first `limit` values for a period the theorem proves; on success `values` (if
// given) holds every computed value. nullopt: none found within the limit (or Grundy's game).
std::optional<PeriodProof> prove_period(const OctalCode& code,
                                        std::uint64_t limit = kDefaultProofLimit,
                                        std::vector<std::uint32_t>* values = nullptr);

// The proof for values already computed: the first (e, p) that the theorem certifies within
// them, then reduced to the least preperiod and period.
std::optional<PeriodProof> proof_from_values(const OctalCode& code,
                                             const std::vector<std::uint32_t>& values);

// G(n) for any n from the first preperiod + period values and a proof.
inline std::uint32_t periodic_value(const std::vector<std::uint32_t>& values, const Period& p,
                                    std::uint64_t n) {
  return values[periodic_index(p, n)];
}

}  // namespace grundy::octal
