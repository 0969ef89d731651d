#include "grundy/search/fast_divisor.h"

#include <gtest/gtest.h>

#include "grundy/search/random.h"

namespace grundy::search {
namespace {

// Against the divide instruction: divisors of every size (powers of two and their neighbours,
// random ones, the bucket counts of tables from 64 bytes to 16 GiB), dividends at the edges
// (0, multiples of d and their neighbours, 2^63 - 1) and random ones of every size.
TEST(FastDivisor, EqualsDivisionForEveryDividendBelow2To63) {
  Rng rng(9);
  std::vector<std::uint64_t> divisors = {1, 2, 3, 5, 7, 1000, 3 * (std::uint64_t{1} << 26)};
  for (int k = 1; k < 63; ++k) {
    const std::uint64_t p = std::uint64_t{1} << k;
    divisors.insert(divisors.end(), {p - 1, p, p + 1});
  }
  for (int i = 0; i < 300; ++i) divisors.push_back(1 + (rng() >> (1 + rng.below(63))));
  const std::uint64_t top = (std::uint64_t{1} << 63) - 1;
  for (const std::uint64_t d : divisors) {
    const FastDivisor f(d);
    std::vector<std::uint64_t> n = {0, 1, d - 1, d, d + 1, top, top - 1, top - d};
    for (const std::uint64_t q : {std::uint64_t{2}, std::uint64_t{3}, top / d, top / d - 1})
      if (q <= top / d) n.insert(n.end(), {q * d - 1, q * d, q * d + 1});
    for (int i = 0; i < 2000; ++i) n.push_back((rng() >> 1) >> rng.below(63));
    for (const std::uint64_t x : n) {
      if (x > top) continue;
      ASSERT_EQ(f.quotient(x), x / d) << x << " / " << d;
    }
  }
}

}  // namespace
}  // namespace grundy::search
