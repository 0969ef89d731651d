// `grundy bench` workload for blue-red Hackenbush trees: the value and every after-cut value of
// a tree of about 10^6 edges, beside re-evaluating the tree rule once per edge (a smaller tree,
// same run).
#include <cstdint>

#include <fmt/core.h>

#include "bench.h"
#include "grundy/games/hackenbush/blue_red.h"
#include "grundy/games/hackenbush/blue_red_tree.h"
#include "grundy/games/hackenbush/parts.h"

namespace grundy::cli {
namespace {

namespace hb = grundy::hackenbush;

// A blue trunk (each vertex hangs 1-8 vertices back, so it is deep) with 0-2 twigs on each
// vertex: a blue edge carrying a random tree of 0-11 edges of random colours. The blue edges at
// the foot of the twigs keep the trunk's sums positive, so that every after-cut value fits
// 60 bits and Dyadic's int64 fast path (with random colours everywhere, trees of 10^5 edges
// have values of far more bits: exact, but slower).
hb::Graph random_tree(std::uint64_t trunk, std::uint64_t seed) {
  hb::Graph g;
  std::uint64_t x = seed;
  const auto next = [&x] {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return x;
  };
  std::uint64_t fresh = trunk;  // twig vertices are numbered after the trunk's
  for (std::uint64_t v = 1; v < trunk; ++v) {
    const std::uint64_t back = 1 + next() % 8;
    g.add_edge(v > back ? v - back : 0, v, hb::Colour::blue);
    for (std::uint64_t twigs = next() % 3; twigs > 0; --twigs) {
      const std::uint64_t size = 1 + next() % 12, first = fresh;
      g.add_edge(v, fresh++, hb::Colour::blue);
      for (std::uint64_t k = 1; k < size; ++k)
        g.add_edge(first + next() % k, fresh++, next() % 2 ? hb::Colour::blue : hb::Colour::red);
    }
  }
  return g;
}

std::uint64_t values_signature(std::uint64_t sig, const std::vector<Dyadic>& values) {
  sig = mix(sig, values.size());
  for (const Dyadic& v : values) sig = mix(mix(sig, v.signature()), v.exponent());
  return sig;
}

BenchResult tree_vs_reevaluation(std::uint64_t trunk, std::uint64_t baseline_trunk) {
  const hb::Part big = hb::whole_graph_part(random_tree(trunk, 4242));
  const hb::Part small = hb::whole_graph_part(random_tree(baseline_trunk, 4243));
  BenchResult r;
  r.unit = "edges";
  hb::PartValues ours;
  r.ours = time_it([&] {
    ours = hb::evaluate_blue_red_part(big);
    return big.local.size();
  });
  r.baseline_name = fmt::format("re-evaluate each edge, {} edges", small.local.size());
  std::vector<Dyadic> theirs;
  r.baseline = time_it([&] {
    theirs = hb::tree_after_cuts_by_reevaluation(small);
    return small.local.size();
  });
  // The two methods must agree; a disagreement changes the signature.
  const bool agree = hb::evaluate_blue_red_part(small).after_cut == theirs;
  std::uint64_t sig = mix(kSignatureSeed, agree ? 1 : 0xBAD);
  sig = mix(mix(sig, ours.value.signature()), ours.value.exponent());
  sig = values_signature(sig, ours.after_cut);
  r.signature = values_signature(sig, theirs);
  r.note = fmt::format(
      "value {} + every after-cut value of a blue-red tree of {} edges (deep blue trunk, "
      "random blue-red twigs); rates in edges/s",
      ours.value.to_string(), big.local.size());
  return r;
}

const BenchRegistration bench_blue_red_r1{420, "hackenbush-bluered-tree-1e6",
                                          [] { return tree_vs_reevaluation(150000, 400); }};

}  // namespace
}  // namespace grundy::cli
