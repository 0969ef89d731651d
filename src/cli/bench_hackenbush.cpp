// `grundy bench` workloads for green Hackenbush: value and every winning cut on random graphs
// with cycles, beside the re-evaluate-every-edge baseline measured in the same run.
#include <cstdint>

#include <fmt/core.h>

#include "bench.h"
#include "grundy/games/hackenbush/cuts.h"
#include "grundy/games/hackenbush/green.h"

namespace grundy::cli {
namespace {

namespace hb = grundy::hackenbush;

// A random tree on `vertices` vertices hanging from the ground, plus about one extra edge per
// `cycle_every` vertices between nearby vertices (short cycles), plus a few loops.
hb::Graph random_graph(std::uint32_t vertices, std::uint32_t cycle_every, std::uint64_t seed) {
  hb::Graph g;
  std::uint64_t x = seed;
  const auto next = [&x] {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return x;
  };
  for (std::uint64_t v = 1; v < vertices; ++v) {
    const std::uint64_t back = 1 + next() % 8;
    g.add_edge(v > back ? v - back : 0, v);
    if (next() % cycle_every == 0) g.add_edge(v, v > 5 ? v - 1 - next() % 5 : 0);
    if (next() % (4 * cycle_every) == 0) g.add_edge(v, v);
  }
  return g;
}

std::uint64_t cuts_signature(std::uint64_t sig, const std::vector<std::uint32_t>& cuts) {
  sig = mix(sig, cuts.size());
  for (auto c : cuts) sig = mix(sig, c);
  return sig;
}

BenchResult cuts_vs_reevaluation(std::uint32_t vertices, std::uint32_t baseline_vertices) {
  const hb::Graph g = random_graph(vertices, 4, 12345 + vertices);
  const hb::Graph small = random_graph(baseline_vertices, 4, 12345 + vertices);
  BenchResult r;
  r.unit = "edges";
  std::uint64_t sig = kSignatureSeed;
  std::vector<std::uint32_t> ours_small;
  r.ours = time_it([&] {
    const auto a = hb::analyze_green(g);
    sig = cuts_signature(mix(sig, a.value), a.winning_moves);
    ours_small = hb::analyze_green(small).winning_moves;
    return g.edge_count() + small.edge_count();
  });
  r.baseline_name = fmt::format("re-evaluate each edge, {} edges", small.edge_count());
  std::vector<std::uint32_t> theirs;
  r.baseline = time_it([&] {
    theirs = hb::winning_cuts_by_reevaluation(small);
    return small.edge_count();
  });
  // The two methods must agree; a disagreement changes the signature.
  sig = mix(sig, ours_small == theirs ? 1 : 0xBAD);
  r.signature = cuts_signature(sig, theirs);
  r.note = fmt::format(
      "value + every winning cut of a random graph with {} edges (cycles, loops); "
      "rates in edges/s",
      g.edge_count());
  return r;
}

const BenchRegistration bench_hackenbush_r1{400, "hackenbush-cuts-1e3",
                                            [] { return cuts_vs_reevaluation(1000, 1000); }};
const BenchRegistration bench_hackenbush_r2{410, "hackenbush-cuts-1e6",
                                            [] { return cuts_vs_reevaluation(1000000, 3000); }};

}  // namespace
}  // namespace grundy::cli
