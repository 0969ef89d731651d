#pragma once
// Brute force for small green positions, through the generic solver: a position is the bit mask
// of the edges still standing (at most 64), and a cut also removes whatever no longer reaches
// the ground. Used to check the fast methods.
#include <cstdint>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/solver.h"
#include "grundy/games/hackenbush/graph.h"

namespace grundy::hackenbush {

class BruteGreen {
 public:
  using Position = std::uint64_t;
  static constexpr std::size_t kMaxEdges = 64;

  explicit BruteGreen(const Graph& g) : g_(g) {
    if (g.edge_count() > kMaxEdges)
      throw LimitError("brute force handles at most 64 edges, the graph has " +
                       std::to_string(g.edge_count()));
  }

  // The edges of `mask` still connected to the ground.
  Position prune(Position mask) const {
    std::vector<std::uint8_t> reached(g_.vertex_count(), 0);
    reached[0] = 1;
    for (bool grew = true; grew;) {
      grew = false;
      for (std::size_t i = 0; i < g_.edge_count(); ++i) {
        if (!(mask >> i & 1)) continue;
        const Edge& e = g_.edge(i);
        if (reached[e.u] != reached[e.v]) reached[e.u] = reached[e.v] = 1, grew = true;
      }
    }
    Position live = 0;
    for (std::size_t i = 0; i < g_.edge_count(); ++i)
      if ((mask >> i & 1) && reached[g_.edge(i).u]) live |= Position{1} << i;
    return live;
  }

  Position full() const {
    const std::size_t m = g_.edge_count();
    return prune(m == 64 ? ~Position{0} : (Position{1} << m) - 1);
  }

  void moves(Position p, std::vector<Position>& out) const {
    for (std::size_t i = 0; i < g_.edge_count(); ++i)
      if (p >> i & 1) out.push_back(prune(p & ~(Position{1} << i)));
  }

 private:
  const Graph& g_;
};

// Value and winning cuts (edge indices, ascending) by exhaustive search.
struct BruteResult {
  std::uint64_t value = 0;
  std::vector<std::uint32_t> winning_moves;
};

inline BruteResult brute_green(const Graph& g) {
  BruteGreen game(g);
  Solver<BruteGreen> solver(game);
  const auto start = game.full();
  BruteResult r;
  r.value = solver.value(start);
  if (r.value != 0)
    for (std::uint32_t i = 0; i < g.edge_count(); ++i)
      if ((start >> i & 1) && solver.value(game.prune(start & ~(std::uint64_t{1} << i))) == 0)
        r.winning_moves.push_back(i);
  return r;
}

}  // namespace grundy::hackenbush
