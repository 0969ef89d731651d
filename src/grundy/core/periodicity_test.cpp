#include "grundy/core/periodicity.h"

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <vector>

namespace grundy {
namespace {

// The obviously-correct definition: least p, then least e, with size - e >= 3p.
std::optional<Period> observed_by_definition(const std::vector<std::uint32_t>& v) {
  const std::size_t n = v.size();
  for (std::size_t p = 1; 3 * p <= n; ++p) {
    std::size_t e = n - p;
    while (e > 0 && v[e - 1] == v[e - 1 + p]) --e;
    if (n - e >= 3 * p) return Period{e, p};
  }
  return std::nullopt;
}

TEST(Periodicity, SeedExampleSubtract134) {
  std::vector<std::uint32_t> v;
  const std::uint32_t cycle[] = {0, 1, 0, 1, 2, 3, 2};
  for (int i = 0; i < 30; ++i) v.push_back(cycle[i % 7]);
  EXPECT_EQ(observed_period(v), (Period{0, 7}));
}

TEST(Periodicity, PreperiodIsFound) {
  std::vector<std::uint32_t> v{5, 4, 9};
  for (std::uint32_t i = 0; i < 20; ++i) v.push_back(i % 3);
  EXPECT_EQ(observed_period(v), (Period{3, 3}));
  // Two copies of a block are not enough evidence; three are.
  EXPECT_EQ(observed_period(std::vector<std::uint32_t>{7, 1, 2, 1, 2}), std::nullopt);
  EXPECT_EQ(observed_period(std::vector<std::uint32_t>{7, 1, 2, 1, 2, 1, 2}), (Period{1, 2}));
}

TEST(Periodicity, NoRepetitionNoPeriod) {
  std::vector<std::uint32_t> v;
  for (std::uint32_t i = 0; i < 50; ++i) v.push_back(i);
  EXPECT_EQ(observed_period(v), std::nullopt);
}

TEST(Periodicity, ZFunctionMatchesDefinitionOnRandomSequences) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t len = rng() % 60;
    const auto alphabet = static_cast<std::uint32_t>(1 + rng() % 3);
    std::vector<std::uint32_t> v(len);
    for (auto& x : v) x = static_cast<std::uint32_t>(rng() % alphabet);
    ASSERT_EQ(observed_period(v), observed_by_definition(v)) << "trial " << trial;
  }
}

TEST(Periodicity, LeastPeriodReducesAKnownPeriod) {
  std::vector<std::uint32_t> v{7, 7, 8};
  for (int i = 0; i < 40; ++i) v.push_back(i % 2);
  // Known to hold forever with period 6 from 5: the least is period 2 from 3.
  EXPECT_EQ(least_period(v, Period{5, 6}), (Period{3, 2}));
  EXPECT_EQ(periodic_index(Period{3, 2}, 1'000'000'000'000'000'000ull), 3u + 1);
}

}  // namespace
}  // namespace grundy
