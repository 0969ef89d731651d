#pragma once
// For tests: small random pictures of green, blue and red edges, on up to `max_vertices`
// vertices (loops and multi-edges included) or, with `trees`, as a tree grown from the ground.
#include <cstdint>
#include <random>

#include "grundy/games/hackenbush/graph.h"

namespace grundy::hackenbush {

inline Graph random_graph(std::mt19937_64& rng, int max_vertices, int max_edges, bool trees) {
  Graph g;
  const int n = 2 + static_cast<int>(rng() % static_cast<std::uint64_t>(max_vertices - 1));
  const int m = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(max_edges));
  const Colour colours[] = {Colour::green, Colour::blue, Colour::red};
  for (int i = 0; i < m; ++i) {
    std::uint64_t u, v;
    if (trees) {
      v = static_cast<std::uint64_t>(i + 1);
      u = rng() % v;
    } else {
      u = rng() % static_cast<std::uint64_t>(n);
      v = rng() % static_cast<std::uint64_t>(n);
    }
    g.add_edge(u, v, colours[rng() % 3]);
  }
  return g;
}

}  // namespace grundy::hackenbush
