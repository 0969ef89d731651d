// Google Benchmark: canonical forms (core/partizan) and mixed-colour Hackenbush.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "grundy/core/partizan.h"
#include "grundy/games/hackenbush/mixed.h"

namespace {

namespace hb = grundy::hackenbush;

// A green edge carrying `leaves` leaves of colours blue, red, green in turn: 2^leaves + 1
// positions, all searched.
hb::Graph star(int leaves) {
  hb::Graph g;
  g.add_edge(0, 1);
  const hb::Colour colours[] = {hb::Colour::blue, hb::Colour::red, hb::Colour::green};
  for (int i = 0; i < leaves; ++i) g.add_edge(1, 2 + static_cast<std::uint64_t>(i), colours[i % 3]);
  return g;
}

void BM_MixedStarSearch(benchmark::State& state) {
  const hb::Graph g = star(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(hb::analyze_mixed(g).value);
  state.SetItemsProcessed(state.iterations() * ((std::int64_t{1} << state.range(0)) + 1));
}
BENCHMARK(BM_MixedStarSearch)->Arg(10)->Arg(16)->Unit(benchmark::kMillisecond);

// n.up + *m for n < 64, summed one up at a time in a fresh store: sums and canonicalisation.
void BM_SumOfUps(benchmark::State& state) {
  for (auto _ : state) {
    grundy::GameStore s;
    benchmark::DoNotOptimize(s.add(s.up(state.range(0)), s.nimber(1)));
  }
}
BENCHMARK(BM_SumOfUps)->Arg(16)->Arg(64)->Unit(benchmark::kMillisecond);

}  // namespace
