// Google Benchmark micro-benchmarks of Dots and Boxes: the solver's node rate, the symmetric
// table key, and the Nimstring evaluator. Run: build/grundy_microbench --benchmark_filter=Dots
#include <benchmark/benchmark.h>

#include "grundy/games/dots/coins.h"
#include "grundy/games/dots/nimstring.h"
#include "grundy/games/dots/solver.h"
#include "grundy/games/dots/solver_graph.h"
#include "grundy/search/random.h"

namespace {

using namespace grundy;

void BM_DotsSolve3x3(benchmark::State& state) {
  const auto& b = dots::Board::get(3, 3);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const auto r =
        dots::solve(dots::DotsState(b),
                    {.table_bytes = std::size_t{16} << 20, .threads = 1, .best_moves = false});
    nodes += r.nodes;
    benchmark::DoNotOptimize(r.value);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes));  // nodes per second
}
BENCHMARK(BM_DotsSolve3x3)->Unit(benchmark::kMillisecond);

void BM_DotsCanonicalKey4x4(benchmark::State& state) {
  const auto& b = dots::Board::get(4, 4);
  const auto g = dots::SolverGraph::of(dots::DotsState(b));
  search::Rng rng(1);
  std::vector<std::uint64_t> masks(1024);
  for (auto& m : masks) m = rng() & b.all_lines().lo;
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(g.canonical(masks[i++ & 1023]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DotsCanonicalKey4x4);

void BM_DotsNimstring3x3(benchmark::State& state) {
  const auto& b = dots::Board::get(3, 3);
  search::Rng rng(2);
  std::vector<dots::Coins> graphs;
  for (int k = 0; k < 64; ++k) {
    std::vector<int> lines;
    for (int l = 0; l < b.lines(); ++l)
      if (rng.below(2)) lines.push_back(l);
    graphs.push_back(dots::Coins::of(dots::DotsState::after(b, lines)));
  }
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& g = graphs[i++ & 63];
    dots::Nimstring nim(g);
    benchmark::DoNotOptimize(nim.value(g.all()));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DotsNimstring3x3);

}  // namespace
