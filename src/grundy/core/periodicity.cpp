#include "grundy/core/periodicity.h"

#include <algorithm>
#include <stdexcept>

namespace grundy {
namespace {

// z[i] = length of the longest common prefix of s and s[i..].
std::vector<std::size_t> z_function(const std::vector<std::uint32_t>& s) {
  const std::size_t n = s.size();
  std::vector<std::size_t> z(n, 0);
  if (n == 0) return z;
  z[0] = n;
  std::size_t l = 0, r = 0;
  for (std::size_t i = 1; i < n; ++i) {
    if (i < r) z[i] = std::min(r - i, z[i - l]);
    while (i + z[i] < n && s[z[i]] == s[i + z[i]]) ++z[i];
    if (i + z[i] > r) l = i, r = i + z[i];
  }
  return z;
}

}  // namespace

std::vector<std::uint64_t> least_tail_starts(std::span<const std::uint32_t> values) {
  // Reversed, the periodic tail becomes a prefix: the tail values[e..L) has period p exactly
  // when the reversed prefix of length L - e has period p, i.e. z[p] >= L - e - p.
  const std::vector<std::uint32_t> reversed(values.rbegin(), values.rend());
  const std::vector<std::size_t> z = z_function(reversed);
  const std::size_t size = values.size();
  std::vector<std::uint64_t> starts(size, 0);
  for (std::size_t p = 1; p < size; ++p) starts[p] = size - p - z[p];
  return starts;
}

std::optional<Period> observed_period(std::span<const std::uint32_t> values) {
  const std::vector<std::uint64_t> starts = least_tail_starts(values);
  const std::size_t size = values.size();
  for (std::size_t p = 1; 3 * p <= size; ++p)
    if (size - starts[p] >= 3 * p) return Period{starts[p], p};
  return std::nullopt;
}

Period least_period(std::span<const std::uint32_t> values, Period known) {
  if (known.period == 0 || values.size() < known.preperiod + 2 * known.period)
    throw std::invalid_argument("least_period: values must cover preperiod + 2 * period");
  const auto holds = [&](std::uint64_t from, std::uint64_t d) {
    for (std::uint64_t n = from; n < from + known.period; ++n)
      if (values[n] != values[n + d]) return false;
    return true;
  };
  std::uint64_t best = known.period;
  for (std::uint64_t d = 1; d * d <= known.period; ++d) {
    if (known.period % d != 0) continue;
    if (holds(known.preperiod, d)) {
      best = d;
      break;
    }
    const std::uint64_t q = known.period / d;
    if (q < best && holds(known.preperiod, q)) best = q;
  }
  std::uint64_t e = known.preperiod;
  while (e > 0 && values[e - 1] == values[e - 1 + best]) --e;
  return Period{e, best};
}

}  // namespace grundy
