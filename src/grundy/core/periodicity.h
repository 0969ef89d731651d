#pragma once
// Periodicity of value sequences: G(n + p) = G(n) for all n >= e (preperiod e, period p).
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace grundy {

struct Period {
  std::uint64_t preperiod = 0;  // e: the first index from which the sequence repeats
  std::uint64_t period = 0;     // p >= 1
  bool operator==(const Period&) const = default;
};

// For every p in [1, size): the least e such that values[e..size) has period p, i.e.
// values[n + p] = values[n] for e <= n < size - p (e = size - p when the last p values do not
// repeat at all). Entry 0 is unused. Linear time: the Z-function of the reversed sequence.
std::vector<std::uint64_t> least_tail_starts(std::span<const std::uint32_t> values);

// The least period p, and the least preperiod for it, that the observed values show repeated at
// least twice after its first occurrence: G(n + p) = G(n) for e <= n < size - p, size - e >= 3p.
// Linear time (Z-function of the reversed sequence). Evidence only: a finite prefix never
// proves periodicity on its own. nullopt when no period has a full repetition.
std::optional<Period> observed_period(std::span<const std::uint32_t> values);

// Given a period that is known to hold forever (certified by other means) and values covering
// at least [0, known.preperiod + 2 * known.period), returns the least period and the least
// preperiod of the infinite sequence: the least period divides every period, and one period's
// worth of agreement extends forever because `known` holds forever.
Period least_period(std::span<const std::uint32_t> values, Period known);

// G(n) of an eventually periodic sequence from its first preperiod + period values, in O(1).
inline std::uint64_t periodic_index(Period p, std::uint64_t n) {
  if (n < p.preperiod) return n;
  return p.preperiod + (n - p.preperiod) % p.period;
}

}  // namespace grundy
