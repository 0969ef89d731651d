#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/games/octal/kernels.h"

namespace grundy::octal {
namespace {

std::vector<Value> random_values(std::mt19937_64& rng, std::size_t size, unsigned bits) {
  std::vector<Value> g(size + 64, 0);
  for (std::size_t i = 0; i < size; ++i) g[i] = static_cast<Value>(rng() & ((1u << bits) - 1));
  return g;
}

TEST(OctalKernels, MarkRowsMatchesReference) {
  std::mt19937_64 rng(1);
  for (unsigned bits : {1u, 5u, 9u, 10u, 11u}) {
    const auto g = random_values(rng, 5000, bits);
    const std::size_t stride = ((std::size_t{1} << bits) + 1 + 63) / 64 * 64;
    for (std::size_t rows : {1u, 7u, 31u, 32u}) {
      std::vector<std::uint64_t> pos;
      std::vector<Value> val;
      for (int e = 0; e < 37; ++e) {
        pos.push_back(1 + rng() % 2000);
        val.push_back(static_cast<Value>(rng() & ((1u << bits) - 1)));
      }
      std::vector<std::uint8_t> a(32 * stride, 0), b(32 * stride, 0);
      kernels::mark_rows(a.data(), stride, rows, g.data(), 3000, pos.data(), val.data(),
                         pos.size());
      kernels::mark_rows_reference(b.data(), stride, rows, g.data(), 3000, pos.data(), val.data(),
                                   pos.size());
      ASSERT_EQ(a, b) << "bits " << bits << " rows " << rows;
    }
  }
}

TEST(OctalKernels, FindNeededMatchesReference) {
  std::mt19937_64 rng(2);
  for (unsigned bits : {1u, 3u, 6u, 9u, 10u, 11u, 12u, 13u}) {
    const auto g = random_values(rng, 4000, bits);
    const std::size_t words = std::max<std::size_t>(16, (std::size_t{1} << bits) / 64 + 1);
    for (int trial = 0; trial < 200; ++trial) {
      std::vector<std::uint64_t> need(words, 0);
      std::uint64_t remaining = 0;
      const int wanted = static_cast<int>(rng() % 6);
      for (int w = 0; w < wanted; ++w) {
        const unsigned x = static_cast<unsigned>(rng() & ((1u << bits) - 1));
        if (!((need[x >> 6] >> (x & 63)) & 1)) ++remaining;
        need[x >> 6] |= std::uint64_t{1} << (x & 63);
      }
      const std::uint64_t lo = 1 + rng() % 500, count = rng() % 300;
      const std::uint64_t hi = lo + 2 * count + rng() % 1000;
      auto need2 = need;
      auto remaining2 = remaining;
      const auto a = kernels::find_needed(g.data(), lo, hi, count, need.data(), bits, &remaining);
      const auto b =
          kernels::find_needed_reference(g.data(), lo, hi, count, need2.data(), bits, &remaining2);
      ASSERT_EQ(a, b) << "bits " << bits << " trial " << trial;
      ASSERT_EQ(remaining, remaining2);
      ASSERT_EQ(need, need2);
    }
  }
}

TEST(OctalKernels, TestCandidatesMatchesReference) {
  std::mt19937_64 rng(4);
  const auto g = random_values(rng, 6000, 6);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<std::uint64_t> pos;
    std::vector<Value> val;
    for (int e = 0; e < 60; ++e) {
      pos.push_back(1 + rng() % 3000);
      val.push_back(static_cast<Value>(rng() & 63));
    }
    std::vector<Value> candidates(kernels::kCandidates * 32);
    for (auto& c : candidates) c = static_cast<Value>(rng() % 70);
    std::vector<std::uint32_t> a(kernels::kCandidates, 0), b(kernels::kCandidates, 0);
    kernels::test_candidates(g.data(), 4000, pos.data(), val.data(), pos.size(), candidates.data(),
                             a.data());
    kernels::test_candidates_reference(g.data(), 4000, pos.data(), val.data(), pos.size(),
                                       candidates.data(), b.data());
    ASSERT_EQ(a, b) << trial;
  }
}

TEST(OctalKernels, MarkPairsAndUnmarked) {
  std::mt19937_64 rng(3);
  const auto g = random_values(rng, 3000, 8);
  for (std::uint64_t count : {0u, 5u, 31u, 32u, 33u, 700u}) {
    std::vector<std::uint8_t> a(320, 0), b(320, 0);
    kernels::mark_pairs(a.data(), g.data(), 3, 2900, count);
    for (std::uint64_t i = 0; i < count; ++i) b[g[3 + i] ^ g[2900 - i]] = 1;
    ASSERT_EQ(a, b) << count;
    for (std::size_t w = 0; w < 4; ++w) {
      std::uint64_t want = 0;
      for (unsigned i = 0; i < 64; ++i) want |= std::uint64_t{a[64 * w + i] == 0} << i;
      ASSERT_EQ(kernels::unmarked64(a.data() + 64 * w), want);
    }
  }
}

}  // namespace
}  // namespace grundy::octal
