// Google Benchmark micro-benchmarks of the transposition table: a probe and a store in a table
// that fits the cache (64 KiB), so that what is measured is the work of a bucket, not the
// memory: 16-byte entries (four a bucket) against compact ones of eight, ten and sixteen a
// bucket (transposition_table.h). Run: build/grundy_microbench --benchmark_filter=Table
#include <benchmark/benchmark.h>

#include <vector>

#include "grundy/search/fast_divisor.h"
#include "grundy/search/random.h"
#include "grundy/search/transposition_table.h"

namespace {

using namespace grundy;

// key_bits for a 64 KiB table (1,024 buckets) and values within 20: 64 gives 16-byte entries;
// 38, 32 and 14 compact ones of 54, 48 and 30 bits (eight, ten, sixteen a bucket).
struct Shape {
  int key_bits;
  std::size_t per_bucket;
};
constexpr Shape kShapes[] = {{64, 4}, {38, 8}, {32, 10}, {14, 16}};

std::vector<std::uint64_t> keys_below(int bits, std::size_t n, std::uint64_t seed) {
  search::Rng rng(seed);
  std::vector<std::uint64_t> keys(n);
  for (auto& k : keys) k = bits == 64 ? rng() : rng() & ((std::uint64_t{1} << bits) - 1);
  return keys;
}

search::TTEntry entry_of(std::uint64_t k) {
  search::TTEntry e;
  e.lower = static_cast<std::int16_t>(static_cast<int>(k % 41) - 20);
  e.upper = 20;
  e.move = static_cast<std::uint16_t>(k % 14);
  e.depth = search::TranspositionTable::kExactDepth;
  e.weight = static_cast<std::uint8_t>(k % 32);
  return e;
}

// Probes of keys half of which were stored (hits and misses mixed).
void BM_TableProbe(benchmark::State& state) {
  const Shape shape = kShapes[state.range(0)];
  search::TranspositionTable tt(std::size_t{64} << 10, shape.key_bits, 20);
  if (tt.entries_per_bucket() != shape.per_bucket) state.SkipWithError("unexpected layout");
  const auto keys = keys_below(shape.key_bits, 4096, 1);
  for (std::size_t i = 0; i < keys.size(); i += 2) tt.store(keys[i], entry_of(keys[i]));
  std::size_t i = 0, hits = 0;
  search::TTEntry e;
  for (auto _ : state) {
    hits += tt.probe(keys[i++ & 4095], e);
    benchmark::DoNotOptimize(e);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(std::to_string(shape.per_bucket) + " a bucket");
  benchmark::DoNotOptimize(hits);
}
BENCHMARK(BM_TableProbe)->DenseRange(0, 3);

// Stores of keys, most of them new to a full table (a victim chosen each time).
void BM_TableStore(benchmark::State& state) {
  const Shape shape = kShapes[state.range(0)];
  search::TranspositionTable tt(std::size_t{64} << 10, shape.key_bits, 20);
  if (tt.entries_per_bucket() != shape.per_bucket) state.SkipWithError("unexpected layout");
  const auto keys = keys_below(shape.key_bits, 1 << 16, 2);
  std::size_t i = 0;
  for (auto _ : state) {
    const std::uint64_t k = keys[i++ & 65535];
    tt.store(k, entry_of(k));
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(std::to_string(shape.per_bucket) + " a bucket");
}
BENCHMARK(BM_TableStore)->DenseRange(0, 3);

// A key split by the bucket count of a 12 GiB table: the divide instruction against
// FastDivisor (what compact tables use), on the same keys.
void BM_TableSplitByDivide(benchmark::State& state) {
  const auto keys = keys_below(49, 4096, 3);
  volatile std::uint64_t buckets = 3 * (std::uint64_t{1} << 26);  // not known when compiled
  const std::uint64_t d = buckets;
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(keys[i++ & 4095] / d);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TableSplitByDivide);

void BM_TableSplitByFastDivisor(benchmark::State& state) {
  const auto keys = keys_below(49, 4096, 3);
  volatile std::uint64_t buckets = 3 * (std::uint64_t{1} << 26);
  const search::FastDivisor d(buckets);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(d.quotient(keys[i++ & 4095]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TableSplitByFastDivisor);

}  // namespace
