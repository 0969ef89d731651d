// Google Benchmark micro-benchmarks of the foundation's hot loops. Run: build/grundy_microbench
#include <benchmark/benchmark.h>

#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "grundy/core/mex.h"
#include "grundy/core/run_clock.h"
#include "grundy/core/solver.h"
#include "grundy/games/nim/nim.h"
#include "grundy/games/subtraction/finite_kernel.h"
#include "grundy/games/subtraction/subtraction.h"

namespace {

using namespace grundy;

void BM_MexOfList(benchmark::State& state) {
  std::mt19937 rng(1);
  std::vector<std::uint32_t> v(static_cast<std::size_t>(state.range(0)));
  for (auto& x : v) x = static_cast<std::uint32_t>(rng() % (v.size() + 1));
  Mex mex;
  for (auto _ : state) benchmark::DoNotOptimize(mex(std::span<const std::uint32_t>(v)));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_MexOfList)->Arg(8)->Arg(64)->Arg(1024);

void BM_SubtractionStream(benchmark::State& state) {
  const auto s = subtraction::SubtractionSet::parse("1,2,5,9,14,20,27,33");
  constexpr std::uint64_t kBlock = 1 << 20;
  subtraction::FiniteStream stream(s, Rule::normal);
  std::uint64_t sum = 0;
  for (auto _ : state) stream.generate(kBlock, [&](std::uint32_t g) { sum += g; });
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kBlock));
}
BENCHMARK(BM_SubtractionStream);

void BM_SubtractionTable(benchmark::State& state) {
  const auto s = subtraction::SubtractionSet::parse("1,3,4");
  for (auto _ : state) benchmark::DoNotOptimize(subtraction::values(s, 1 << 20));
  state.SetItemsProcessed(state.iterations() * (1 << 20));
}
BENCHMARK(BM_SubtractionTable);

struct Chain {
  using Position = std::uint64_t;
  void moves(Position n, std::vector<Position>& out) const {
    if (n >= 1) out.push_back(n - 1);
    if (n >= 2) out.push_back(n - 2);
  }
};

void BM_SolverHashedChain(benchmark::State& state) {
  for (auto _ : state) {
    Chain g;
    Solver<Chain> solver(g);
    benchmark::DoNotOptimize(solver.value(static_cast<std::uint64_t>(state.range(0))));
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SolverHashedChain)->Arg(1 << 16)->Arg(1 << 20);

void BM_NimParse(benchmark::State& state) {
  std::string text;
  std::mt19937_64 rng(3);
  for (int i = 0; i < 100000; ++i) text += std::to_string(rng() % 1000000000) + " ";
  for (auto _ : state) benchmark::DoNotOptimize(nim::parse_heaps(text, "bench"));
  state.SetItemsProcessed(state.iterations() * 100000);
}
BENCHMARK(BM_NimParse);

// What an engine's budget and progress checks cost (every 1024 nodes): a reading of the solving
// clock (RunClock, with the pause watcher running as in `grundy`) against the plain monotonic
// clock it wraps.
void BM_SteadyClockNow(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(std::chrono::steady_clock::now());
}
BENCHMARK(BM_SteadyClockNow);

void BM_RunClockSeconds(benchmark::State& state) {
  watch_pauses();
  const RunClock clock;
  for (auto _ : state) benchmark::DoNotOptimize(clock.seconds());
}
BENCHMARK(BM_RunClockSeconds);

}  // namespace
