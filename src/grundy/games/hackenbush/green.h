#pragma once
// Green Hackenbush on any graph in O(V + E): bridges (an iterative Tarjan DFS from the ground),
// fusion of each 2-edge-connected piece into one vertex whose internal edges become loops (worth
// their count mod 2), then the colon principle on the tree of pieces: a piece is worth the parity
// of its loops xor, over the pieces hanging from it, (their value + 1).
#include <cstdint>
#include <limits>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/games/hackenbush/graph.h"

namespace grundy::hackenbush {

inline constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// The bridge tree of the part of the graph connected to the ground. Colours are ignored.
struct Decomposition {
  // Per vertex (dense numbering of Graph).
  std::vector<std::uint32_t> piece;        // its 2-edge-connected piece; kNone: not on ground
  std::vector<std::uint32_t> parent_edge;  // DFS tree edge to its parent; kNone for roots
  std::vector<std::uint32_t> depth;
  std::vector<std::uint32_t> enter, leave;  // DFS times: a is an ancestor of b iff
                                            // enter[a] <= enter[b] < leave[a]
  std::vector<std::uint32_t> preorder;      // vertices reached from the ground, DFS order
  // Per edge.
  std::vector<std::uint8_t> live;    // connected to the ground
  std::vector<std::uint8_t> bridge;  // live and a bridge
  // Per piece, numbered in DFS order (a piece's parent has a smaller number).
  std::vector<std::uint32_t> root;    // the first vertex of the piece met by the DFS
  std::vector<std::uint32_t> parent;  // parent piece, kNone for the ground's piece
  std::vector<std::uint32_t> parent_bridge;
  std::vector<std::uint32_t> loops;  // internal (non-bridge) edges, true loops included
  std::vector<std::uint64_t> value;  // Grundy value of the piece with everything above it

  std::size_t piece_count() const { return root.size(); }
  // The other end of a vertex's tree edge (its DFS parent).
  std::uint32_t dfs_parent(const Graph& g, std::uint32_t v) const;
};

// Vertex weights are extra stalks standing on a vertex (the colon principle makes a stalk of
// length w the same as any branch of value w); `weights` may be empty (all zero).
// `skip` names one edge to treat as absent (kNone: none).
Decomposition decompose(const Graph& g, const std::vector<std::uint64_t>& weights = {},
                        std::uint32_t skip = kNone);

struct GreenAnalysis {
  std::uint64_t value = 0;
  Winner winner = Winner::second;
  std::vector<std::uint32_t> winning_moves;  // edge indices, ascending
  std::size_t live_edges = 0;                // edges connected to the ground
};

// The Grundy value of the graph with every edge treated as green.
std::uint64_t green_value(const Graph& g);

// Value, winner, and every winning cut (see cuts.h for the method).
GreenAnalysis analyze_green(const Graph& g);

}  // namespace grundy::hackenbush
