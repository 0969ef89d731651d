// Google Benchmark: green Hackenbush value and winning cuts. Run: build/grundy_microbench
#include <benchmark/benchmark.h>

#include "grundy/games/hackenbush/cuts.h"
#include "grundy/games/hackenbush/green.h"

namespace {

using namespace grundy::hackenbush;

// A random tree from the ground with an extra short-cycle edge on every fourth vertex.
Graph sample_graph(std::uint32_t vertices) {
  Graph g;
  std::uint64_t x = 88172645463325252ull;
  for (std::uint64_t v = 1; v < vertices; ++v) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const std::uint64_t back = 1 + x % 8;
    g.add_edge(v > back ? v - back : 0, v);
    if (x % 4 == 0) g.add_edge(v, v > 3 ? v - 3 : 0);
  }
  return g;
}

void BM_GreenValue(benchmark::State& state) {
  const Graph g = sample_graph(static_cast<std::uint32_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(green_value(g));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(g.edge_count()));
}
BENCHMARK(BM_GreenValue)->Arg(1 << 10)->Arg(1 << 20);

void BM_GreenValueAndCuts(benchmark::State& state) {
  const Graph g = sample_graph(static_cast<std::uint32_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(analyze_green(g));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(g.edge_count()));
}
BENCHMARK(BM_GreenValueAndCuts)->Arg(1 << 10)->Arg(1 << 20);

void BM_CutsByReevaluation(benchmark::State& state) {
  const Graph g = sample_graph(static_cast<std::uint32_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(winning_cuts_by_reevaluation(g));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(g.edge_count()));
}
BENCHMARK(BM_CutsByReevaluation)->Arg(1 << 10);

}  // namespace
