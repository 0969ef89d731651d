#pragma once
// The parts of a Hackenbush position: the components of the standing graph once the ground vertex
// is removed (a loop on the ground is a part of its own). Parts only meet at the ground, so the
// position is their sum, whatever the colours.
#include <cstdint>
#include <vector>

#include "grundy/games/hackenbush/graph.h"

namespace grundy::hackenbush {

// One part as a small graph of its own: local vertices (0 = ground) and edges.
struct Part {
  std::vector<std::uint32_t> edges;  // global edge indices, ascending
  std::vector<Edge> local;           // the same edges with local vertex numbers
  std::uint32_t vertices = 1;        // local vertex count, the ground included

  bool has(Colour c) const;
};

// The parts formed by the edges with live[i] != 0 (edges connected to the ground).
std::vector<Part> split_parts(const Graph& g, const std::vector<std::uint8_t>& live);

// The edges of a part in order from the ground if it is a stalk (a path from the ground, no
// loops); else empty.
std::vector<std::size_t> stalk_order(const Part& p);

// The whole graph as one part (every edge, in order); for searches in tests.
Part whole_graph_part(const Graph& g);

// Positions of a small part for exhaustive search: the bit mask of its standing edges (at most
// kMaxEdges). A cut also removes whatever no longer reaches the ground.
class PartMasks {
 public:
  static constexpr std::size_t kMaxEdges = 64;
  using Mask = std::uint64_t;

  // Throws LimitError beyond kMaxEdges edges or vertices.
  explicit PartMasks(const Part& p);

  Mask full() const;
  Mask prune(Mask mask) const;  // the edges of mask still connected to the ground
  Mask cut(Mask mask, std::size_t i) const { return prune(mask & ~(Mask{1} << i)); }
  std::size_t size() const { return p_.local.size(); }
  Colour colour(std::size_t i) const { return p_.local[i].colour; }

 private:
  const Part& p_;
};

}  // namespace grundy::hackenbush
