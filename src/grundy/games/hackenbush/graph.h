#pragma once
// A Hackenbush position: coloured edges on vertices, vertex 0 being the ground. Multi-edges and
// loops are allowed. Edges not connected to the ground have fallen and take no part in play, but
// they keep their index so that answers can name edges in input order.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "grundy/core/text_check.h"

namespace grundy::hackenbush {

// Green: either player may cut it. Blue: only Left. Red: only Right.
enum class Colour : std::uint8_t { green, blue, red };

std::string_view to_string(Colour c);
// "g", "b", "r" (also "green", "blue", "red", and CGSuite's "e", "l"), in any case; InputError
// naming `where` for anything else.
Colour parse_colour(std::string_view word, std::string_view where);

struct Edge {
  std::uint32_t u = 0;  // dense vertex numbers; 0 is the ground
  std::uint32_t v = 0;
  Colour colour = Colour::green;
};

class Graph {
 public:
  Graph();

  // Adds an edge between two user vertex numbers (0 = ground). Returns the edge's index.
  std::uint32_t add_edge(std::uint64_t u, std::uint64_t v, Colour colour = Colour::green);

  std::uint32_t vertex_count() const { return static_cast<std::uint32_t>(labels_.size()); }
  std::size_t edge_count() const { return edges_.size(); }
  const std::vector<Edge>& edges() const { return edges_; }
  const Edge& edge(std::size_t i) const { return edges_[i]; }
  // The user's number for a dense vertex.
  std::uint64_t label(std::uint32_t v) const { return labels_[v]; }

  bool all_green() const;
  bool has_green() const;

  // Cuts an edge in play: it keeps its index (answers name edges as the picture did) but touches
  // nothing any more, like an edge that has fallen (a loop on a vertex apart from the ground, so
  // every engine leaves it out); what no longer reaches the ground falls with it.
  void cut(std::uint32_t edge);
  bool is_cut(std::uint32_t edge) const {
    return cut_vertex_ != 0 && edges_[edge].u == cut_vertex_;
  }
  // The vertex cut edges hang on (0 when no edge was cut); it has no user number.
  std::uint32_t cut_vertex() const { return cut_vertex_; }

 private:
  std::uint32_t intern(std::uint64_t label);
  std::vector<std::uint64_t> labels_;
  std::vector<Edge> edges_;
  absl::flat_hash_map<std::uint64_t, std::uint32_t> index_;
  std::uint32_t cut_vertex_ = 0;
};

// Edge-list files: lines of at most 1 MiB, words of at most 4 KiB.
inline constexpr TextLimits kEdgeListLimits{1 << 20, 4096};

// Edge list: one "u v [colour]" per line, vertices are whole numbers (0 = ground), colour is
// g (default), b or r; '#' starts a comment. Errors name `origin` and the line.
Graph parse_edge_list(std::string_view text, std::string_view origin);

// The edge-list text of a graph ("u v g|b|r" per edge, the user's vertex numbers), which
// parse_edge_list reads back to the same edges in the same order (a graph with no cut edge).
std::string to_edge_list(const Graph& g);

// JSON: {"edges": [[u, v], [u, v, "b"], ...]}, vertices whole numbers up to 2^32-1 (0 = ground),
// the optional third item a colour as for parse_colour. Errors name `origin` and the edge's
// index (edges[i], 0-based) or, for text that is not JSON, the line and column.
Graph parse_json_graph(std::string_view text, std::string_view origin);

// CGSuite-style string for stalks and trees: letters from the ground up, e = green, l = blue
// (Left), r = red (Right); "(a;b;c)" starts branches at the current vertex and ends the branch;
// ';' at the top level separates branches at the ground. Example: "ee(e;ll)" is a green stalk of
// two edges with a green edge and a blue stalk of two on top. Errors name `origin` and the
// column (1-based, in bytes).
Graph parse_string_notation(std::string_view text, std::string_view origin = "string");

}  // namespace grundy::hackenbush
