#pragma once
// Games on a directed graph: a token sits on a vertex; a move slides it along an edge u -> v.
// A sum of several tokens is a sum of games. The graph must be acyclic for the game to be finite.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "grundy/core/outcome.h"
#include "grundy/core/text_check.h"

namespace grundy::dag {

// DAG files: lines of at most 1 MiB, vertex names of at most 4 KiB.
inline constexpr TextLimits kTextLimits{1 << 20, 4096};

class Graph {
 public:
  // Text: one edge "u v" per line (a move from u to v); a line with a single name declares a
  // vertex with no moves; '#' starts a comment. Names are any tokens without white space, matched
  // exactly (case matters: 'A' and 'a' are two vertices). An edge listed twice is one move.
  // `origin` names the source in error messages ("file.txt line 7: ...").
  static Graph parse(std::string_view text, std::string_view origin);

  std::size_t size() const { return names_.size(); }
  const std::string& name(std::uint32_t v) const { return names_[v]; }
  // The vertex with this name; InputError if there is none.
  std::uint32_t find(std::string_view name) const;
  const std::vector<std::uint32_t>& successors(std::uint32_t v) const { return out_[v]; }

  // The graph in the text format above, which parses back to the same graph (the same names and
  // the same edges between them; vertices may be numbered in another order): one line per edge,
  // a vertex with no move alone on its line.
  std::string to_text() const;

  // The game for the generic solver.
  using Position = std::uint32_t;
  void moves(Position v, std::vector<Position>& out) const {
    out.insert(out.end(), out_[v].begin(), out_[v].end());
  }
  std::string describe(Position v) const { return "'" + names_[v] + "'"; }

 private:
  std::uint32_t intern(std::string_view name);
  std::vector<std::string> names_;
  std::vector<std::vector<std::uint32_t>> out_;
  absl::flat_hash_map<std::string, std::uint32_t> index_;
};

// Grundy values of every vertex, in vertex order (order of first appearance in the file).
// Under Rule::misere: the misère values of single-token games (a vertex with no move is worth 1).
// Throws CycleError naming a vertex on a cycle.
std::vector<std::uint32_t> grundy_values(const Graph& g, Rule rule = Rule::normal);

struct Move {
  std::size_t token;  // which token (0-based, in the order given)
  std::uint32_t from;
  std::uint32_t to;
};
struct Analysis {
  std::vector<std::uint32_t> tokens;  // the vertices holding a token
  std::vector<std::uint32_t> token_values;
  std::uint64_t value = 0;
  Winner winner = Winner::second;
  std::vector<Move> winning_moves;
};
// A position with one token on each listed vertex (a vertex may hold several tokens).
// Misère play is covered for one token only: the outcome of a misère sum of general games is not
// determined by the components' values, so several tokens under misère raise InputError.
Analysis analyze(const Graph& g, const std::vector<std::uint32_t>& tokens,
                 Rule rule = Rule::normal);

}  // namespace grundy::dag
