#pragma once
// Hackenbush games as text: the cuts of a game ("e3 e0 e7": edges by their number in the
// picture the game started from), and the game record the web page and `grundy hackenbush
// play` write, which carries its picture in comment lines:
//
//   # grundy game record
//   # Game: Hackenbush (blue, green, red)
//   # Engine: perfect
//   # Players: you blue, the engine red
//   # Result: unfinished
//   # Date: 2026-11-25
//   # First: blue
//   # You: blue
//   # edge 0 1 g
//   # edge 1 2 b
//   e1 e0
//
// "# edge u v colour" lines are the picture's edges in order (e0, e1, ...), as an edge list
// gives them; "# First:" names the side that cut first (the sides alternate); the words outside
// comments are the cuts.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "grundy/games/hackenbush/graph.h"
#include "grundy/games/hackenbush/play.h"

namespace grundy::hackenbush {

// Whether `text` is a game record: its first line that is not blank is "# grundy game record".
bool is_game_record(std::string_view text);

struct GameRecord {
  Graph picture;
  std::vector<std::uint32_t> cuts;
  std::optional<Side> first;  // "# First:"
  std::optional<Side> you;    // "# You:"
};

// Reads a game record (check_text with kEdgeListLimits first). InputError naming `origin` and the
// line: a bad edge line, a bad side, no edge line at all, a cut that names no edge.
GameRecord parse_game_record(std::string_view text, std::string_view origin);

// Reads cuts "e<N>" (separated by blanks, commas or newlines; '#' comments skipped) naming edges
// of a picture of `edge_count` edges. InputError names the cut and what is wrong.
std::vector<std::uint32_t> parse_cuts(std::string_view text, std::size_t edge_count);

// Plays `cuts` on `g`, the sides alternating from `first`: each must name an edge still standing
// that its side may cut, else InputError ("cut 2 'e3': e3 fell when e1 was cut"). Returns the
// side to move after them. O(V + E + cuts).
Side play_cuts(Graph& g, const std::vector<std::uint32_t>& cuts, Side first);

}  // namespace grundy::hackenbush
