#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/games/octal/checksum.h"
#include "grundy/games/octal/kernels.h"
#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/sparse.h"
#include "grundy/testing/kernel_sets.h"
#include "grundy/testing/sanitized.h"

namespace grundy::octal {
namespace {

// Every kernel set this CPU runs, each against the reference versions.
class OctalKernels : public ::testing::TestWithParam<KernelSet> {
 protected:
  const kernels::Table& k() const { return kernels::table(GetParam()); }
};

INSTANTIATE_TEST_SUITE_P(Sets, OctalKernels, ::testing::ValuesIn(supported_kernel_sets()),
                         kernel_set_test_name);

std::vector<Value> random_values(std::mt19937_64& rng, std::size_t size, unsigned bits) {
  std::vector<Value> g(size + 64, 0);
  for (std::size_t i = 0; i < size; ++i) g[i] = static_cast<Value>(rng() & ((1u << bits) - 1));
  return g;
}

// Runs the set's find_needed and the reference on copies of the same bitmap; both must consume
// the same pairs and leave the same values.
void expect_find_needed_as_reference(const kernels::Table& k, const std::vector<Value>& g,
                                     std::uint64_t lo, std::uint64_t hi, std::uint64_t count,
                                     std::vector<std::uint64_t>& need, unsigned bits,
                                     std::uint64_t& remaining, const std::string& where) {
  auto need2 = need;
  auto remaining2 = remaining;
  const auto a = k.find_needed(g.data(), lo, hi, count, need.data(), bits, &remaining);
  const auto b =
      kernels::find_needed_reference(g.data(), lo, hi, count, need2.data(), bits, &remaining2);
  ASSERT_EQ(a, b) << where;
  ASSERT_EQ(remaining, remaining2) << where;
  ASSERT_EQ(need, need2) << where;
}

TEST_P(OctalKernels, MarkRowsMatchesReference) {
  std::mt19937_64 rng(1);
  for (unsigned bits : {1u, 5u, 9u, 10u, 11u}) {
    const auto g = random_values(rng, 5000, bits);
    const std::size_t stride = ((std::size_t{1} << bits) + 1 + 63) / 64 * 64;
    // Part counts around the kernels' rounds of several parts, and their tails.
    for (std::size_t count : {0u, 1u, 2u, 3u, 4u, 5u, 7u, 8u, 9u, 37u})
      for (std::size_t rows : {1u, 7u, 31u, 32u}) {
        std::vector<std::uint64_t> pos;
        std::vector<Value> val;
        for (std::size_t e = 0; e < count; ++e) {
          pos.push_back(1 + rng() % 2000);
          val.push_back(static_cast<Value>(rng() & ((1u << bits) - 1)));
        }
        std::vector<std::uint8_t> a(32 * stride, 0), b(32 * stride, 0);
        k().mark_rows(a.data(), stride, rows, g.data(), 3000, pos.data(), val.data(), count);
        kernels::mark_rows_reference(b.data(), stride, rows, g.data(), 3000, pos.data(), val.data(),
                                     count);
        ASSERT_EQ(a, b) << "bits " << bits << " rows " << rows << " parts " << count;
      }
  }
}

TEST_P(OctalKernels, FindNeededMatchesReference) {
  std::mt19937_64 rng(2);
  for (unsigned bits : {1u, 3u, 6u, 9u, 10u, 11u, 12u, 13u}) {
    const auto g = random_values(rng, 5000, bits);
    const std::size_t words = std::max<std::size_t>(16, (std::size_t{1} << bits) / 64 + 1);
    for (int trial = 0; trial < 200; ++trial) {
      std::vector<std::uint64_t> need(words, 0);
      std::uint64_t remaining = 0;
      // Mostly a few values (a sparse heap's scan), sometimes many (a plain heap's).
      const int wanted = static_cast<int>(rng() % (trial % 4 == 0 ? 60 : 10));
      for (int w = 0; w < wanted; ++w) {
        const unsigned x = static_cast<unsigned>(rng() & ((1u << bits) - 1));
        if (!((need[x >> 6] >> (x & 63)) & 1)) ++remaining;
        need[x >> 6] |= std::uint64_t{1} << (x & 63);
      }
      const std::uint64_t lo = 1 + rng() % 500, count = rng() % (trial % 8 == 0 ? 1200 : 300);
      const std::uint64_t hi = lo + 2 * count + rng() % 1000;
      expect_find_needed_as_reference(
          k(), g, lo, hi, count, need, bits, remaining,
          "bits " + std::to_string(bits) + " trial " + std::to_string(trial));
    }
  }
}

// Several needed values, all below 256 among values that go past it (the scans that look
// values up in a 256-bit bitmap, where every value from 255 on reads as 255): 255 itself needed
// or not, duplicates within a step, values found down to the last.
TEST_P(OctalKernels, FindNeededSmallValuesAmongLargeOnes) {
  std::mt19937_64 rng(5);
  for (unsigned bits : {9u, 10u}) {
    auto g = random_values(rng, 5000, bits);
    // Some runs of one value, so that a step holds the same xor several times.
    for (std::size_t i = 0; i + 40 < 5000; i += 400)
      for (std::size_t k = 0; k < 40; ++k) g[i + k] = g[i];
    const std::size_t words = std::max<std::size_t>(16, (std::size_t{1} << bits) / 64 + 1);
    for (int trial = 0; trial < 400; ++trial) {
      std::vector<std::uint64_t> need(words, 0);
      std::uint64_t remaining = 0;
      const auto want = [&](unsigned x) {
        if (!((need[x >> 6] >> (x & 63)) & 1)) ++remaining;
        need[x >> 6] |= std::uint64_t{1} << (x & 63);
      };
      if (trial % 2 == 0) want(255);
      const int wanted = 3 + static_cast<int>(rng() % 12);
      for (int w = 0; w < wanted; ++w)
        want(trial % 3 == 0 ? static_cast<unsigned>(rng() & 255)
                            : 240 + static_cast<unsigned>(rng() % 16));
      const std::uint64_t lo = 1 + rng() % 500, count = 32 + rng() % 1500;
      const std::uint64_t hi = lo + 2 * count + rng() % 1000;
      const auto start = need;
      const auto start_remaining = remaining;
      const std::string where = "bits " + std::to_string(bits) + " trial " + std::to_string(trial);
      expect_find_needed_as_reference(k(), g, lo, hi, count, need, bits, remaining, where);
      // One step of 32 pairs at a time: no value found in a step may be left for a later one.
      need = start;
      remaining = start_remaining;
      for (std::uint64_t i = 0; i + 32 <= count && remaining > 0; i += 32)
        expect_find_needed_as_reference(k(), g, lo + i, hi - i, 32, need, bits, remaining,
                                        where + " pair " + std::to_string(i));
    }
  }
}

TEST_P(OctalKernels, TestCandidatesMatchesReference) {
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
    k().test_candidates(g.data(), 4000, pos.data(), val.data(), pos.size(), candidates.data(),
                        a.data());
    kernels::test_candidates_reference(g.data(), 4000, pos.data(), val.data(), pos.size(),
                                       candidates.data(), b.data());
    ASSERT_EQ(a, b) << trial;
  }
  // Values past a byte: candidates all below 255 (the AVX2 set's byte path, where every xor of
  // 255 or more, up to 65535, must hit nothing), around 255, and up to the largest value.
  for (unsigned bits : {8u, 9u, 16u}) {
    const auto wide = random_values(rng, 6000, bits);
    for (int trial = 0; trial < 60; ++trial) {
      std::vector<std::uint64_t> pos;
      std::vector<Value> val;
      for (int e = 0; e < 60; ++e) {
        pos.push_back(1 + rng() % 3000);
        val.push_back(static_cast<Value>(rng() & ((1u << bits) - 1)));
      }
      std::vector<Value> candidates(kernels::kCandidates * 32);
      const unsigned top = trial % 3 == 0 ? 255 : trial % 3 == 1 ? 256 : 65535;
      for (auto& c : candidates) c = static_cast<Value>(rng() % 2 ? rng() % 255 : 240 + rng() % 15);
      if (trial % 4 == 3) candidates[rng() % candidates.size()] = static_cast<Value>(top - 1);
      // 0: an xor of 32768 or more must not pass for it; 254: the byte path's largest.
      candidates[0] = 0;
      candidates[1] = 254;
      std::vector<std::uint32_t> a(kernels::kCandidates, 0), b(kernels::kCandidates, 0);
      k().test_candidates(wide.data(), 4000, pos.data(), val.data(), pos.size(), candidates.data(),
                          a.data());
      kernels::test_candidates_reference(wide.data(), 4000, pos.data(), val.data(), pos.size(),
                                         candidates.data(), b.data());
      ASSERT_EQ(a, b) << "bits " << bits << " trial " << trial;
    }
  }
}

TEST_P(OctalKernels, MarkPairsAndUnmarked) {
  std::mt19937_64 rng(3);
  const auto g = random_values(rng, 3000, 8);
  for (std::uint64_t count : {0u, 5u, 31u, 32u, 33u, 63u, 64u, 65u, 127u, 700u}) {
    std::vector<std::uint8_t> a(320, 0), b(320, 0);
    k().mark_pairs(a.data(), g.data(), 3, 2900, count);
    for (std::uint64_t i = 0; i < count; ++i) b[g[3 + i] ^ g[2900 - i]] = 1;
    ASSERT_EQ(a, b) << count;
    for (std::size_t w = 0; w < 4; ++w) {
      std::uint64_t want = 0;
      for (unsigned i = 0; i < 64; ++i) want |= std::uint64_t{a[64 * w + i] == 0} << i;
      ASSERT_EQ(kernels::unmarked64(a.data() + 64 * w), want);
    }
  }
}

// The tables' checksum: CRC-32C by the SSE4.2 instruction in avx2 and avx512, by a table of
// bytes in scalar.
TEST_P(OctalKernels, Crc32cIsTheSameInEverySet) {
  ScopedKernelSet use(GetParam());
  EXPECT_EQ(crc32c(0, "123456789", 9), 0xE3069283u);
  std::mt19937_64 rng(5);
  std::vector<unsigned char> bytes(5000);
  for (auto& b : bytes) b = static_cast<unsigned char>(rng());
  std::uint32_t want = ~0u;  // bit by bit, the CRC-32C polynomial reflected
  for (unsigned char b : bytes) {
    want ^= b;
    for (int k = 0; k < 8; ++k) want = (want & 1) ? (want >> 1) ^ 0x82F63B78u : want >> 1;
  }
  EXPECT_EQ(crc32c(0, bytes.data(), bytes.size()), ~want);
  for (std::size_t cut : {0u, 1u, 7u, 8u, 13u, 4999u})
    EXPECT_EQ(crc32c(crc32c(0, bytes.data(), cut), bytes.data() + cut, bytes.size() - cut), ~want);
}

// End to end: the sparse engine gives the same table under every set (Grundy's game with blocks,
// sampled rare parts and far scans; 0.762, whose heaps are all plain and scan many values).
TEST(OctalKernelSets, TablesAreTheSameUnderEverySet) {
  for (const char* game : {"grundy", "0.762"}) {
    const auto code = OctalCode::parse(game);
    const std::uint64_t count = std::string(game) == "grundy" ? (sanitized() ? 20000 : 150000)
                                                              : (sanitized() ? 1500 : 6000);
    std::vector<std::uint32_t> want;
    for (KernelSet set : supported_kernel_sets()) {
      ScopedKernelSet use(set);
      const auto got = sparse_values(code, count);
      if (want.empty())
        want = got;
      else
        ASSERT_EQ(got, want) << game << " under " << kernel_set_name(set);
    }
  }
}

}  // namespace
}  // namespace grundy::octal
