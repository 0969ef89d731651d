#pragma once
// `grundy bench`: fixed workloads, each timed next to a naive baseline run in the same process,
// and a deterministic signature (a hash of the results, identical on every run and machine).
// Workloads register themselves from src/cli/bench_<topic>.cpp files.
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace grundy::cli {

struct Timed {
  double items = 0;  // how many units of work (values, positions, heaps, queries)
  double seconds = 0;
  double rate() const { return seconds > 0 ? items / seconds : 0; }
};

struct BenchResult {
  std::string unit;  // "values", "positions", "heaps", "queries"
  Timed ours;
  std::string baseline_name;  // what ours is compared against (empty: no baseline)
  Timed baseline;
  std::uint64_t signature = 0;  // hash of what the workload computed
  std::string note;             // one line of context, e.g. "S = {1,3,4,...}, n < 10^8"
};

struct BenchWorkload {
  int order;
  std::string name;
  std::function<BenchResult()> run;
};

std::vector<BenchWorkload>& bench_registry();

struct BenchRegistration {
  BenchRegistration(int order, std::string name, std::function<BenchResult()> run) {
    bench_registry().push_back({order, std::move(name), std::move(run)});
  }
};

// Times one call of f, which returns the number of items it processed.
template <class F>
Timed time_it(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  const double items = static_cast<double>(f());
  const std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
  return {items, d.count()};
}

// FNV-1a style mixing for signatures.
constexpr std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (8 * i)) & 0xff;
    h *= 0x100000001b3ull;
  }
  return h;
}
inline constexpr std::uint64_t kSignatureSeed = 0xcbf29ce484222325ull;

}  // namespace grundy::cli
