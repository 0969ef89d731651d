#include "grundy/core/hex.h"

#include <gtest/gtest.h>

namespace grundy {
namespace {

// Checkpoint tags and keys written by earlier versions are compared with this form.
TEST(Hex64, SixteenLowerCaseDigitsZeroPadded) {
  EXPECT_EQ(hex64(0), "0000000000000000");
  EXPECT_EQ(hex64(0xdeadbeefu), "00000000deadbeef");
  EXPECT_EQ(hex64(~std::uint64_t{0}), "ffffffffffffffff");
}

}  // namespace
}  // namespace grundy
