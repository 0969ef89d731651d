#pragma once
// Blue-red Hackenbush: Left cuts blue edges, Right cuts red ones. Every position is a number (a
// dyadic rational): positive = Blue wins whoever starts, negative = Red wins, zero = the second
// player wins.
//
// The parts standing on the ground at different points (components once the ground vertex is
// removed) are a sum of games, so their values add. A part that is a stalk is valued exactly by
// Berlekamp's rule in linear time, whatever its length; a tree by the colon principle
// (blue_red_tree.h), exactly, in linear time for the value; any other part (cycles, loops,
// multi-edges) by exhaustive search over the sets of standing edges, each position worth the
// simplest number between its best Left and best Right option — exact, and bounded to
// kMaxSearchEdges edges per part (blue-red Hackenbush on general graphs is NP-hard). Values are
// Dyadic, exact at any precision (a LimitError only beyond Dyadic::kMaxBits), never rounded.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "grundy/core/dyadic.h"
#include "grundy/games/hackenbush/graph.h"
#include "grundy/games/hackenbush/parts.h"
#include "grundy/games/hackenbush/stalk.h"

namespace grundy::hackenbush {

inline constexpr std::size_t kMaxSearchEdges = 18;

// Berlekamp's rule, colours listed from the ground up: the first run of one colour counts 1 per
// edge (+ blue, - red); after the first change of colour the edges count 1/2, 1/4, ... with their
// signs. E.g. blue blue red blue = 2 - 1/2 + 1/4 = 7/4. Green edges are an InputError. Linear
// time and memory in the length.
Dyadic stalk_value(std::span<const Colour> from_ground);

enum class PartMethod : std::uint8_t { stalk, tree, search };

// A part's value and, per local edge, the part's value once that edge is cut.
struct PartValues {
  Dyadic value;
  PartMethod method = PartMethod::stalk;
  // Trees and searched parts: after_cut[i] for each local edge i.
  std::vector<Dyadic> after_cut;
  // Stalks: the prefix values in O(m) memory (stalk.h), and each local edge's place from the
  // ground (0-based): cutting edge i leaves the prefix of stalk_place[i] edges.
  std::shared_ptr<const StalkPrefixes> stalk;
  std::vector<std::uint32_t> stalk_place;

  // The value once local edge i is cut, either way (O(m) for a stalk of m edges).
  Dyadic after(std::size_t i) const;
  // sign(after(i) - t) for every local edge i: linear time and memory for a stalk.
  std::vector<std::int8_t> compare_after(const Dyadic& t) const;
  // Every after(i) (O(m^2) bits for a long stalk: for tests).
  std::vector<Dyadic> all_after() const;
};

// Stalk, else tree, else search. InputError on a green edge; LimitError when a part that needs
// search is too large, or a value (or after-cut value) needs more than Dyadic's precision.
PartValues evaluate_blue_red_part(const Part& p);

// The same by exhaustive search alone, whatever the part's shape (method = search); the check
// for the fast rules in tests. LimitError beyond kMaxSearchEdges edges.
PartValues evaluate_blue_red_part_by_search(const Part& p);

struct BlueRedAnalysis {
  Dyadic value;
  std::size_t parts = 0;           // summands standing on the ground
  std::size_t tree_parts = 0;      // of which valued by the tree rule (trees, not stalks)
  std::size_t searched_parts = 0;  // of which valued by exhaustive search (neither)
  // Cuts that win for a player who moves first: Blue's (leaving a value >= 0) and Red's (<= 0).
  std::vector<std::uint32_t> blue_wins, red_wins;
};

// InputError if a green edge stands on the ground; LimitError if a part that is neither a stalk
// nor a tree has more than kMaxSearchEdges edges, or a value needs more than Dyadic::kMaxBits.
BlueRedAnalysis analyze_blue_red(const Graph& g);

// Exhaustive search of the whole graph as one game, for tests (at most kMaxSearchEdges edges).
Dyadic blue_red_by_search(const Graph& g);

}  // namespace grundy::hackenbush
