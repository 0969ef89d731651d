#pragma once
// A picture of a position as an SVG document: the ground as a line, vertices placed by a tree
// layout of the DFS tree (height = depth), edges in their colours, winning cuts under a yellow
// halo, edge indices at their middles, fallen edges (not connected to the ground) grey and dashed.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/games/hackenbush/graph.h"

namespace grundy::hackenbush {

inline constexpr std::size_t kMaxSvgEdges = 5000;

// LimitError beyond kMaxSvgEdges edges (a picture that large is unreadable).
std::string render_svg(const Graph& g, const std::vector<std::uint32_t>& highlighted,
                       std::string_view caption);

}  // namespace grundy::hackenbush
