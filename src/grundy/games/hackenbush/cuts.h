#pragma once
// Every winning cut of a green Hackenbush position: the edges whose removal (with whatever then
// falls) leaves value 0.
//
// Method (V vertices, E edges; see docs/hackenbush.md):
//  * Top-down over the tree of 2-edge-connected pieces, the value each piece would need for the
//    whole graph to be worth 0 ("need"). A bridge wins iff cutting it gives its parent piece
//    exactly its need: O(1) per bridge.
//  * A loop, or an edge in no 2-edge cut, leaves its piece 2-edge-connected: the piece's value
//    flips its parity bit. O(1) each.
//  * The other edges of a piece come in classes (edges e, f with {e, f} a 2-edge cut): removing
//    all k edges of a class splits the piece into a necklace of k sub-pieces, and removing one of
//    them turns the other k - 1 into bridges. Classes are found with random xor labels on the
//    DFS tree (edges of one class always share a label); sub-piece values come from subtree sums;
//    then each of the k cuts costs one walk along the necklace, with runs of sub-pieces worth 0
//    skipped in O(1). Cost O(k * (z + 1)) per class, z = sub-pieces of non-zero value.
//  Total O(V + E + sum over classes of k (z + 1)): linear on trees, near linear when 2-edge cuts
//  are rare, O(E^2) only for long cycles richly decorated with branches. Groups that fail the
//  structural checks (a label collision) are re-evaluated exactly piece by piece.
#include <cstdint>
#include <vector>

#include "grundy/games/hackenbush/graph.h"
#include "grundy/games/hackenbush/green.h"

namespace grundy::hackenbush {

// Edge indices (ascending) of every winning cut; empty when the value is 0.
std::vector<std::uint32_t> winning_cuts(const Graph& g, const Decomposition& d);

// Baseline for benchmarks and tests: remove each live edge and re-evaluate the whole graph.
// O(E * (V + E)).
std::vector<std::uint32_t> winning_cuts_by_reevaluation(const Graph& g);

}  // namespace grundy::hackenbush
