#include "grundy/search/uct_select.h"

#include <cmath>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/search/random.h"
#include "grundy/testing/kernel_sets.h"

namespace grundy::search {
namespace {

using Node = MctsNode<std::uint8_t, std::uint8_t>;

TEST(UctSelect, FastLogIsCloseToTheLogarithm) {
  for (std::uint32_t n : {1u, 2u, 3u, 10u, 1000u, 123456u, 4000000000u})
    EXPECT_NEAR(fast_log(n), std::log(static_cast<double>(n)), 2e-3 * std::log(n + 2.0)) << n;
}

TEST(UctSelect, InvSqrtIsCloseToTheSquareRootsInverse) {
  // Every power of two and its neighbours up to 2^32, and a sweep of small counts.
  std::vector<double> xs;
  for (int e = 0; e < 32; ++e)
    for (double d : {-1.0, 0.0, 1.0}) xs.push_back(std::max(1.0, std::ldexp(1.0, e) + d));
  for (int n = 1; n < 5000; ++n) xs.push_back(n);
  for (double x : xs) {
    const double want = 1 / std::sqrt(static_cast<double>(static_cast<float>(x)));
    EXPECT_NEAR(inv_sqrt(static_cast<float>(x)) / want, 1.0, 1e-5) << x;
  }
}

// Children as a search meets them: most visited, some never, some proven, some with bounds that
// cannot beat the parent's; visit counts from 1 to 2^30 (the conversions' edge cases) and ties.
std::vector<Node> random_children(Rng& rng, std::uint32_t count) {
  std::vector<Node> v(count + kUctSelectOverread);
  const std::uint32_t scale = 1u << rng.below(31);
  for (std::uint32_t k = 0; k < v.size(); ++k) {
    Node& n = v[k];
    n.move = static_cast<std::uint8_t>(k);
    const std::uint32_t kind = rng.below(16);
    n.visits = kind == 0 ? 0 : kind == 1 ? 7 : 1 + rng.below(scale);
    n.score2 = kind == 1 ? 7 : rng.below(2 * n.visits + 1);
    if (rng.below(3) == 0) {  // some bounds: lo in {-1, 0}, hi in [lo, 1]
      const int lo = static_cast<int>(rng.below(2)) - 1;
      n.lo = static_cast<std::int8_t>(lo);
      n.hi = static_cast<std::int8_t>(
          lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(2 - lo))));
    }
  }
  return v;
}

// Every kernel set this CPU runs against the plain loop.
class UctSelectSets : public ::testing::TestWithParam<KernelSet> {};
INSTANTIATE_TEST_SUITE_P(Sets, UctSelectSets, ::testing::ValuesIn(supported_kernel_sets()),
                         kernel_set_test_name);

TEST_P(UctSelectSets, TheSelectionEqualsThePlainLoop) {
  Rng rng(17);
  int chosen = 0, none = 0;
  for (int trial = 0; trial < 50000; ++trial) {
    const std::uint32_t count = 1 + rng.below(trial % 4 == 0 ? 81 : 12);
    const auto children = random_children(rng, count);
    const float c = static_cast<float>(rng.below(4)) * 0.5f *
                    std::sqrt(fast_log(1 + rng.below(1u << rng.below(31))));
    const int parent_lo = static_cast<int>(rng.below(3)) - 1;
    const int want = uct_select_scalar(children.data(), count, c, parent_lo);
    ASSERT_EQ(uct_select(GetParam(), children.data(), count, c, parent_lo), want)
        << "trial " << trial << " count " << count;
    (want < 0 ? none : chosen) += 1;
  }
  EXPECT_GT(chosen, 1000);
  EXPECT_GT(none, 100);
}

TEST_P(UctSelectSets, UnvisitedChildrenComeFirstInOrderAndProvenOnesNever) {
  const KernelSet set = GetParam();
  const auto select = [set](const Node* child, std::uint32_t count, float c, int lo) {
    return search::uct_select(set, child, count, c, lo);
  };
  std::vector<Node> v(10 + kUctSelectOverread);
  for (auto& n : v) n.visits = 5, n.score2 = 5;
  v[3].visits = v[3].score2 = 0;
  v[6].visits = v[6].score2 = 0;
  EXPECT_EQ(select(v.data(), 10, 1.0f, -1), 3);
  v[3].lo = v[3].hi = 1;  // proven: never sampled again
  EXPECT_EQ(select(v.data(), 10, 1.0f, -1), 6);
  v[6].hi = 0;  // cannot beat a parent already sure of a draw
  EXPECT_EQ(select(v.data(), 10, 1.0f, 0), uct_select_scalar(v.data(), 10, 1.0f, 0));
  EXPECT_NE(select(v.data(), 10, 1.0f, 0), 6);
  v[9].score2 = 10;  // the best mean among equals
  EXPECT_EQ(select(v.data(), 10, 0.0f, 0), 9);
  for (auto& n : v) n.hi = 0;
  EXPECT_EQ(select(v.data(), 10, 1.0f, 0), -1);
}

}  // namespace
}  // namespace grundy::search
