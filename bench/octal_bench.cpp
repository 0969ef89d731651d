// Google Benchmark micro-benchmarks for octal games: the sparse engine per value, the plain path,
// and periodicity proofs.
#include <benchmark/benchmark.h>

#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/period.h"
#include "grundy/games/octal/plain.h"
#include "grundy/games/octal/sparse.h"

namespace {

namespace oct = grundy::octal;

void BM_GrundySparse(benchmark::State& state) {
  const auto code = oct::OctalCode::grundy_game();
  const auto count = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(oct::sparse_values(code, count));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_GrundySparse)->Arg(1 << 16)->Arg(1 << 18)->Unit(benchmark::kMillisecond);

void BM_GrundyPlain(benchmark::State& state) {
  const auto code = oct::OctalCode::grundy_game();
  const auto count = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(oct::plain_values(code, count));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_GrundyPlain)->Arg(1 << 12)->Arg(1 << 14)->Unit(benchmark::kMillisecond);

void BM_ProveKayles(benchmark::State& state) {
  const auto code = oct::OctalCode::parse("0.77");
  for (auto _ : state) benchmark::DoNotOptimize(oct::prove_period(code));
}
BENCHMARK(BM_ProveKayles)->Unit(benchmark::kMicrosecond);

void BM_ProveDawson(benchmark::State& state) {
  const auto code = oct::OctalCode::parse("0.07");
  for (auto _ : state) benchmark::DoNotOptimize(oct::prove_period(code));
}
BENCHMARK(BM_ProveDawson)->Unit(benchmark::kMicrosecond);

void BM_ProveSixteen(benchmark::State& state) {
  const auto code = oct::OctalCode::parse("0.16");
  for (auto _ : state) benchmark::DoNotOptimize(oct::prove_period(code));
}
BENCHMARK(BM_ProveSixteen)->Unit(benchmark::kMillisecond);

}  // namespace
