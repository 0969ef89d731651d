#pragma once
// Proven periodicity of finite octal and hexadecimal games (the periodicity theorem of Guy and
// Smith 1956, Winning Ways ch. 4, with its bound taken from the number of heaps a move leaves).
//
// Let t be the position of the last non-zero digit and h >= 2 the most heaps one move may leave
// (2 for octal codes, 3 for hexadecimal digits 8-f; codes without splits are checked as h = 2).
// If G(n + p) = G(n) for every n with e <= n <= h*e' + (h-1)*p + t, where e' = max(e, 1), then
// G(n + p) = G(n) for every n >= e.
// Why, by induction on N = n + p with n beyond that range: for every k <= t, N - k >=
// h*(e' + p) + 1, so a move removing k leaves parts whose largest, a, is at least
// ceil((N - k) / h) >= e' + p + 1; a - p > e' is then a heap below n with G(a - p) = G(a) (the
// checked range or the induction), and replacing a by a - p gives an option of n with the same
// xor. Conversely n - k >= h*e' + 1, so the largest part of every option of n is above e', and
// adding p to it gives an option of N with the same xor. Whole-heap moves need N <= t, which
// cannot happen. So the option sets have the same values and G(N) = G(n).
// For h = 2 this is Winning Ways' e <= n < 2e + p + t, checked one value further and with
// e' = max(e, 1) (an empty part is not a heap). A move that leaves three heaps makes the largest
// part only a third of the heap, so hexadecimal codes need the longer check; period_test.cpp
// shows a code whose values pass the two-heap check and then stop repeating.
// Grundy's game is not a finite octal game (a split may remove nothing and make any sizes), so
// no such theorem applies to it and it is never certified.
#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/core/periodicity.h"
#include "grundy/games/octal/control.h"
#include "grundy/games/octal/octal_code.h"

namespace grundy::octal {

struct PeriodProof {
  Period period;                    // least preperiod and least period, proven
  Period checked;                   // the (e, p) the theorem was applied to
  std::uint64_t t = 0;              // last non-zero digit
  std::uint64_t heaps = 2;          // h: the bound's factor
  std::uint64_t checked_up_to = 0;  // G(n + p) = G(n) was verified for e <= n <= this
  std::uint64_t values_needed = 0;  // checked_up_to + p + 1
  std::uint64_t values_computed = 0;
  std::uint32_t mask = 0;  // the engine's rare/common mask when the proof was found (or 0)
};

inline constexpr std::uint64_t kDefaultProofLimit = std::uint64_t{1} << 24;

// The theorem's factor h for a code.
std::uint64_t bound_heaps(const OctalCode& code);

// Searches the first `limit` values for a period the theorem proves, in doubling rounds from 256;
// between two rounds it also checks at the least count that the periods seen so far could be
// proven with (a tail only gets longer to check as values are added, so no proof exists below
// it), which proves .354 with 2.0e7 values rather than the 2^25 of the next round. On success
// `values` (if given) holds every computed value. nullopt: none found within the limit
// (and `values` holds them all), or Grundy's game.
std::optional<PeriodProof> prove_period(const OctalCode& code,
                                        std::uint64_t limit = kDefaultProofLimit,
                                        std::vector<std::uint32_t>* values = nullptr,
                                        EngineOptions options = {}, const Control& control = {});

// The proof for values already computed: the first (e, p) that the theorem certifies within
// them, then reduced to the least preperiod and period. Without one, `least_needed` (if given)
// is the fewest values that any p <= size / 2 could be proven with: each p's least tail start
// can only move up as values are added, so its count only grows (UINT64_MAX when none).
std::optional<PeriodProof> proof_from_values(const OctalCode& code,
                                             const std::vector<std::uint32_t>& values,
                                             std::uint64_t* least_needed = nullptr);

// G(n) for any n from the first preperiod + period values and a proof.
inline std::uint32_t periodic_value(const std::vector<std::uint32_t>& values, const Period& p,
                                    std::uint64_t n) {
  return values[periodic_index(p, n)];
}

}  // namespace grundy::octal
