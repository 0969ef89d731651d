#include "grundy/core/dyadic.h"

#include <gtest/gtest.h>

#include "grundy/core/error.h"

namespace grundy {
namespace {

TEST(Dyadic, SimplestBetween) {
  const Dyadic zero, one = Dyadic::integer(1), half = Dyadic::make(1, 1);
  EXPECT_EQ(simplest_between(nullptr, nullptr), zero);
  EXPECT_EQ(simplest_between(&zero, nullptr), one);
  EXPECT_EQ(simplest_between(nullptr, &zero), Dyadic::integer(-1));
  EXPECT_EQ(simplest_between(&zero, &one), half);
  EXPECT_EQ(simplest_between(&half, &one), Dyadic::make(3, 2));
  const Dyadic a = Dyadic::make(5, 3), b = Dyadic::integer(3);  // 5/8 < x < 3
  EXPECT_EQ(simplest_between(&a, &b), one);
  const Dyadic m = Dyadic::make(-7, 2), n = Dyadic::make(-3, 1);  // -7/4 < x < -3/2
  EXPECT_EQ(simplest_between(&m, &n), Dyadic::make(-13, 3));
  EXPECT_EQ(Dyadic::make(7, 2).to_string(), "7/4");
  EXPECT_EQ(Dyadic::make(-6, 1).to_string(), "-3");
}

TEST(Dyadic, PrecisionIsBounded) {
  EXPECT_NO_THROW(Dyadic::make(1, 60) + Dyadic::integer(1));
  EXPECT_THROW(Dyadic::make(1, 60) + Dyadic::integer(std::int64_t{1} << 20), LimitError);
  EXPECT_THROW(Dyadic::make(1, 61), LimitError);
}

}  // namespace
}  // namespace grundy
