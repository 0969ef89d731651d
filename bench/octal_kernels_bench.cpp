// Google Benchmark micro-benchmarks of the sparse octal engine's kernels (octal/kernels.h) under
// every kernel set this CPU runs, at the sizes Grundy's game has past 10^7 (values below 512,
// rows of 512 marks plus padding, 896 parts a block: 512 sampled rare parts and twice 192
// prescanned pairs). Run: build/grundy_microbench --benchmark_filter=Octal
// Items are parts x rows for mark_rows and test_candidates (one option value of one heap), and
// pairs for find_needed.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/core/kernel_set.h"
#include "grundy/games/octal/kernels.h"
#include "grundy/search/random.h"

namespace {

using namespace grundy;
using octal::Value;
namespace kernels = octal::kernels;

constexpr std::size_t kTable = std::size_t{1} << 22;  // 8 MB of values: past the L2 cache
constexpr std::size_t kRows = 32, kStride = 512 + 64, kParts = 896;

struct Data {
  std::vector<Value> g;
  std::vector<std::uint64_t> pos;
  std::vector<Value> val;
  Data() : g(kTable), pos(kParts), val(kParts) {
    search::Rng rng(7);
    for (auto& v : g) v = static_cast<Value>(rng.below(512));
    // Parts as a block's: rare ones spread below 10^5, then two runs of consecutive ones.
    for (std::size_t e = 0; e < kParts; ++e) {
      pos[e] = e < 512 ? 1 + rng.below(100000) : e < 704 ? e : kTable / 2 - (e - 704);
      val[e] = g[pos[e]];
    }
    std::sort(pos.begin(), pos.begin() + 512);
  }
};

const Data& data() {
  static const Data d;
  return d;
}

void BM_OctalMarkRows(benchmark::State& state) {
  const auto& k = kernels::table(static_cast<KernelSet>(state.range(0)));
  const Data& d = data();
  std::vector<std::uint8_t> rows(kRows * kStride);
  std::uint64_t base = kTable - kRows;
  for (auto _ : state) {
    k.mark_rows(rows.data(), kStride, kRows, d.g.data(), base, d.pos.data(), d.val.data(), kParts);
    benchmark::ClobberMemory();
    base = base > kTable - 1024 ? base - 1 : kTable - kRows;  // a block further each time
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kParts * kRows));
}

void BM_OctalTestCandidates(benchmark::State& state) {
  const auto& k = kernels::table(static_cast<KernelSet>(state.range(0)));
  const Data& d = data();
  std::vector<Value> candidates(kernels::kCandidates * kRows);
  for (std::size_t i = 0; i < candidates.size(); ++i)
    candidates[i] = static_cast<Value>(600 + i);  // never hit: every part is compared
  std::uint32_t hits[kernels::kCandidates] = {};
  std::uint64_t base = kTable - kRows;
  for (auto _ : state) {
    k.test_candidates(d.g.data(), base, d.pos.data(), d.val.data(), kParts, candidates.data(),
                      hits);
    benchmark::DoNotOptimize(hits);
    base = base > kTable - 1024 ? base - 1 : kTable - kRows;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kParts * kRows));
}

// A scan of 2^16 pairs for values that no pair gives (the whole range is read): state.range(1)
// values needed, as a heap's scan looks for one to a handful.
void BM_OctalFindNeeded(benchmark::State& state) {
  const auto& k = kernels::table(static_cast<KernelSet>(state.range(0)));
  const Data& d = data();
  constexpr std::uint64_t kPairs = std::uint64_t{1} << 16;
  const auto wanted = static_cast<unsigned>(state.range(1));
  std::uint64_t s = kTable - 1;
  std::uint64_t pairs = 0;
  std::vector<std::uint64_t> need(16);  // 1024 bits: values 512.. are never found
  for (auto _ : state) {
    std::fill(need.begin(), need.end(), 0);
    for (unsigned i = 0; i < wanted; ++i) need[8 + i / 64] |= std::uint64_t{1} << (i % 64);
    std::uint64_t remaining = wanted;
    pairs += k.find_needed(d.g.data(), 1000, s - 1000, kPairs, need.data(), 10, &remaining);
    s = s > kTable - 4096 ? s - 1 : kTable - 1;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(pairs));
}

void kernel_sets(benchmark::internal::Benchmark* b) {
  for (const KernelSet set : supported_kernel_sets()) b->Arg(static_cast<int>(set));
}
void kernel_sets_and_wanted(benchmark::internal::Benchmark* b) {
  for (const KernelSet set : supported_kernel_sets())
    for (const int wanted : {1, 4, 16}) b->Args({static_cast<int>(set), wanted});
}

BENCHMARK(BM_OctalMarkRows)->Apply(kernel_sets);
BENCHMARK(BM_OctalTestCandidates)->Apply(kernel_sets);
BENCHMARK(BM_OctalFindNeeded)->Apply(kernel_sets_and_wanted);

}  // namespace
