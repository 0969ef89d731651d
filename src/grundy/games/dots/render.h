#pragma once
// Pictures of a Dots and Boxes position: ASCII for the terminal, SVG for files and the web page.
#include <string>
#include <string_view>
#include <vector>

#include "grundy/games/dots/state.h"

namespace grundy::dots {

// The board in ASCII: dots '+', lines '---' and '|', each completed box marked with its owner
// (1 or 2), column letters above and row numbers beside. `marked` lines (e.g. the best moves)
// are drawn as '...' and ':' where undrawn.
std::string render_ascii(const DotsState& s, const std::vector<int>& marked = {});

// The board as an SVG document: drawn lines black, completed boxes shaded in their owner's
// colour and numbered, `marked` undrawn lines dashed green,
// dot names along the edges, and a caption.
std::string render_svg(const DotsState& s, std::string_view caption,
                       const std::vector<int>& marked = {});

}  // namespace grundy::dots
