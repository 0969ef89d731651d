// Google Benchmark micro-benchmarks of the distributed search: storing the table entries other
// workers share (runners.h, AlphaBetaShare::store) into a 128 MiB table, against the same
// stores one by one without prefetching. Run: build/grundy_microbench --benchmark_filter=Shared
#include <benchmark/benchmark.h>

#include "grundy/search/distributed/runners.h"
#include "grundy/search/random.h"

namespace {

using namespace grundy;
using search::distributed::TableEntry;

std::vector<TableEntry> random_entries(std::size_t n) {
  search::Rng rng(7);
  std::vector<TableEntry> out(n);
  for (auto& e : out) {
    e.key = rng();
    e.lower = -2;
    e.upper = 2;
    e.weight = 6;
  }
  return out;
}

// A batch of 4,096 entries, as the message thread stores them.
void BM_SharedEntriesStore(benchmark::State& state) {
  search::TranspositionTable table(std::size_t{128} << 20);
  search::distributed::AlphaBetaShare share(table);
  const auto batch = random_entries(1 << 20);
  std::size_t at = 0;
  for (auto _ : state) {
    const std::vector<TableEntry> in(batch.begin() + at, batch.begin() + at + 4096);
    at = (at + 4096) & ((1 << 20) - 1);
    share.store(in);
  }
  state.SetItemsProcessed(state.iterations() * 4096);
}
BENCHMARK(BM_SharedEntriesStore);

// The baseline: the same entries stored one by one.
void BM_SharedEntriesStoreNaive(benchmark::State& state) {
  search::TranspositionTable table(std::size_t{128} << 20);
  const auto batch = random_entries(1 << 20);
  std::size_t at = 0;
  for (auto _ : state) {
    const std::vector<TableEntry> in(batch.begin() + at, batch.begin() + at + 4096);
    at = (at + 4096) & ((1 << 20) - 1);
    for (const auto& x : in) {
      search::TTEntry t;
      t.lower = x.lower;
      t.upper = x.upper;
      t.move = x.move;
      t.weight = x.weight;
      t.depth = search::TranspositionTable::kExactDepth;
      table.store(x.key, t);
    }
  }
  state.SetItemsProcessed(state.iterations() * 4096);
}
BENCHMARK(BM_SharedEntriesStoreNaive);

}  // namespace
