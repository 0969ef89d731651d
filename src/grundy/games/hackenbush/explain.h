#pragma once
// The reductions behind a green value, step by step, the way a person would do them by hand:
// first every cycle is fused (fusion principle: its vertices become one, its edges loops), then,
// from the top down, the branches at each vertex are replaced by one stalk whose length is the
// xor of theirs (colon principle). The engine returns the steps; interfaces print them.
#include <cstdint>
#include <vector>

#include "grundy/games/hackenbush/graph.h"

namespace grundy::hackenbush {

// Vertices joined by cycles fused into one; `edges` edges among them became loops.
struct FuseStep {
  std::vector<std::uint64_t> vertices;  // user vertex numbers, the kept one first
  std::uint64_t edges = 0;
};

// At `vertex`, the branches (each already a stalk of the given length) and `loops` loops (each a
// stalk of 1) become one stalk of length `stalk` = xor of them all.
struct CollapseStep {
  std::uint64_t vertex = 0;
  std::vector<std::uint64_t> branches;
  std::uint64_t loops = 0;
  std::uint64_t stalk = 0;
};

struct Explanation {
  std::size_t fallen_edges = 0;  // not connected to the ground
  std::vector<FuseStep> fusions;
  std::vector<CollapseStep> collapses;  // children before parents; the ground's step is last
  std::uint64_t value = 0;
};

Explanation explain_green(const Graph& g);

}  // namespace grundy::hackenbush
