#include "grundy/core/bits.h"

#include <bit>
#include <cstdint>

#include <gtest/gtest.h>

#include "grundy/testing/kernel_sets.h"

namespace grundy {
namespace {

class Bits : public ::testing::TestWithParam<KernelSet> {};
INSTANTIATE_TEST_SUITE_P(Sets, Bits, ::testing::ValuesIn(supported_kernel_sets()),
                         kernel_set_test_name);

TEST_P(Bits, PopcountEqualsTheStandardOne) {
  ScopedKernelSet use(GetParam());
  std::uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 10000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const std::uint64_t y = x >> (i % 64);
    ASSERT_EQ(popcount(y), std::popcount(y)) << y;
  }
  EXPECT_EQ(popcount(0), 0);
  EXPECT_EQ(popcount(~std::uint64_t{0}), 64);
}

}  // namespace
}  // namespace grundy
