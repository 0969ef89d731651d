#include "grundy/core/mex.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <vector>

namespace grundy {
namespace {

std::uint32_t mex_by_set(const std::vector<std::uint32_t>& v) {
  std::set<std::uint32_t> s(v.begin(), v.end());
  std::uint32_t m = 0;
  while (s.count(m)) ++m;
  return m;
}

TEST(Mex, SmallCases) {
  EXPECT_EQ(mex(std::span<const std::uint32_t>{}), 0u);
  const std::vector<std::uint32_t> a{0, 1, 3};
  EXPECT_EQ(mex(std::span<const std::uint32_t>(a)), 2u);
  const std::vector<std::uint32_t> b{1, 2, 3};
  EXPECT_EQ(mex(std::span<const std::uint32_t>(b)), 0u);
  EXPECT_EQ(mex_of_mask(0b1011), 2u);
  EXPECT_EQ(mex_of_mask(~std::uint64_t{0}), 64u);
}

TEST(Mex, MatchesSetOnRandomLists) {
  std::mt19937_64 rng(7);
  Mex m;
  for (int trial = 0; trial < 5000; ++trial) {
    const std::size_t len = rng() % 300;
    const std::uint32_t range = 1 + static_cast<std::uint32_t>(rng() % 400);
    std::vector<std::uint32_t> v(len);
    for (auto& x : v) x = static_cast<std::uint32_t>(rng() % range);
    ASSERT_EQ(m(std::span<const std::uint32_t>(v)), mex_by_set(v)) << "trial " << trial;
  }
}

}  // namespace
}  // namespace grundy
