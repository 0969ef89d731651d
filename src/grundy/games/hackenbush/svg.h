#pragma once
// A picture of a position as an SVG document: the ground as a line, vertices placed by a tree
// layout of the DFS tree (height = depth), edges in their colours, winning cuts under a yellow
// halo (blue and pink for each player's cuts in partizan positions), edge indices at their middles,
// fallen edges (not connected to the ground) grey and dashed.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/games/hackenbush/graph.h"

namespace grundy::hackenbush {

inline constexpr std::size_t kMaxSvgEdges = 5000;

// LimitError beyond kMaxSvgEdges edges (a picture that large is unreadable). With
// `red_highlighted`, the position is partizan: `highlighted` are Blue's winning cuts (a blue
// halo), `red_highlighted` Red's (a pink one, inside the blue where a green edge wins for both),
// and a legend says so.
std::string render_svg(const Graph& g, const std::vector<std::uint32_t>& highlighted,
                       std::string_view caption,
                       const std::vector<std::uint32_t>* red_highlighted = nullptr);

}  // namespace grundy::hackenbush
