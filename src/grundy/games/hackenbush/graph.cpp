#include "grundy/games/hackenbush/graph.h"

#include <algorithm>
#include <limits>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/core/text.h"

namespace grundy::hackenbush {
namespace {

// Edge indices are 32-bit; the bound keeps every count in the engines within range.
constexpr std::size_t kMaxEdges = std::size_t{1} << 30;

}  // namespace

std::string_view to_string(Colour c) {
  switch (c) {
    case Colour::green:
      return "g";
    case Colour::blue:
      return "b";
    case Colour::red:
      return "r";
  }
  return "?";
}

Colour parse_colour(std::string_view word, std::string_view where) {
  const std::string w = lower_ascii(word);
  if (w == "g" || w == "green" || w == "e") return Colour::green;
  if (w == "b" || w == "blue" || w == "l") return Colour::blue;
  if (w == "r" || w == "red") return Colour::red;
  throw InputError(std::string(where) + ": unknown colour '" + printable(word) +
                   "' (use g = green, b = blue, r = red)");
}

Graph::Graph() {
  intern(0);
}

std::uint32_t Graph::intern(std::uint64_t label) {
  const auto [it, inserted] = index_.try_emplace(label, static_cast<std::uint32_t>(labels_.size()));
  if (inserted) labels_.push_back(label);
  return it->second;
}

std::uint32_t Graph::add_edge(std::uint64_t u, std::uint64_t v, Colour colour) {
  if (edges_.size() >= kMaxEdges)
    throw LimitError("more than " + std::to_string(kMaxEdges) + " edges");
  edges_.push_back(Edge{intern(u), intern(v), colour});
  return static_cast<std::uint32_t>(edges_.size() - 1);
}

void Graph::cut(std::uint32_t edge) {
  if (cut_vertex_ == 0) {
    // A vertex of its own, apart from every user vertex (those are whole numbers below 2^64-1).
    cut_vertex_ = static_cast<std::uint32_t>(labels_.size());
    labels_.push_back(~std::uint64_t{0});
  }
  edges_[edge].u = edges_[edge].v = cut_vertex_;
}

bool Graph::all_green() const {
  return std::all_of(edges_.begin(), edges_.end(),
                     [](const Edge& e) { return e.colour == Colour::green; });
}

bool Graph::has_green() const {
  return std::any_of(edges_.begin(), edges_.end(),
                     [](const Edge& e) { return e.colour == Colour::green; });
}

Graph parse_edge_list(std::string_view text, std::string_view origin) {
  check_text(text, origin, kEdgeListLimits);
  Graph g;
  for_each_line_words(text, [&](std::size_t line_no, const std::vector<std::string_view>& words) {
    const auto at = [&](std::string_view word) { return position_in(origin, line_no, text, word); };
    if (words.size() == 1)
      throw InputError(at(words[0]) + ": one word '" + printable(words[0]) +
                       "'; expected 'u v' or 'u v colour' (an edge)");
    if (words.size() > 3)
      throw InputError(at(words[3]) + ": a fourth word '" + printable(words[3]) +
                       "'; expected 'u v' or 'u v colour' (an edge)");
    std::uint64_t ends[2];
    for (int k = 0; k < 2; ++k) {
      try {
        ends[k] =
            parse_uint(words[k], "vertex", std::numeric_limits<std::uint32_t>::max(), "2^32-1");
      } catch (const InputError& e) {
        throw InputError(at(words[k]) + ": " + e.what());
      }
    }
    const std::uint64_t u = ends[0], v = ends[1];
    const Colour c = words.size() == 3 ? parse_colour(words[2], at(words[2])) : Colour::green;
    g.add_edge(u, v, c);
  });
  return g;
}

std::string to_edge_list(const Graph& g) {
  std::string out;
  for (const Edge& e : g.edges())
    out += std::to_string(g.label(e.u)) + " " + std::to_string(g.label(e.v)) + " " +
           std::string(to_string(e.colour)) + "\n";
  return out;
}

Graph parse_string_notation(std::string_view text, std::string_view origin) {
  Graph g;
  std::uint64_t next_vertex = 1;
  // Each open '(' remembers the vertex its branches start from.
  std::vector<std::uint64_t> open;
  std::uint64_t current = 0;
  bool branch_closed = false;  // after ')' the branch has ended: only ';' or ')' may follow
  auto fail = [&](std::size_t col, const std::string& why) {
    throw InputError(std::string(origin) + " column " + std::to_string(col + 1) + ": " + why);
  };
  const std::string hint = " (use e = green, l = blue, r = red, parentheses and ';')";
  if (text.find_first_not_of(" \t") == std::string_view::npos)
    throw InputError(std::string(origin) + " has no edges" + hint);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == ' ' || ch == '\t') continue;
    if (ch == 'e' || ch == 'l' || ch == 'r' || ch == 'E' || ch == 'L' || ch == 'R') {
      if (branch_closed)
        fail(i, "an edge after ')': branches in parentheses end their branch; use ';'");
      const char lower = static_cast<char>(ch | 0x20);
      const Colour c = lower == 'e' ? Colour::green : lower == 'l' ? Colour::blue : Colour::red;
      g.add_edge(current, next_vertex, c);
      current = next_vertex++;
    } else if (ch == '(') {
      if (branch_closed) fail(i, "'(' right after ')'");
      open.push_back(current);
    } else if (ch == ';') {
      current = open.empty() ? 0 : open.back();
      branch_closed = false;
    } else if (ch == ')') {
      if (open.empty()) fail(i, "')' without a matching '('");
      open.pop_back();
      branch_closed = true;
    } else {
      fail(i, "unexpected character '" + printable(first_char(text.substr(i))) + "'" + hint);
    }
  }
  if (!open.empty()) fail(text.size() - 1, "missing ')'");
  if (g.edge_count() == 0) throw InputError(std::string(origin) + " has no edges" + hint);
  return g;
}

}  // namespace grundy::hackenbush
