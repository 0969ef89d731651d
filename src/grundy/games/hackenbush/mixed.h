#pragma once
// Hackenbush with green, blue and red edges together: values are partizan games in canonical
// form (core/partizan.h), not just numbers or nimbers.
//
// The parts standing on the ground at different points add. Each part is valued by the fastest
// exact method for its colours:
//  * all green: its nimber in O(V + E) (green.h); the value after each cut by re-evaluating the
//    part once per edge (bounded by kMaxGreenWork);
//  * blue and red only: a number (blue_red.h: stalks by Berlekamp's rule, others by search);
//  * colours mixed: a stalk by its prefixes (m + 1 positions, up to kMaxMixedStalk edges); any
//    other part by exhaustive search over the sets of standing edges (at most 64 edges, at most
//    kMaxMixedPositions positions), each position put in canonical form from its options.
// The sum keeps numbers and nimbers apart (added and xored) and adds the other parts as games.
// A cut wins for Left moving first if it leaves a game >= 0, for Right if <= 0.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/core/partizan.h"
#include "grundy/core/partizan_names.h"
#include "grundy/games/hackenbush/graph.h"
#include "grundy/games/hackenbush/parts.h"

namespace grundy::hackenbush {

inline constexpr std::size_t kMaxMixedPositions = std::size_t{1} << 21;
inline constexpr std::size_t kMaxMixedStalk = 512;          // edges of a stalk mixing colours
inline constexpr std::uint64_t kMaxGreenWork = 50'000'000;  // edges x (vertices + edges)

struct MixedPart {
  std::uint32_t first_edge = 0;  // its lowest edge index
  std::size_t edges = 0;
  std::string method;  // "green", "stalk", "tree", "search (blue-red)", "search (N positions)"
  std::string value;   // canonical form, named (shortened with "..." when value_elided)
  bool value_elided = false;
  std::vector<GameNamer::FormNode> value_form;  // the whole form, when value_elided
};

struct MixedAnalysis {
  // Canonical form: "^*", "1/2", "{1|0}". Names longer than GameNamer::kDefaultMaxChars are
  // shortened with "..." (value_elided); value_form then holds the whole form as a graph of
  // subgames, and the value is value_form + *value_form_star.
  std::string value;
  bool value_elided = false;
  std::vector<GameNamer::FormNode> value_form;
  std::uint64_t value_form_star = 0;
  std::string value_kind;  // "number", "nimber", "number+ups+star", "game"
  Dyadic left_stop, right_stop;
  Outcome outcome = Outcome::second;
  // Cuts that win for a player moving first: Left's (blue or green edges, leaving >= 0) and
  // Right's (red or green, leaving <= 0). Edge indices, ascending.
  std::vector<std::uint32_t> left_wins, right_wins;
  std::vector<MixedPart> parts;
  std::size_t searched_positions = 0;
  std::size_t live_edges = 0;
};

// The value of the whole position in `store` (for tests and callers that go on computing).
GameId mixed_value(GameStore& store, const Graph& g);

MixedAnalysis analyze_mixed(const Graph& g);

// Exhaustive search of the whole graph as one game (at most 64 edges): the slow reference.
GameId mixed_value_by_search(GameStore& store, const Graph& g);

}  // namespace grundy::hackenbush
